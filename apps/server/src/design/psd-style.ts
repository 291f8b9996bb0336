import type { Border, Fill, GradientStop, Rgba, Shadow } from '@ferry/shared';
import type {
  BlendMode,
  Color,
  EffectNoiseGradient,
  EffectSolidGradient,
  GradientStyle,
  LayerEffectShadow,
  LayerEffectsInfo,
  LayerEffectsOuterGlow,
  Layer as PsdLayer,
  UnitsValue,
  VectorContent,
} from 'ag-psd';
import { CSS_BLEND_MODES, rgba, round } from './layer-tree.js';

/** Any colour ag-psd reports (RGB 0–255, float RGB, HSB, CMYK, grey, Lab) as sRGB, roughly where not RGB. */
export function colorOf(color: Color | undefined, alpha = 1): Rgba {
  if (!color) return rgba(0, 0, 0, alpha);
  if ('fr' in color) return rgba(color.fr * 255, color.fg * 255, color.fb * 255, alpha);
  if ('r' in color) {
    // Text colours carry their own alpha 0–255 (ag-psd's RGBA).
    const own = 'a' in color ? color.a / 255 : 1;
    return rgba(color.r, color.g, color.b, own * alpha);
  }
  if ('h' in color) {
    const h = color.h > 1 ? color.h / 360 : color.h;
    const s = color.s > 1 ? color.s / 100 : color.s;
    const v = color.b > 1 ? color.b / 100 : color.b;
    const f = (n: number) => {
      const k = (n + h * 6) % 6;
      return v - v * s * Math.max(0, Math.min(k, 4 - k, 1));
    };
    return rgba(f(5) * 255, f(3) * 255, f(1) * 255, alpha);
  }
  if ('c' in color) {
    const k = 1 - color.k / 255;
    return rgba(
      255 * (1 - color.c / 255) * k,
      255 * (1 - color.m / 255) * k,
      255 * (1 - color.y / 255) * k,
      alpha,
    );
  }
  if ('l' in color) {
    const grey = (color.l > 1 ? color.l / 100 : color.l) * 255;
    return rgba(grey, grey, grey, alpha);
  }
  const grey = 255 - color.k;
  return rgba(grey, grey, grey, alpha);
}

/** Photoshop blend modes as CSS mix-blend-mode; modes CSS lacks become the nearest one it has. */
const BLEND_MODES: Partial<Record<BlendMode, string>> = {
  'pass through': 'normal',
  dissolve: 'normal',
  'color burn': 'color-burn',
  'linear burn': 'plus-darker',
  'darker color': 'darken',
  'color dodge': 'color-dodge',
  'linear dodge': 'plus-lighter',
  'lighter color': 'lighten',
  'soft light': 'soft-light',
  'hard light': 'hard-light',
  'vivid light': 'hard-light',
  'linear light': 'hard-light',
  'pin light': 'hard-light',
  'hard mix': 'hard-light',
  subtract: 'difference',
  subtraction: 'difference',
  divide: 'color-dodge',
};

export function blendModeOf(mode: BlendMode | string | undefined): string {
  if (!mode) return 'normal';
  return BLEND_MODES[mode as BlendMode] ?? (CSS_BLEND_MODES.has(mode) ? mode : 'normal');
}

const px = (value: UnitsValue | undefined): number => value?.value ?? 0;

/** Photoshop measures gradient angles counter-clockwise from "to the right"; CSS clockwise from "to top". */
const cssAngle = (photoshopAngle: number) => round((((90 - photoshopAngle) % 360) + 360) % 360);

function opacityAt(stops: EffectSolidGradient['opacityStops'], location: number): number {
  if (!stops?.length) return 1;
  const sorted = [...stops].sort((p, q) => p.location - q.location);
  if (location <= sorted[0].location) return sorted[0].opacity;
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1];
    const next = sorted[i];
    if (location <= next.location) {
      const span = next.location - prev.location || 1;
      return prev.opacity + ((next.opacity - prev.opacity) * (location - prev.location)) / span;
    }
  }
  return sorted[sorted.length - 1].opacity;
}

/** A gradient as a Fill (stops carry the opacity); noise gradients have no stops to describe: null. */
export function gradientFill(
  gradient: EffectSolidGradient | EffectNoiseGradient | undefined,
  style: GradientStyle | undefined,
  angle: number | undefined,
  reverse: boolean | undefined,
  opacity: number,
): Fill | null {
  if (gradient?.type !== 'solid' || gradient.colorStops.length === 0) return null;
  let stops: GradientStop[] = gradient.colorStops.map((stop) => ({
    color: colorOf(stop.color, opacityAt(gradient.opacityStops, stop.location) * opacity),
    position: round(stop.location, 4),
  }));
  if (reverse) stops = stops.map((stop) => ({ ...stop, position: round(1 - stop.position, 4) })).reverse();
  stops.sort((p, q) => p.position - q.position);
  const type =
    style === 'radial' || style === 'diamond' ? 'radial' : style === 'angle' ? 'angular' : 'linear';
  return { type, angle: type === 'linear' ? cssAngle(angle ?? 90) : 0, stops };
}

/** The paint of a shape's fill or stroke. */
export function contentFill(content: VectorContent | undefined, opacity: number): Fill | null {
  if (!content) return null;
  if (content.type === 'color') return { type: 'solid', color: colorOf(content.color, opacity) };
  if (content.type === 'pattern') return { type: 'image' };
  return gradientFill(content, content.style, content.angle, content.reverse, opacity);
}

/** A shape layer's own fill and stroke; `fillOpacity` (the layer's Fill slider) scales both, as Photoshop does. */
export function shapePaint(layer: PsdLayer, fillOpacity: number): { fills: Fill[]; borders: Border[] } {
  const stroke = layer.vectorStroke;
  const fills: Fill[] = [];
  if (layer.vectorFill && stroke?.fillEnabled !== false) {
    const fill = contentFill(layer.vectorFill, fillOpacity);
    if (fill) fills.push(fill);
  }
  const borders: Border[] = [];
  if (stroke?.strokeEnabled) {
    const width = px(stroke.lineWidth);
    const fill = contentFill(stroke.content, (stroke.opacity ?? 1) * fillOpacity);
    if (fill && width > 0) {
      borders.push({
        fill,
        width: round(width),
        position: stroke.lineAlignment ?? 'center',
        // Photoshop stores dashes in multiples of the line width.
        dash: (stroke.lineDashSet ?? []).map((dash) => round(dash.value * width)),
      });
    }
  }
  return { fills, borders };
}

const isOn = (effect: { enabled?: boolean } | undefined): boolean => !!effect && effect.enabled !== false;

/**
 * A shadow as CSS box-shadow reads it, the way Photoshop's "Copy CSS" converts: the offset from the light
 * angle and distance, spread = size × spread%, blur = the rest of the size.
 */
function shadowOf(
  effect: LayerEffectShadow | LayerEffectsOuterGlow,
  type: Shadow['type'],
  globalAngle: number,
): Shadow {
  const size = px(effect.size);
  const spread = (size * px(effect.choke)) / 100;
  let x = 0;
  let y = 0;
  if ('distance' in effect) {
    const angle = ((effect.useGlobalLight ? globalAngle : (effect.angle ?? globalAngle)) * Math.PI) / 180;
    x = -Math.cos(angle) * px(effect.distance);
    y = Math.sin(angle) * px(effect.distance);
  }
  return {
    type,
    color: colorOf(effect.color, effect.opacity ?? 1),
    x: round(x),
    y: round(y),
    blur: round(size - spread),
    spread: round(spread),
  };
}

/** Layer styles (fx) as fills painted over the layer, borders and shadows; none while fx are switched off. */
export function effectStyles(
  effects: LayerEffectsInfo | undefined,
  globalAngle: number,
): { fills: Fill[]; borders: Border[]; shadows: Shadow[] } {
  const fills: Fill[] = [];
  const borders: Border[] = [];
  const shadows: Shadow[] = [];
  if (!effects || effects.disabled) return { fills, borders, shadows };
  for (const effect of effects.dropShadow ?? [])
    if (isOn(effect)) shadows.push(shadowOf(effect, 'outer', globalAngle));
  if (isOn(effects.outerGlow) && effects.outerGlow?.color)
    shadows.push(shadowOf(effects.outerGlow, 'outer', globalAngle));
  for (const effect of effects.innerShadow ?? [])
    if (isOn(effect)) shadows.push(shadowOf(effect, 'inner', globalAngle));
  if (isOn(effects.innerGlow) && effects.innerGlow?.color)
    shadows.push(shadowOf(effects.innerGlow, 'inner', globalAngle));
  // Photoshop paints pattern, then gradient, then colour overlays, each over the last.
  if (isOn(effects.patternOverlay)) fills.push({ type: 'image' });
  for (const effect of effects.gradientOverlay ?? []) {
    if (!isOn(effect)) continue;
    const fill = gradientFill(
      effect.gradient,
      effect.type,
      effect.angle,
      effect.reverse,
      effect.opacity ?? 1,
    );
    if (fill) fills.push(fill);
  }
  for (const effect of effects.solidFill ?? []) {
    if (isOn(effect)) fills.push({ type: 'solid', color: colorOf(effect.color, effect.opacity ?? 1) });
  }
  for (const effect of effects.stroke ?? []) {
    if (!isOn(effect)) continue;
    const opacity = effect.opacity ?? 1;
    const fill =
      effect.fillType === 'gradient'
        ? gradientFill(
            effect.gradient,
            effect.gradient?.style,
            effect.gradient?.angle,
            effect.gradient?.reverse,
            opacity,
          )
        : effect.fillType === 'pattern'
          ? ({ type: 'image' } as const)
          : ({ type: 'solid', color: colorOf(effect.color, opacity) } as const);
    if (fill && px(effect.size) > 0) {
      borders.push({ fill, width: round(px(effect.size)), position: effect.position ?? 'outside', dash: [] });
    }
  }
  return { fills, borders, shadows };
}
