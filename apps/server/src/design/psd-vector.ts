import type { Frame, Rgba } from '@ferry/shared';
import type { BezierPath, KeyDescriptorItem, Layer as PsdLayer, VectorContent } from 'ag-psd';
import { colorOf, gradientFill } from './psd-style.js';

/**
 * A PSD's shape layers as SVG: the vector mask's paths filled and stroked with the layer's vector fill and
 * stroke, as Photoshop draws them before layer styles (which the pixel slices leave out too). A layer is
 * vector when all of it can be said this way; anything else (pixels, text, patterns, noise or non-linear
 * gradients, pixel masks) keeps its pixel slices only.
 */

const ORIGIN_RECT = 1;
const ORIGIN_ROUNDED_RECT = 2;
const ORIGIN_ELLIPSE = 5;

const liveShapes = (layer: PsdLayer): KeyDescriptorItem[] =>
  (layer.vectorOrigination?.keyDescriptorList ?? []).filter((item) => !item.keyShapeInvalidated);

const hasKnots = (layer: PsdLayer) => (layer.vectorMask?.paths ?? []).some((path) => path.knots.length > 1);

/** A shape the shape tool recorded and nothing else describes (a vector mask without knots). */
function originShape(layer: PsdLayer): KeyDescriptorItem | null {
  if (hasKnots(layer)) return null;
  const shapes = liveShapes(layer);
  const [shape] = shapes;
  if (shapes.length !== 1 || !shape.keyOriginShapeBoundingBox) return null;
  const type = shape.keyOriginType;
  return type === ORIGIN_RECT || type === ORIGIN_ROUNDED_RECT || type === ORIGIN_ELLIPSE ? shape : null;
}

/** A fill or stroke paint SVG can say: a colour, or a linear gradient with colour stops. */
function isVectorPaint(content: VectorContent | undefined): boolean {
  if (!content || content.type === 'color') return true;
  return (
    content.type === 'solid' && (content.style ?? 'linear') === 'linear' && content.colorStops.length > 0
  );
}

function isVectorShape(layer: PsdLayer): boolean {
  const stroke = layer.vectorStroke?.strokeEnabled ? layer.vectorStroke : undefined;
  const fill = layer.vectorFill && layer.vectorStroke?.fillEnabled !== false ? layer.vectorFill : undefined;
  const mask = layer.vectorMask;
  if (!fill && !stroke) return false;
  if (mask?.disable || mask?.invert || layer.text) return false;
  if (!hasKnots(layer) && !originShape(layer)) return false;
  return isVectorPaint(fill) && isVectorPaint(stroke?.content);
}

/** Whether a pixel mask hides part of the layer (its pixels are then what it is). */
const hasPixelMask = (layer: PsdLayer) =>
  !!layer.mask && !layer.mask.disabled && (layer.mask.right ?? 0) > (layer.mask.left ?? 0);

/**
 * Whether a layer can be exported as SVG: a shape layer, or a group (not an artboard) whose visible children
 * are all vector and none is clipped to another.
 */
export function isVectorLayer(layer: PsdLayer): boolean {
  if (layer.hidden || layer.adjustment || hasPixelMask(layer) || layer.artboard) return false;
  if (!layer.children) return isVectorShape(layer);
  const visible = layer.children.filter((child) => !child.hidden);
  return visible.length > 0 && visible.every((child) => !child.clipping && isVectorLayer(child));
}

const num = (value: number) => String(Math.round(value * 1000) / 1000);
const color = (c: Rgba) => `rgb(${Math.round(c.r)},${Math.round(c.g)},${Math.round(c.b)})`;
const escapeText = (text: string) => text.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

type Point = [number, number];

/** Points along a path's curves, enough to tell which way it turns. */
function outline(path: BezierPath): Point[] {
  const knots = path.knots;
  const points: Point[] = [];
  const count = path.open ? knots.length - 1 : knots.length;
  for (let i = 0; i < count; i++) {
    const [, , x0, y0, x1, y1] = knots[i].points;
    const [x2, y2, x3, y3] = knots[(i + 1) % knots.length].points;
    for (const t of [0, 0.25, 0.5, 0.75]) {
      const u = 1 - t;
      points.push([
        u * u * u * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t * x3,
        u * u * u * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y3,
      ]);
    }
  }
  return points;
}

const signedArea = (points: Point[]) =>
  points.reduce((sum, [x, y], i) => {
    const [nx, ny] = points[(i + 1) % points.length];
    return sum + x * ny - nx * y;
  }, 0) / 2;

/** One sub-path as SVG path data, shifted by `-origin`, drawn in its own direction or reversed. */
function subpathData(path: BezierPath, origin: Point, reversed: boolean): string {
  const knots = reversed
    ? [...path.knots].reverse().map((knot) => {
        const [ix, iy, ax, ay, ox, oy] = knot.points;
        return { points: [ox, oy, ax, ay, ix, iy] };
      })
    : path.knots;
  const p = (x: number, y: number) => `${num(x - origin[0])} ${num(y - origin[1])}`;
  const parts = [`M${p(knots[0].points[2], knots[0].points[3])}`];
  const count = path.open ? knots.length - 1 : knots.length;
  for (let i = 0; i < count; i++) {
    const from = knots[i].points;
    const to = knots[(i + 1) % knots.length].points;
    parts.push(`C${p(from[4], from[5])} ${p(to[0], to[1])} ${p(to[2], to[3])}`);
  }
  if (!path.open) parts.push('Z');
  return parts.join('');
}

interface ShapeGeometry {
  /** Path data of everything filled and stroked. */
  d: string;
  fillRule: 'nonzero' | 'evenodd';
  /** Intersected sub-paths: what is drawn is clipped to each. */
  clips: string[];
}

/**
 * The vector mask's sub-paths. Photoshop combines them in order (add, subtract, intersect, exclude); SVG
 * says add and subtract with the non-zero rule by turning added paths one way and subtracted ones the other,
 * exclude with the even-odd rule, and intersect as a clip of the whole shape.
 */
function maskGeometry(paths: BezierPath[], origin: Point): ShapeGeometry {
  const drawn = paths.filter((path) => path.knots.length > 1);
  const fillRule = drawn.some((path) => path.operation === 'exclude') ? 'evenodd' : 'nonzero';
  const parts: string[] = [];
  const clips: string[] = [];
  drawn.forEach((path, index) => {
    if (path.operation === 'intersect' && index > 0) {
      clips.push(subpathData(path, origin, false));
      return;
    }
    const clockwise = signedArea(outline(path)) >= 0;
    const subtract = path.operation === 'subtract' && index > 0;
    parts.push(subpathData(path, origin, fillRule === 'nonzero' && clockwise === subtract));
  });
  return { d: parts.join(''), fillRule, clips };
}

/** A rectangle (rounded with the shape tool's corner radii) or an ellipse, from the shape tool's record. */
function originGeometry(shape: KeyDescriptorItem, origin: Point): ShapeGeometry {
  const box = shape.keyOriginShapeBoundingBox as NonNullable<KeyDescriptorItem['keyOriginShapeBoundingBox']>;
  const x = box.left.value - origin[0];
  const y = box.top.value - origin[1];
  const w = box.right.value - box.left.value;
  const h = box.bottom.value - box.top.value;
  if (shape.keyOriginType === ORIGIN_ELLIPSE) {
    const rx = w / 2;
    const ry = h / 2;
    const d = `M${num(x)} ${num(y + ry)}A${num(rx)} ${num(ry)} 0 1 1 ${num(x + w)} ${num(y + ry)}A${num(rx)} ${num(ry)} 0 1 1 ${num(x)} ${num(y + ry)}Z`;
    return { d, fillRule: 'nonzero', clips: [] };
  }
  const radii = shape.keyOriginRRectRadii;
  const cap = (r: number | undefined) => Math.max(0, Math.min(r ?? 0, w / 2, h / 2));
  const [tl, tr, br, bl] = [
    radii?.topLeft.value,
    radii?.topRight.value,
    radii?.bottomRight.value,
    radii?.bottomLeft.value,
  ].map(cap);
  const arc = (r: number, ex: number, ey: number) =>
    r > 0 ? `A${num(r)} ${num(r)} 0 0 1 ${num(ex)} ${num(ey)}` : '';
  const d = [
    `M${num(x + tl)} ${num(y)}H${num(x + w - tr)}`,
    arc(tr, x + w, y + tr),
    `V${num(y + h - br)}`,
    arc(br, x + w - br, y + h),
    `H${num(x + bl)}`,
    arc(bl, x, y + h - bl),
    `V${num(y + tl)}`,
    arc(tl, x + tl, y),
    'Z',
  ].join('');
  return { d, fillRule: 'nonzero', clips: [] };
}

/** Builds the SVG's definitions with ids unique within one file. */
class Defs {
  readonly items: string[] = [];
  private next = 0;
  add(make: (id: string) => string): string {
    const id = `v${this.next++}`;
    this.items.push(make(id));
    return id;
  }
}

/**
 * A paint as an SVG attribute value and opacity. A linear gradient runs through the shape's box at the
 * gradient's angle and spans the box's extent along it (times its scale), as Photoshop aligns it to the layer.
 */
function paintOf(
  content: VectorContent,
  opacity: number,
  box: Frame,
  defs: Defs,
): { paint: string; opacity: number } {
  if (content.type !== 'solid') {
    const rgba = colorOf(content.type === 'color' ? content.color : undefined);
    return { paint: color(rgba), opacity: opacity * rgba.a };
  }
  const fill = gradientFill(content, 'linear', content.angle, content.reverse, 1);
  const stops = fill && fill.type !== 'solid' && fill.type !== 'image' ? fill.stops : [];
  const angle = ((content.angle ?? 90) * Math.PI) / 180;
  const dx = Math.cos(angle);
  const dy = -Math.sin(angle);
  const half = ((Math.abs(box.width * dx) + Math.abs(box.height * dy)) / 2) * ((content.scale ?? 100) / 100);
  const cx = box.x + box.width / 2 + ((content.offset?.x ?? 0) / 100) * box.width;
  const cy = box.y + box.height / 2 + ((content.offset?.y ?? 0) / 100) * box.height;
  const id = defs.add(
    (name) =>
      `<linearGradient id="${name}" gradientUnits="userSpaceOnUse" x1="${num(cx - dx * half)}" y1="${num(cy - dy * half)}" x2="${num(cx + dx * half)}" y2="${num(cy + dy * half)}">${stops
        .map(
          (stop) =>
            `<stop offset="${num(stop.position)}" stop-color="${color(stop.color)}" stop-opacity="${num(stop.color.a)}"/>`,
        )
        .join('')}</linearGradient>`,
  );
  return { paint: `url(#${id})`, opacity };
}

/** The box a shape's paint is laid over: its outline's extent. */
function boxOf(layer: PsdLayer, origin: Point): Frame {
  const shape = originShape(layer);
  const box = shape?.keyOriginShapeBoundingBox;
  if (box) {
    return {
      x: box.left.value - origin[0],
      y: box.top.value - origin[1],
      width: box.right.value - box.left.value,
      height: box.bottom.value - box.top.value,
    };
  }
  const points = (layer.vectorMask?.paths ?? []).flatMap(outline);
  const xs = points.map(([x]) => x - origin[0]);
  const ys = points.map(([, y]) => y - origin[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** Stroke attributes of a vector stroke; an inside or outside stroke is drawn twice as wide and cut by the shape. */
function strokeAttributes(layer: PsdLayer, width: number): string {
  const stroke = layer.vectorStroke;
  const dash = (stroke?.lineDashSet ?? []).map((part) => part.value * width);
  const attributes = [
    `stroke-width="${num(stroke?.lineAlignment === 'inside' || stroke?.lineAlignment === 'outside' ? width * 2 : width)}"`,
    `stroke-linecap="${stroke?.lineCapType ?? 'butt'}"`,
    `stroke-linejoin="${stroke?.lineJoinType ?? 'miter'}"`,
    `stroke-miterlimit="${num(Math.max(1, stroke?.miterLimit ?? 4))}"`,
  ];
  if (dash.length && dash.some((part) => part > 0)) {
    attributes.push(`stroke-dasharray="${dash.map(num).join(' ')}"`);
    const offset = stroke?.lineDashOffset?.value ?? 0;
    if (offset) attributes.push(`stroke-dashoffset="${num(offset * width)}"`);
  }
  return attributes.join(' ');
}

/** One shape layer's fill and stroke, in coordinates relative to `origin`. */
function shapeSvg(layer: PsdLayer, origin: Point, defs: Defs): string {
  const shape = originShape(layer);
  const geometry = shape
    ? originGeometry(shape, origin)
    : maskGeometry(layer.vectorMask?.paths ?? [], origin);
  const box = boxOf(layer, origin);
  const fillOpacity = layer.fillOpacity ?? 1;
  const d = `d="${geometry.d}"`;
  const parts: string[] = [];
  const stroke = layer.vectorStroke;
  if (layer.vectorFill && stroke?.fillEnabled !== false) {
    const { paint, opacity } = paintOf(layer.vectorFill, fillOpacity, box, defs);
    parts.push(
      `<path ${d} fill-rule="${geometry.fillRule}" fill="${paint}" fill-opacity="${num(opacity)}"/>`,
    );
  }
  const width = stroke?.lineWidth?.value ?? 0;
  if (stroke?.strokeEnabled && width > 0) {
    const content = stroke.content ?? { type: 'color', color: { r: 0, g: 0, b: 0 } };
    const { paint, opacity } = paintOf(content, (stroke.opacity ?? 1) * fillOpacity, box, defs);
    let cut = '';
    if (stroke.lineAlignment === 'inside') {
      const id = defs.add(
        (name) => `<clipPath id="${name}"><path ${d} clip-rule="${geometry.fillRule}"/></clipPath>`,
      );
      cut = ` clip-path="url(#${id})"`;
    } else if (stroke.lineAlignment === 'outside') {
      // The mask covers the stroke's reach around the box; the shape itself is cut out of it.
      const m = width * 2;
      const id = defs.add(
        (name) =>
          `<mask id="${name}" maskUnits="userSpaceOnUse" x="${num(box.x - m)}" y="${num(box.y - m)}" width="${num(box.width + 2 * m)}" height="${num(box.height + 2 * m)}"><rect x="${num(box.x - m)}" y="${num(box.y - m)}" width="${num(box.width + 2 * m)}" height="${num(box.height + 2 * m)}" fill="#fff"/><path ${d} fill-rule="${geometry.fillRule}" fill="#000"/></mask>`,
      );
      cut = ` mask="url(#${id})"`;
    }
    parts.push(
      `<path ${d} fill="none" stroke="${paint}" stroke-opacity="${num(opacity)}" ${strokeAttributes(layer, width)}${cut}/>`,
    );
  }
  let body = parts.join('');
  for (const clip of geometry.clips) {
    const id = defs.add((name) => `<clipPath id="${name}"><path d="${clip}"/></clipPath>`);
    body = `<g clip-path="url(#${id})">${body}</g>`;
  }
  return body;
}

/** A vector layer (a shape, or a group of them painted bottom first) with its opacity. */
function layerSvg(layer: PsdLayer, origin: Point, defs: Defs): string {
  const body = layer.children
    ? layer.children
        .filter((child) => !child.hidden)
        .map((child) => layerSvg(child, origin, defs))
        .join('')
    : shapeSvg(layer, origin, defs);
  const opacity = layer.opacity ?? 1;
  return opacity < 1 ? `<g opacity="${num(opacity)}">${body}</g>` : body;
}

/**
 * A vector layer as an SVG file `width` × `height` showing `frame` (document pixels, the frame its pixel
 * slices show, so both line up); null when the layer is not vector.
 */
export function psdVectorSvg(layer: PsdLayer, frame: Frame, width: number, height: number): string | null {
  if (!isVectorLayer(layer)) return null;
  const defs = new Defs();
  const body = layerSvg(layer, [frame.x, frame.y], defs);
  const title = layer.name ? `<title>${escapeText(layer.name)}</title>` : '';
  const defined = defs.items.length ? `<defs>${defs.items.join('')}</defs>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${frame.width} ${frame.height}" preserveAspectRatio="none">${title}${defined}${body}</svg>`;
}
