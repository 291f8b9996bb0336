import type { Border, Fill, Frame, GradientStop, Rgba, Shadow } from '@ferry/shared';
import type {
  Color,
  Gradient,
  InnerShadow,
  Border as SketchBorder,
  Fill as SketchFill,
  Shadow as SketchShadow,
  Style,
} from '@sketch-hq/sketch-file-format-ts/dist/cjs/types';
import { BLEND_MODE_NAMES, rgba, round } from './layer-tree.js';

/** A finite number, or the fallback for anything else the JSON holds there. */
export const num = (value: unknown, fallback = 0): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/** Sketch colours are 0–1 floats; `opacity` (a fill's or shadow's own) multiplies the alpha. */
export function colorOf(color: Partial<Color> | undefined, opacity = 1): Rgba {
  if (!color) return rgba(0, 0, 0, opacity);
  return rgba(
    num(color.red) * 255,
    num(color.green) * 255,
    num(color.blue) * 255,
    num(color.alpha, 1) * opacity,
  );
}

/** `{0.5, 1}` → [0.5, 1]; anything unreadable is the origin. */
export function pointOf(text: unknown): [number, number] {
  const match = /^\{\s*([-+\d.eE]+)\s*,\s*([-+\d.eE]+)\s*\}$/.exec(String(text ?? ''));
  if (!match) return [0, 0];
  return [num(Number(match[1])), num(Number(match[2]))];
}

export function blendModeOf(style: Style | undefined): string {
  // Sketch numbers its blend modes in BLEND_MODE_NAMES' order.
  return BLEND_MODE_NAMES[num(style?.contextSettings?.blendMode)] ?? 'normal';
}

/** The layer's own opacity (its style's context settings). */
export const opacityOf = (style: Style | undefined): number =>
  round(Math.min(1, Math.max(0, num(style?.contextSettings?.opacity, 1))), 3);

/**
 * Sketch places a linear gradient's stops between two points given in fractions of the frame; CSS draws it
 * along a line through the centre at an angle, as long as the box's projection on it. The angle is the one
 * between the points in pixels; each stop moves to where its point projects onto the CSS line.
 */
function linearFill(gradient: Gradient, frame: Frame, opacity: number): Fill {
  const [fx, fy] = pointOf(gradient.from);
  const [tx, ty] = pointOf(gradient.to);
  const dx = (tx - fx) * frame.width;
  const dy = (ty - fy) * frame.height;
  const radians = dx === 0 && dy === 0 ? Math.PI : Math.atan2(dx, -dy);
  const angle = round(((((radians * 180) / Math.PI) % 360) + 360) % 360);
  const ux = Math.sin(radians);
  const uy = -Math.cos(radians);
  const length = Math.abs(frame.width * ux) + Math.abs(frame.height * uy) || 1;
  const along = (x: number, y: number) =>
    ((x - 0.5) * frame.width * ux + (y - 0.5) * frame.height * uy) / length + 0.5;
  const start = along(fx, fy);
  const end = along(tx, ty);
  return {
    type: 'linear',
    angle,
    stops: stopsOf(gradient, opacity, (position) => start + position * (end - start)),
  };
}

function stopsOf(gradient: Gradient, opacity: number, place: (position: number) => number): GradientStop[] {
  const stops = (Array.isArray(gradient.stops) ? gradient.stops : []).map((stop) => ({
    color: colorOf(stop?.color, opacity),
    position: round(Math.min(1, Math.max(0, place(num(stop?.position)))), 4),
  }));
  return stops.sort((p, q) => p.position - q.position);
}

/** A fill or border's paint: colour, gradient, or an image (Sketch's fill types 0, 1, 4; noise is 5). */
function paintOf(paint: SketchFill | SketchBorder, frame: Frame): Fill | null {
  const opacity = num(paint.contextSettings?.opacity, 1);
  const type = num(paint.fillType);
  if (type === 0) return { type: 'solid', color: colorOf(paint.color, opacity) };
  if (type === 4 || type === 5) return { type: 'image' };
  if (type !== 1 || !paint.gradient) return null;
  const gradient = paint.gradient;
  const kind = num(gradient.gradientType);
  if (kind === 0) return linearFill(gradient, frame, opacity);
  if (kind === 1) {
    // CSS's default radial gradient reaches the farthest corner: √2 × half the box from its centre.
    const [fx, fy] = pointOf(gradient.from);
    const [tx, ty] = pointOf(gradient.to);
    const radius = Math.hypot((tx - fx) * frame.width, (ty - fy) * frame.height);
    const cssRadius = Math.hypot(frame.width, frame.height) / 2 || 1;
    return { type: 'radial', angle: 0, stops: stopsOf(gradient, opacity, (p) => (p * radius) / cssRadius) };
  }
  return { type: 'angular', angle: 0, stops: stopsOf(gradient, opacity, (p) => p) };
}

const enabled = <T extends { isEnabled?: boolean }>(list: T[] | undefined): T[] =>
  (Array.isArray(list) ? list : []).filter((item) => item && item.isEnabled !== false);

export function fillsOf(style: Style | undefined, frame: Frame): Fill[] {
  return enabled(style?.fills)
    .map((fill) => paintOf(fill, frame))
    .filter((fill): fill is Fill => fill !== null);
}

const BORDER_POSITIONS: Border['position'][] = ['center', 'inside', 'outside'];

export function bordersOf(style: Style | undefined, frame: Frame): Border[] {
  const dash = style?.borderOptions?.isEnabled === false ? [] : (style?.borderOptions?.dashPattern ?? []);
  const borders: Border[] = [];
  for (const border of enabled(style?.borders)) {
    const fill = paintOf(border, frame);
    const width = num(border.thickness);
    if (!fill || width <= 0) continue;
    borders.push({
      fill,
      width: round(width),
      position: BORDER_POSITIONS[num(border.position)] ?? 'center',
      dash: (Array.isArray(dash) ? dash : []).map((length) => round(num(length))).filter((n) => n > 0),
    });
  }
  return borders;
}

function shadowOf(shadow: SketchShadow | InnerShadow, type: Shadow['type']): Shadow {
  return {
    type,
    color: colorOf(shadow.color, num(shadow.contextSettings?.opacity, 1)),
    x: round(num(shadow.offsetX)),
    y: round(num(shadow.offsetY)),
    blur: round(Math.max(0, num(shadow.blurRadius))),
    spread: round(num(shadow.spread)),
  };
}

/** Outer shadows, then inner ones, as CSS box-shadow lists them. */
export function shadowsOf(style: Style | undefined): Shadow[] {
  return [
    ...enabled(style?.shadows).map((shadow) => shadowOf(shadow, 'outer')),
    ...enabled(style?.innerShadows).map((shadow) => shadowOf(shadow, 'inner')),
  ];
}
