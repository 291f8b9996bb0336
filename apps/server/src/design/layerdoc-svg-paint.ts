import { type Fill, type Frame, JobLimits, type Rgba, type Shadow } from '@ferry/shared';

/** A number as SVG writes it: two decimals, and 0 for anything not finite (LayerDocs come from many importers). */
export const n = (value: number): string => {
  if (!Number.isFinite(value)) return '0';
  const rounded = Math.round(value * 100) / 100;
  return String(Object.is(rounded, -0) ? 0 : rounded);
};

/** XML 1.0 forbids most control characters and lone surrogates even as references: they are dropped. */
function xmlCharacters(text: string): string {
  let out = '';
  // Iterating by code point keeps surrogate pairs whole, so a lone surrogate arrives alone.
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const control = code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d;
    if (control || code === 0xfffe || code === 0xffff || (code >= 0xd800 && code <= 0xdfff)) continue;
    out += char;
  }
  return out;
}

/** Text or an attribute value made safe for SVG markup. */
export function escapeXml(text: string): string {
  return xmlCharacters(String(text))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const channel = (value: number) => Math.min(255, Math.max(0, Math.round(Number.isFinite(value) ? value : 0)));
const alpha = (value: number) => Math.min(1, Math.max(0, Number.isFinite(value) ? value : 1));

export const rgb = (color: Rgba) => `rgb(${channel(color.r)},${channel(color.g)},${channel(color.b)})`;

/** `fill="…" fill-opacity="…"` (or stroke-) for a colour. */
export function colorAttributes(kind: 'fill' | 'stroke', color: Rgba): string {
  const a = alpha(color.a);
  return `${kind}="${rgb(color)}"${a < 1 ? ` ${kind}-opacity="${n(a)}"` : ''}`;
}

/**
 * The definitions one drawing collects (gradients, filters, clips), named by a counter, never by input. Its
 * filters share the budget svg-filter-budget.ts holds uploaded SVGs to (primitives, morphology), so no LayerDoc
 * draws slower than an SVG Ferry accepts; shadows past it are left out.
 */
export class Defs {
  private readonly parts: string[] = [];
  private next = 1;
  primitivesLeft: number = JobLimits.svgFilterPrimitivesMax;
  morphologyLeft: number = JobLimits.svgFilterCostMax;

  /** `canvas` is the drawing's box: filters never reach past it. */
  constructor(readonly canvas: Frame) {}

  add(prefix: string, body: (id: string) => string): string {
    const id = `${prefix}${this.next++}`;
    this.parts.push(body(id));
    return id;
  }

  toString(): string {
    return this.parts.length ? `<defs>${this.parts.join('')}</defs>` : '';
  }
}

/** An image fill or placed picture without its pixels: a neutral grey, as design tools show a missing image. */
export const MISSING_IMAGE: Rgba = { r: 216, g: 216, b: 216, a: 1 };

function stopsMarkup(fill: Extract<Fill, { stops: unknown }>): string {
  return fill.stops
    .map(
      (stop) =>
        `<stop offset="${n(stop.position)}" stop-color="${rgb(stop.color)}"${alpha(stop.color.a) < 1 ? ` stop-opacity="${n(alpha(stop.color.a))}"` : ''}/>`,
    )
    .join('');
}

/**
 * A fill as an SVG paint attribute pair. Linear gradients follow CSS: a line through the box's centre at the
 * angle, as long as the box's projection on it; radial ones reach the farthest corner; angular ones (which
 * SVG lacks) are drawn as a linear gradient of the same stops.
 */
export function paintAttributes(kind: 'fill' | 'stroke', fill: Fill, frame: Frame, defs: Defs): string {
  if (fill.type === 'solid') return colorAttributes(kind, fill.color);
  if (fill.type === 'image') return colorAttributes(kind, MISSING_IMAGE);
  if (fill.stops.length === 0) return `${kind}="none"`;
  if (fill.type === 'radial') {
    const id = defs.add(
      'g',
      (gid) =>
        `<radialGradient id="${gid}" cx="0.5" cy="0.5" r="0.7071">${stopsMarkup(fill)}</radialGradient>`,
    );
    return `${kind}="url(#${id})"`;
  }
  const radians = (((fill.type === 'linear' ? fill.angle : 90) || 0) * Math.PI) / 180;
  const ux = Math.sin(radians);
  const uy = -Math.cos(radians);
  const half = (Math.abs(frame.width * ux) + Math.abs(frame.height * uy)) / 2;
  const cx = frame.x + frame.width / 2;
  const cy = frame.y + frame.height / 2;
  const id = defs.add(
    'g',
    (gid) =>
      `<linearGradient id="${gid}" gradientUnits="userSpaceOnUse" x1="${n(cx - ux * half)}" y1="${n(cy - uy * half)}" x2="${n(cx + ux * half)}" y2="${n(cy + uy * half)}">${stopsMarkup(fill)}</linearGradient>`,
  );
  return `${kind}="url(#${id})"`;
}

/**
 * A filter drawing a layer's shadows as CSS box-shadow does: outer ones (spread by dilating, blurred with σ
 * half the blur, offset) under the layer, inner ones (the inverted alpha, likewise) over it, clipped to it.
 */
export function shadowFilter(shadows: Shadow[], frame: Frame, defs: Defs): string | null {
  const primitives = 2 + shadows.reduce((sum, s) => sum + 5 + (s.type === 'inner' ? 2 : 0), 0);
  const morphology = shadows.reduce((sum, s) => sum + 2 * Math.abs(s.spread), 0);
  if (primitives > defs.primitivesLeft || morphology > defs.morphologyLeft) return null;
  defs.primitivesLeft -= primitives;
  defs.morphologyLeft -= morphology;
  const reach = Math.max(
    0,
    ...shadows.map(
      (s) => Math.abs(s.blur) * 1.5 + Math.max(Math.abs(s.x), Math.abs(s.y)) + Math.abs(s.spread),
    ),
  );
  const below: string[] = [];
  const above: string[] = [];
  const steps: string[] = [];
  shadows.forEach((shadow, i) => {
    const name = `s${i}`;
    const color = `flood-color="${rgb(shadow.color)}" flood-opacity="${n(alpha(shadow.color.a))}"`;
    const spread = Math.abs(shadow.spread);
    let source = 'SourceAlpha';
    if (shadow.type === 'inner') {
      steps.push(
        `<feComponentTransfer in="SourceAlpha" result="${name}i"><feFuncA type="table" tableValues="1 0"/></feComponentTransfer>`,
      );
      source = `${name}i`;
    }
    if (spread > 0) {
      // A spread grows the shadow's shape: the layer's for outer shadows, its inverse (the hole) for inner ones.
      const op = shadow.spread > 0 ? 'dilate' : 'erode';
      steps.push(`<feMorphology in="${source}" operator="${op}" radius="${n(spread)}" result="${name}m"/>`);
      source = `${name}m`;
    }
    steps.push(
      `<feGaussianBlur in="${source}" stdDeviation="${n(Math.min(JobLimits.svgBlurDeviationMax, Math.max(0, shadow.blur) / 2))}" result="${name}b"/>`,
      `<feOffset in="${name}b" dx="${n(shadow.x)}" dy="${n(shadow.y)}" result="${name}o"/>`,
      `<feFlood ${color} result="${name}c"/>`,
      `<feComposite in="${name}c" in2="${name}o" operator="in" result="${name}s"/>`,
    );
    if (shadow.type === 'inner') {
      steps.push(`<feComposite in="${name}s" in2="SourceAlpha" operator="in" result="${name}"/>`);
      above.push(name);
    } else {
      below.push(`${name}s`);
    }
  });
  const merge = [...below, 'SourceGraphic', ...above].map((input) => `<feMergeNode in="${input}"/>`).join('');
  // What lies outside the canvas is never seen: the filter's region stops at it.
  const { canvas } = defs;
  const left = Math.max(canvas.x, frame.x - reach);
  const top = Math.max(canvas.y, frame.y - reach);
  const right = Math.min(canvas.x + canvas.width, frame.x + frame.width + reach);
  const bottom = Math.min(canvas.y + canvas.height, frame.y + frame.height + reach);
  if (right <= left || bottom <= top) return null;
  return defs.add(
    'f',
    (id) =>
      `<filter id="${id}" filterUnits="userSpaceOnUse" x="${n(left)}" y="${n(top)}" width="${n(right - left)}" height="${n(bottom - top)}">${steps.join('')}<feMerge>${merge}</feMerge></filter>`,
  );
}
