import type { Layer } from '@ferry/shared';
import type {
  CurvePoint,
  Oval,
  Polygon,
  Rectangle,
  ShapeGroup,
  ShapePath,
  Star,
  Triangle,
} from '@sketch-hq/sketch-file-format-ts/dist/cjs/types';
import { round } from './layer-tree.js';
import { num, pointOf } from './sketch-style.js';

export type SketchShape = Rectangle | Oval | ShapePath | Triangle | Star | Polygon;
export type SketchShapeLike = SketchShape | ShapeGroup;

export const SHAPE_CLASSES = new Set(['rectangle', 'oval', 'shapePath', 'triangle', 'star', 'polygon']);

type Radii = [number, number, number, number];

const pointsOf = (shape: SketchShape): CurvePoint[] =>
  (Array.isArray(shape.points) ? shape.points : []).filter(Boolean);

/** A rectangle's corner radii (top-left, top-right, bottom-right, bottom-left), each at most half a side. */
export function rectangleRadii(shape: Rectangle): Radii | null {
  const { width, height } = shape.frame;
  const points = pointsOf(shape);
  const legacy = num(shape.fixedRadius);
  const radii = [0, 1, 2, 3].map((i) => num(points[i]?.cornerRadius, legacy)) as Radii;
  const most = Math.max(0, Math.min(num(width), num(height)) / 2);
  const clamped = radii.map((r) => round(Math.min(Math.max(0, r), most))) as Radii;
  return clamped.every((r) => r === 0) ? null : clamped;
}

/** A rectangle drawn as its box (with radii) rather than as a path: its points are still the four corners. */
export function isPlainRectangle(shape: SketchShape): shape is Rectangle {
  if (shape._class !== 'rectangle') return false;
  const corners = ['{0, 0}', '{1, 0}', '{1, 1}', '{0, 1}'];
  const points = pointsOf(shape);
  return (
    points.length === 4 &&
    points.every((point, i) => {
      const [x, y] = pointOf(point.point);
      const [cx, cy] = pointOf(corners[i]);
      return x === cx && y === cy && !point.hasCurveFrom && !point.hasCurveTo;
    })
  );
}

const n = (value: number) => String(round(value));

/** A box with corner radii as path data, offset by (x, y). */
export function roundedRectPath(x: number, y: number, w: number, h: number, radii: Radii | null): string {
  const [tl, tr, br, bl] = radii ?? [0, 0, 0, 0];
  return [
    `M${n(x + tl)} ${n(y)}`,
    `H${n(x + w - tr)}`,
    tr ? `A${n(tr)} ${n(tr)} 0 0 1 ${n(x + w)} ${n(y + tr)}` : '',
    `V${n(y + h - br)}`,
    br ? `A${n(br)} ${n(br)} 0 0 1 ${n(x + w - br)} ${n(y + h)}` : '',
    `H${n(x + bl)}`,
    bl ? `A${n(bl)} ${n(bl)} 0 0 1 ${n(x)} ${n(y + h - bl)}` : '',
    `V${n(y + tl)}`,
    tl ? `A${n(tl)} ${n(tl)} 0 0 1 ${n(x + tl)} ${n(y)}` : '',
    'Z',
  ].join('');
}

function ellipsePath(x: number, y: number, w: number, h: number): string {
  const rx = w / 2;
  const ry = h / 2;
  return `M${n(x)} ${n(y + ry)}A${n(rx)} ${n(ry)} 0 1 0 ${n(x + w)} ${n(y + ry)}A${n(rx)} ${n(ry)} 0 1 0 ${n(x)} ${n(y + ry)}Z`;
}

/** How much a shape is stretched where it is drawn: 1 on an artboard, more or less inside a resized instance. */
export interface Scale {
  x: number;
  y: number;
}

export const UNSCALED: Scale = { x: 1, y: 1 };

/**
 * A shape's outline as path data, in pixels from (x, y): its points are fractions of its frame (stretched by
 * `scale`), and a segment is a cubic curve when either end has a control point there (else a line). Flips
 * mirror the fractions.
 */
export function shapePath(shape: SketchShape, x: number, y: number, scale: Scale = UNSCALED): string {
  const w = num(shape.frame?.width) * scale.x;
  const h = num(shape.frame?.height) * scale.y;
  if (isPlainRectangle(shape)) return roundedRectPath(x, y, w, h, rectangleRadii(shape));
  if (shape._class === 'oval') return ellipsePath(x, y, w, h);
  const points = pointsOf(shape);
  if (points.length < 2) return '';
  const at = (text: unknown) => {
    let [px, py] = pointOf(text);
    if (shape.isFlippedHorizontal) px = 1 - px;
    if (shape.isFlippedVertical) py = 1 - py;
    return `${n(x + px * w)} ${n(y + py * h)}`;
  };
  const parts = [`M${at(points[0].point)}`];
  const count = shape.isClosed === false ? points.length - 1 : points.length;
  for (let i = 0; i < count; i++) {
    const from = points[i];
    const to = points[(i + 1) % points.length];
    if (from.hasCurveFrom || to.hasCurveTo) {
      parts.push(
        `C${at(from.hasCurveFrom ? from.curveFrom : from.point)} ${at(to.hasCurveTo ? to.curveTo : to.point)} ${at(to.point)}`,
      );
    } else parts.push(`L${at(to.point)}`);
  }
  if (shape.isClosed !== false) parts.push('Z');
  return parts.join('');
}

/**
 * A combined shape's outline: its parts' paths placed at their frames, nested combinations included. Boolean
 * operations are approximated by the winding rule (subtracted parts cut holes under even-odd).
 */
export function shapeGroupPath(
  group: ShapeGroup,
  x: number,
  y: number,
  depthLeft: number,
  scale: Scale = UNSCALED,
): string {
  if (depthLeft <= 0) return '';
  const parts: string[] = [];
  for (const part of Array.isArray(group.layers) ? group.layers : []) {
    if (!part || part.isVisible === false) continue;
    const px = x + num(part.frame?.x) * scale.x;
    const py = y + num(part.frame?.y) * scale.y;
    if (part._class === 'shapeGroup') parts.push(shapeGroupPath(part, px, py, depthLeft - 1, scale));
    else if (SHAPE_CLASSES.has(part._class)) parts.push(shapePath(part as SketchShape, px, py, scale));
  }
  return parts.join('');
}

/** What LayerDoc keeps of a shape's outline beyond its frame and radii, at the size it is drawn (`scale`). */
export function outlineOf(
  shape: SketchShapeLike,
  depthLeft: number,
  scale: Scale = UNSCALED,
): Layer['outline'] | undefined {
  if (shape._class === 'oval') return { kind: 'oval' };
  if (shape._class === 'shapeGroup') {
    const d = shapeGroupPath(shape, 0, 0, depthLeft, scale);
    const evenOdd = num(shape.style?.windingRule ?? shape.windingRule, 1) === 1;
    return d ? { kind: 'path', d, ...(evenOdd ? { evenOdd } : {}) } : undefined;
  }
  if (isPlainRectangle(shape)) return undefined;
  const d = shapePath(shape, 0, 0, scale);
  return d ? { kind: 'path', d } : undefined;
}
