import type { Fill, Frame, GradientStop, Rgba, Shadow } from '@ferry/shared';
import { type Matrix, multiply, scaleOf } from './geometry.js';
import { rgba, round } from './layer-tree.js';
import { parseColor } from './svg-colors.js';
import { hashRef, hrefOf, isElement, type SvgElement, type SvgTree, urlRef } from './svg-parse.js';
import { parseTransform } from './svg-shapes.js';
import { computeStyle, parseLength, type Style, type StyleSheet } from './svg-style.js';

export interface PaintContext {
  tree: SvgTree;
  sheet: StyleSheet;
}

/** A number attribute or style value clamped to 0–1 (opacities); `fallback` when absent or not a number. */
export function unitNumber(value: string | undefined, fallback = 1): number {
  if (value === undefined) return fallback;
  const n = value.trim().endsWith('%') ? Number.parseFloat(value) / 100 : Number.parseFloat(value);
  return Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : fallback;
}

const withAlpha = (color: Rgba, alpha: number): Rgba => rgba(color.r, color.g, color.b, color.a * alpha);

/** A colour value, `currentColor` read from the style's `color`; null for none or nonsense. */
export function colorValue(value: string | undefined, style: Style): Rgba | null {
  if (!value || value === 'none') return null;
  if (value.trim().toLowerCase() === 'currentcolor')
    return style.color ? parseColor(style.color) : rgba(0, 0, 0);
  return parseColor(value);
}

/** A gradient's own attribute, or the one it inherits through href (at most a few links, never a loop). */
function gradientChain(gradient: SvgElement, ctx: PaintContext): SvgElement[] {
  const chain = [gradient];
  let current = gradient;
  while (chain.length < 8) {
    const ref = hashRef(hrefOf(current));
    const next = ref ? ctx.tree.byId.get(ref) : undefined;
    if (!next || chain.includes(next) || !/Gradient$/.test(next.name)) break;
    chain.push(next);
    current = next;
  }
  return chain;
}

/** A gradient coordinate: a fraction or percentage in bounding-box units, a length in user space. */
const coordinate = (value: string | undefined, fallback: number, boxUnits: boolean): number => {
  if (value === undefined) return fallback;
  const v = value.trim();
  if (v.endsWith('%')) return Number.parseFloat(v) / 100;
  return (boxUnits ? Number.parseFloat(v) : parseLength(v)) ?? fallback;
};

function gradientFill(
  gradient: SvgElement,
  opacity: number,
  box: Frame,
  m: Matrix,
  ctx: PaintContext,
): Fill | null {
  const chain = gradientChain(gradient, ctx);
  const attr = (name: string) => chain.find((g) => g.attrs[name] !== undefined)?.attrs[name];
  const stopsHolder = chain.find((g) => g.children.some((c) => isElement(c) && c.name === 'stop'));
  const stops: GradientStop[] = [];
  let last = 0;
  for (const stop of (stopsHolder?.children ?? []).filter(isElement)) {
    if (stop.name !== 'stop') continue;
    const style = computeStyle(stop, {}, ctx.sheet);
    const color = colorValue(style['stop-color'] ?? 'black', style) ?? rgba(0, 0, 0);
    // Offsets never go back (SVG clamps each to the one before).
    last = Math.max(last, unitNumber(stop.attrs.offset, 0));
    stops.push({
      color: withAlpha(color, unitNumber(style['stop-opacity']) * opacity),
      position: round(last, 4),
    });
  }
  if (stops.length === 0) return null;
  if (gradient.name === 'radialGradient') return { type: 'radial', angle: 0, stops };
  const boxUnits = attr('gradientUnits') !== 'userSpaceOnUse';
  const x1 = coordinate(attr('x1'), 0, boxUnits);
  const y1 = coordinate(attr('y1'), 0, boxUnits);
  const x2 = coordinate(attr('x2'), boxUnits ? 1 : 0, boxUnits);
  const y2 = coordinate(attr('y2'), 0, boxUnits);
  let toDoc = multiply(m, parseTransform(attr('gradientTransform')));
  if (boxUnits)
    toDoc = multiply(
      m,
      multiply([box.width, 0, 0, box.height, box.x, box.y], parseTransform(attr('gradientTransform'))),
    );
  const dx = toDoc[0] * (x2 - x1) + toDoc[2] * (y2 - y1);
  const dy = toDoc[1] * (x2 - x1) + toDoc[3] * (y2 - y1);
  // CSS: 0deg points up, 90deg to the right.
  const angle = ((((Math.atan2(dx, -dy) * 180) / Math.PI) % 360) + 360) % 360;
  return { type: 'linear', angle: round(angle), stops };
}

/**
 * A fill or stroke paint: a colour, or `url(#id)` of a gradient (stops with their opacity) or a pattern
 * (an image fill), falling back to the colour after the url when the reference is missing.
 */
export function paintOf(
  value: string | undefined,
  opacity: number,
  style: Style,
  box: Frame,
  m: Matrix,
  ctx: PaintContext,
): Fill | null {
  if (!value || value.trim() === 'none') return null;
  const url = /^\s*url\([^)]*\)\s*/.exec(value);
  if (url) {
    const ref = urlRef(value);
    const target = ref ? ctx.tree.byId.get(ref) : undefined;
    if (target?.name === 'linearGradient' || target?.name === 'radialGradient')
      return gradientFill(target, opacity, box, m, ctx);
    if (target?.name === 'pattern') return { type: 'image' };
    // A missing or outside reference paints the fallback colour after it, if any.
    const fallback = value.slice(url[0].length).trim();
    return fallback ? paintOf(fallback, opacity, style, box, m, ctx) : null;
  }
  const color = colorValue(value, style);
  return color ? { type: 'solid', color: withAlpha(color, opacity) } : null;
}

export interface FilterEffect {
  shadows: Shadow[];
  /** False when the filter paints only its shadows (Sketch draws the shape again on a sibling). */
  drawsSource: boolean;
}

/** The colour a shadow colour matrix paints: rows of zeros but the constant column, alpha a scale ≤ 1. */
function matrixColor(values: number[]): Rgba | null {
  if (values.length !== 20) return null;
  const zeroRows = [0, 1, 2, 3, 5, 6, 7, 8, 10, 11, 12, 13].every((i) => values[i] === 0);
  if (!zeroRows || values[18] > 1) return null;
  return rgba(values[4] * 255, values[9] * 255, values[14] * 255, values[18] + values[19]);
}

/**
 * Drop and inner shadows of an SVG filter as design tools export them: feDropShadow, or chains of
 * feOffset / feGaussianBlur / feMorphology ending in a colour matrix or flood (Sketch, Figma); an
 * arithmetic composite that subtracts the source (k2 = −1, k3 = 1) marks an inner shadow. Blur is CSS's
 * (twice the standard deviation); lengths are turned into document pixels by `m`.
 */
export function filterEffect(filter: SvgElement, m: Matrix, ctx: PaintContext): FilterEffect {
  const shadows: Shadow[] = [];
  const scale = scaleOf(m);
  const emit = (x: number, y: number, blur: number, spread: number, color: Rgba, inner: boolean) => {
    shadows.push({
      type: inner ? 'inner' : 'outer',
      color,
      x: round(m[0] * x + m[2] * y),
      y: round(m[1] * x + m[3] * y),
      blur: round(blur * scale),
      spread: round(spread * scale),
    });
  };
  let drawsSource = false;
  let x = 0;
  let y = 0;
  let blur = 0;
  let spread = 0;
  let inner = false;
  let flood: Rgba | null = null;
  for (const step of filter.children.filter(isElement)) {
    const a = step.attrs;
    const style = computeStyle(step, {}, ctx.sheet);
    if (
      [a.in, a.in2].includes('SourceGraphic') ||
      step.children.some((c) => isElement(c) && c.attrs.in === 'SourceGraphic')
    ) {
      drawsSource = true;
    }
    const std = Number.parseFloat(a.stdDeviation ?? '0') || 0;
    if (step.name === 'feDropShadow') {
      const color = colorValue(a['flood-color'] ?? style.color ?? 'black', style) ?? rgba(0, 0, 0);
      emit(
        Number(a.dx ?? 2) || 0,
        Number(a.dy ?? 2) || 0,
        2 * (a.stdDeviation ? std : 2),
        0,
        withAlpha(color, unitNumber(a['flood-opacity'])),
        false,
      );
      drawsSource = true;
    } else if (step.name === 'feOffset') {
      x = Number(a.dx ?? 0) || 0;
      y = Number(a.dy ?? 0) || 0;
    } else if (step.name === 'feGaussianBlur') blur = 2 * std;
    else if (step.name === 'feMorphology') {
      const radius = Number.parseFloat(a.radius ?? '0') || 0;
      spread = a.operator === 'dilate' ? radius : -radius;
    } else if (
      step.name === 'feComposite' &&
      a.operator === 'arithmetic' &&
      Number(a.k2) === -1 &&
      Number(a.k3) === 1
    ) {
      inner = true;
    } else if (step.name === 'feFlood') {
      flood = colorValue(a['flood-color'] ?? 'black', style);
      if (flood) flood = withAlpha(flood, unitNumber(a['flood-opacity']));
    } else if (
      step.name === 'feColorMatrix' ||
      (step.name === 'feComposite' && a.operator === 'in' && flood)
    ) {
      const color =
        step.name === 'feColorMatrix'
          ? matrixColor(
              (a.values ?? '')
                .trim()
                .split(/[\s,]+/)
                .map(Number),
            )
          : flood;
      if (color && (x || y || blur || spread || inner)) {
        emit(x, y, blur, spread, color, inner);
        x = 0;
        y = 0;
        blur = 0;
        spread = 0;
        inner = false;
        flood = null;
      }
    }
  }
  return { shadows, drawsSource: drawsSource || shadows.length === 0 };
}
