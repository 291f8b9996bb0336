import type { Border, Frame, Layer, LayerDoc, Rgba, TextInfo, TextRun } from '@ferry/shared';
import {
  colorAttributes,
  Defs,
  escapeXml,
  MISSING_IMAGE,
  n,
  paintAttributes,
  shadowFilter,
} from './layerdoc-svg-paint.js';
import { roundedRectPath } from './sketch-shapes.js';

export interface DrawOptions {
  /** Image layers' pixels by layer id (PNG or JPEG); the others are drawn as grey boxes. */
  images?: Map<string, Uint8Array>;
  /** Painted under everything (an artboard's background). */
  background?: Rgba;
  /** Pixels to draw the document at when not its own size: its viewBox is stretched to them. */
  size?: { width: number; height: number };
}

/** A box grown (or, negative, shrunk) on every side, its radii with it. */
function grown(frame: Frame, radius: Layer['radius'], by: number) {
  const box = {
    x: frame.x - by,
    y: frame.y - by,
    width: Math.max(0, frame.width + 2 * by),
    height: Math.max(0, frame.height + 2 * by),
  };
  const radii = radius
    ? (radius.map((r) => (r > 0 ? Math.max(0, r + by) : 0)) as [number, number, number, number])
    : null;
  return { box, radii };
}

/** A shape's geometry as one element with `paint`; boxes and ellipses can be grown for outer/inner borders. */
function geometry(layer: Layer, by: number, paint: string): string {
  const outline = layer.outline;
  if (outline?.kind === 'path') {
    const rule = outline.evenOdd ? ' fill-rule="evenodd"' : '';
    return `<path transform="translate(${n(layer.frame.x)} ${n(layer.frame.y)})" d="${escapeXml(outline.d)}"${rule} ${paint}/>`;
  }
  const { box, radii } = grown(layer.frame, layer.radius, by);
  if (outline?.kind === 'oval') {
    return `<ellipse cx="${n(box.x + box.width / 2)}" cy="${n(box.y + box.height / 2)}" rx="${n(box.width / 2)}" ry="${n(box.height / 2)}" ${paint}/>`;
  }
  if (radii && !radii.every((r) => r === radii[0])) {
    return `<path d="${roundedRectPath(box.x, box.y, box.width, box.height, radii)}" ${paint}/>`;
  }
  const r = radii?.[0] ?? 0;
  const corner = r > 0 ? ` rx="${n(r)}" ry="${n(r)}"` : '';
  return `<rect x="${n(box.x)}" y="${n(box.y)}" width="${n(box.width)}" height="${n(box.height)}"${corner} ${paint}/>`;
}

/**
 * A border as a stroke. Centre borders stroke the outline; inside and outside ones stroke it grown or shrunk
 * by half their width, which paths cannot be: there an inside border is a double-width stroke clipped to the
 * shape, an outside one is drawn centred.
 */
function borderMarkup(layer: Layer, border: Border, defs: Defs): string {
  const dash = border.dash.length ? ` stroke-dasharray="${border.dash.map(n).join(' ')}"` : '';
  const stroke = (width: number) =>
    `fill="none" ${paintAttributes('stroke', border.fill, layer.frame, defs)} stroke-width="${n(width)}"${dash}`;
  const isPath = layer.outline?.kind === 'path';
  if (isPath && border.position === 'inside') {
    const clip = defs.add('c', (id) => `<clipPath id="${id}">${geometry(layer, 0, '')}</clipPath>`);
    return `<g clip-path="url(#${clip})">${geometry(layer, 0, stroke(border.width * 2))}</g>`;
  }
  if (isPath || border.position === 'center') return geometry(layer, 0, stroke(border.width));
  const by = border.position === 'outside' ? border.width / 2 : -border.width / 2;
  return geometry(layer, by, stroke(border.width));
}

function shapeMarkup(layer: Layer, defs: Defs): string {
  const fills = layer.fills.map((fill) =>
    geometry(layer, 0, paintAttributes('fill', fill, layer.frame, defs)),
  );
  return fills.join('') + layer.borders.map((border) => borderMarkup(layer, border, defs)).join('');
}

const FONT_FALLBACK = 'sans-serif';

function runAttributes(run: TextRun): string {
  const family = run.fontFamily.replace(/['"\\;]/g, '');
  const decoration = [run.underline ? 'underline' : '', run.strikethrough ? 'line-through' : '']
    .filter(Boolean)
    .join(' ');
  return [
    `font-family="${escapeXml(family ? `'${family}', ${FONT_FALLBACK}` : FONT_FALLBACK)}"`,
    `font-size="${n(run.fontSize)}"`,
    run.fontWeight !== 400 ? `font-weight="${n(run.fontWeight)}"` : '',
    run.fontStyle === 'italic' ? 'font-style="italic"' : '',
    run.letterSpacing ? `letter-spacing="${n(run.letterSpacing)}"` : '',
    decoration ? `text-decoration="${decoration}"` : '',
    colorAttributes('fill', run.color),
  ]
    .filter(Boolean)
    .join(' ');
}

const LINE_BREAK = /\r\n|[\n\r\u2028\u2029]/g;

/** The content's lines as UTF-16 ranges, so runs (which index the whole content) can be cut at them. */
function lineRanges(content: string): { start: number; end: number }[] {
  const lines: { start: number; end: number }[] = [];
  let start = 0;
  for (const match of content.matchAll(LINE_BREAK)) {
    lines.push({ start, end: match.index });
    start = match.index + match[0].length;
  }
  lines.push({ start, end: content.length });
  return lines;
}

/** A line's width as a sans-serif fallback draws it, roughly: CJK a full em, other characters 0.6. */
function guessedWidth(content: string, runs: TextRun[], line: { start: number; end: number }): number {
  let width = 0;
  for (const run of runs) {
    const part = content.slice(Math.max(run.start, line.start), Math.min(run.end, line.end));
    for (const char of part) {
      width += run.fontSize * ((char.codePointAt(0) ?? 0) >= 0x2e80 ? 1 : 0.6) + run.letterSpacing;
    }
  }
  return width;
}

const ANCHOR: Record<TextInfo['align'], string> = {
  left: 'start',
  justify: 'start',
  center: 'middle',
  right: 'end',
};

/**
 * Text as one <text> per line, one <tspan> per run. Lines do not wrap: each is as tall as its largest line
 * height (or the frame shared among the lines when the runs leave it to the font), with the baseline placed
 * as fonts usually sit in their line: the middle of the line plus about a third of the size.
 */
function textMarkup(layer: Layer): string {
  const text = layer.text;
  if (!text || text.runs.length === 0) return '';
  const lines = lineRanges(text.content);
  const { frame } = layer;
  const x =
    text.align === 'center'
      ? frame.x + frame.width / 2
      : text.align === 'right'
        ? frame.x + frame.width
        : frame.x;
  const anchor = ANCHOR[text.align] ?? 'start';
  const autoHeight = frame.height / lines.length;
  let top = frame.y;
  const out: string[] = [];
  // Lines and runs are walked together (runs in text order): a run ending before a line ends before every later
  // line, so `first` only moves forward and a text of many lines and runs costs their sum, not their product.
  const ordered = [...text.runs].sort((a, b) => a.start - b.start);
  let first = 0;
  for (const line of lines) {
    while (first < ordered.length && ordered[first].end <= line.start) first++;
    const runs: TextRun[] = [];
    for (let i = first; i < ordered.length && ordered[i].start < line.end; i++) {
      if (ordered[i].end > line.start) runs.push(ordered[i]);
    }
    // A line no run covers (an empty one) takes the size of the run before it.
    let before = first;
    while (before < ordered.length && ordered[before].start <= line.start) before++;
    const around = runs.length ? runs : ordered.slice(Math.max(0, before - 1), before);
    const size = Math.max(...around.map((run) => run.fontSize), 1);
    const height = Math.max(...around.map((run) => run.lineHeight ?? autoHeight), 0) || size * 1.2;
    const baseline = top + height / 2 + size * 0.33;
    const spans = runs
      .map((run) => {
        const part = text.content.slice(Math.max(run.start, line.start), Math.min(run.end, line.end));
        return part ? `<tspan ${runAttributes(run)}>${escapeXml(part)}</tspan>` : '';
      })
      .join('');
    if (spans) {
      // This machine's fonts may be wider than the design's: a line that would spill past its box is squeezed
      // towards its anchor (librsvg ignores textLength, so by a transform).
      const guess = guessedWidth(text.content, runs, line);
      const squeeze =
        guess > frame.width && frame.width > 0
          ? ` transform="translate(${n(x)} 0) scale(${(frame.width / guess).toFixed(4)} 1) translate(${n(-x)} 0)"`
          : '';
      out.push(
        `<text x="${n(x)}" y="${n(baseline)}" text-anchor="${anchor}"${squeeze} xml:space="preserve">${spans}</text>`,
      );
    }
    top += height;
  }
  return out.join('');
}

function imageType(bytes: Uint8Array): string | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

function imageMarkup(layer: Layer, options: DrawOptions): string {
  const { frame } = layer;
  const bytes = options.images?.get(layer.id);
  const type = bytes ? imageType(bytes) : null;
  if (bytes && type) {
    const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
    return `<image x="${n(frame.x)}" y="${n(frame.y)}" width="${n(frame.width)}" height="${n(frame.height)}" preserveAspectRatio="none" xlink:href="data:${type};base64,${data}"/>`;
  }
  return `<rect x="${n(frame.x)}" y="${n(frame.y)}" width="${n(frame.width)}" height="${n(frame.height)}" ${colorAttributes('fill', MISSING_IMAGE)}/>`;
}

function layerMarkup(layer: Layer, defs: Defs, options: DrawOptions): string {
  if (!layer.visible || layer.type === 'slice') return '';
  let body = '';
  if (layer.type === 'group') {
    // A group's own fills are a background under its children (an artboard's, a symbol's).
    body = layer.fills
      .map((fill) => geometry(layer, 0, paintAttributes('fill', fill, layer.frame, defs)))
      .join('');
    body += (layer.children ?? []).map((child) => layerMarkup(child, defs, options)).join('');
  } else if (layer.type === 'text') {
    body = textMarkup(layer) + layer.borders.map((border) => borderMarkup(layer, border, defs)).join('');
  } else if (layer.type === 'image') {
    body = imageMarkup(layer, options);
  } else {
    body = shapeMarkup(layer, defs);
  }
  if (!body) return '';
  const attributes: string[] = [];
  if (layer.opacity < 1) attributes.push(`opacity="${n(Math.max(0, layer.opacity))}"`);
  if (layer.blendMode !== 'normal' && /^[a-z-]+$/.test(layer.blendMode)) {
    attributes.push(`style="mix-blend-mode:${layer.blendMode}"`);
  }
  const filter = layer.shadows.length ? shadowFilter(layer.shadows, layer.frame, defs) : null;
  if (filter) attributes.push(`filter="url(#${filter})"`);
  return attributes.length ? `<g ${attributes.join(' ')}>${body}</g>` : body;
}

/**
 * A LayerDoc drawn as an SVG document, from the doc alone: boxes with radii, ellipses and paths where the
 * importer kept an outline, fills, gradients, borders, shadows as filters, text as <text> with its runs, and
 * images as grey boxes unless their bytes are given. Every string from the doc is escaped.
 */
export function drawLayerDoc(doc: LayerDoc, options: DrawOptions = {}): string {
  const defs = new Defs({ x: 0, y: 0, width: doc.width, height: doc.height });
  const background = options.background
    ? `<rect width="100%" height="100%" ${colorAttributes('fill', options.background)}/>`
    : '';
  const body = doc.layers.map((layer) => layerMarkup(layer, defs, options)).join('');
  const width = n(Math.max(1, doc.width));
  const height = n(Math.max(1, doc.height));
  const size = options.size
    ? `width="${n(options.size.width)}" height="${n(options.size.height)}" preserveAspectRatio="none"`
    : `width="${width}" height="${height}"`;
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${size} viewBox="0 0 ${width} ${height}">${defs}${background}${body}</svg>`;
}
