import type { Frame } from '@ferry/shared';

/** A 2D affine transform in SVG's order: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export type Matrix = [a: number, b: number, c: number, d: number, e: number, f: number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** The transform that applies `inner` first, then `outer`. */
export function multiply(outer: Matrix, inner: Matrix): Matrix {
  const [a, b, c, d, e, f] = outer;
  const [a2, b2, c2, d2, e2, f2] = inner;
  return [
    a * a2 + c * b2,
    b * a2 + d * b2,
    a * c2 + c * d2,
    b * c2 + d * d2,
    a * e2 + c * f2 + e,
    b * e2 + d * f2 + f,
  ];
}

export const translation = (x: number, y: number): Matrix => [1, 0, 0, 1, x, y];
export const scaling = (x: number, y = x): Matrix => [x, 0, 0, y, 0, 0];

export function rotation(degrees: number, cx = 0, cy = 0): Matrix {
  const rad = (degrees * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const turn: Matrix = [cos, sin, -sin, cos, 0, 0];
  return multiply(translation(cx, cy), multiply(turn, translation(-cx, -cy)));
}

/** How much the transform scales lengths on average (the square root of its area factor). */
export function scaleOf(m: Matrix): number {
  return Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));
}

/**
 * One cubic Bézier segment [x0, y0, x1, y1, x2, y2, x3, y3]. Lines are cubics whose control points sit on
 * their ends, quadratics are raised to cubics and arcs are approximated by them, so one bounds routine
 * serves every outline, and an affine transform applied to the control points is exact.
 */
export type Cubic = [number, number, number, number, number, number, number, number];

export const lineCubic = (x0: number, y0: number, x1: number, y1: number): Cubic => [
  x0,
  y0,
  x0,
  y0,
  x1,
  y1,
  x1,
  y1,
];

export function quadCubic(x0: number, y0: number, qx: number, qy: number, x1: number, y1: number): Cubic {
  return [
    x0,
    y0,
    x0 + (2 / 3) * (qx - x0),
    y0 + (2 / 3) * (qy - y0),
    x1 + (2 / 3) * (qx - x1),
    y1 + (2 / 3) * (qy - y1),
    x1,
    y1,
  ];
}

/** The parameters in (0, 1) where one coordinate of a cubic turns (derivative zero). */
function turningPoints(p0: number, p1: number, p2: number, p3: number): number[] {
  const a = -p0 + 3 * p1 - 3 * p2 + p3;
  const b = 2 * (p0 - 2 * p1 + p2);
  const c = p1 - p0;
  const roots: number[] = [];
  if (Math.abs(a) < 1e-12) {
    if (Math.abs(b) > 1e-12) roots.push(-c / b);
  } else {
    const disc = b * b - 4 * a * c;
    if (disc >= 0) {
      const sq = Math.sqrt(disc);
      roots.push((-b + sq) / (2 * a), (-b - sq) / (2 * a));
    }
  }
  return roots.filter((t) => t > 0 && t < 1);
}

const at = (p0: number, p1: number, p2: number, p3: number, t: number) => {
  const u = 1 - t;
  return u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3;
};

/** The exact bounding box of cubics after a transform; null when there are none. */
export function boundsOfCubics(cubics: readonly Cubic[], m: Matrix = IDENTITY): Frame | null {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  const take = (x: number, y: number) => {
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  };
  for (const cubic of cubics) {
    const p: number[] = [];
    for (let i = 0; i < 8; i += 2) {
      p.push(m[0] * cubic[i] + m[2] * cubic[i + 1] + m[4], m[1] * cubic[i] + m[3] * cubic[i + 1] + m[5]);
    }
    take(p[0], p[1]);
    take(p[6], p[7]);
    for (const t of turningPoints(p[0], p[2], p[4], p[6]))
      take(at(p[0], p[2], p[4], p[6], t), at(p[1], p[3], p[5], p[7], t));
    for (const t of turningPoints(p[1], p[3], p[5], p[7]))
      take(at(p[0], p[2], p[4], p[6], t), at(p[1], p[3], p[5], p[7], t));
  }
  if (minX === Number.POSITIVE_INFINITY) return null;
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

/** Corners of an axis-aligned box as four line cubics (a closed outline). */
export function boxCubics(x: number, y: number, width: number, height: number): Cubic[] {
  return [
    lineCubic(x, y, x + width, y),
    lineCubic(x + width, y, x + width, y + height),
    lineCubic(x + width, y + height, x, y + height),
    lineCubic(x, y + height, x, y),
  ];
}

/** A full ellipse as four quarter arcs (the usual 0.5523 control-point distance). */
export function ellipseCubics(cx: number, cy: number, rx: number, ry: number): Cubic[] {
  const k = 0.5522847498;
  const ox = rx * k;
  const oy = ry * k;
  return [
    [cx + rx, cy, cx + rx, cy + oy, cx + ox, cy + ry, cx, cy + ry],
    [cx, cy + ry, cx - ox, cy + ry, cx - rx, cy + oy, cx - rx, cy],
    [cx - rx, cy, cx - rx, cy - oy, cx - ox, cy - ry, cx, cy - ry],
    [cx, cy - ry, cx + ox, cy - ry, cx + rx, cy - oy, cx + rx, cy],
  ];
}

/**
 * An SVG elliptical arc (endpoint form, spec F.6.5) as cubics of at most 90° each; a degenerate arc is a
 * line, as SVG draws it.
 */
export function arcCubics(
  x0: number,
  y0: number,
  rxIn: number,
  ryIn: number,
  xAxisRotation: number,
  largeArc: boolean,
  sweep: boolean,
  x1: number,
  y1: number,
): Cubic[] {
  let rx = Math.abs(rxIn);
  let ry = Math.abs(ryIn);
  if ((x0 === x1 && y0 === y1) || rx === 0 || ry === 0) return [lineCubic(x0, y0, x1, y1)];
  const phi = (xAxisRotation * Math.PI) / 180;
  const cos = Math.cos(phi);
  const sin = Math.sin(phi);
  const dx = (x0 - x1) / 2;
  const dy = (y0 - y1) / 2;
  const px = cos * dx + sin * dy;
  const py = -sin * dx + cos * dy;
  const lambda = (px * px) / (rx * rx) + (py * py) / (ry * ry);
  if (lambda > 1) {
    rx *= Math.sqrt(lambda);
    ry *= Math.sqrt(lambda);
  }
  const num = rx * rx * ry * ry - rx * rx * py * py - ry * ry * px * px;
  const den = rx * rx * py * py + ry * ry * px * px;
  let coef = Math.sqrt(Math.max(0, num / den));
  if (largeArc === sweep) coef = -coef;
  const cxp = (coef * rx * py) / ry;
  const cyp = (-coef * ry * px) / rx;
  const cx = cos * cxp - sin * cyp + (x0 + x1) / 2;
  const cy = sin * cxp + cos * cyp + (y0 + y1) / 2;
  const angle = (ux: number, uy: number, vx: number, vy: number) => {
    const a = Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
    return a;
  };
  const theta = angle(1, 0, (px - cxp) / rx, (py - cyp) / ry);
  let delta = angle((px - cxp) / rx, (py - cyp) / ry, (-px - cxp) / rx, (-py - cyp) / ry);
  if (!sweep && delta > 0) delta -= 2 * Math.PI;
  if (sweep && delta < 0) delta += 2 * Math.PI;
  const parts = Math.max(1, Math.ceil(Math.abs(delta) / (Math.PI / 2) - 1e-9));
  const step = delta / parts;
  const k = (4 / 3) * Math.tan(step / 4);
  const point = (t: number) => {
    const x = rx * Math.cos(t);
    const y = ry * Math.sin(t);
    return [cos * x - sin * y + cx, sin * x + cos * y + cy];
  };
  const tangent = (t: number) => {
    const x = -rx * Math.sin(t);
    const y = ry * Math.cos(t);
    return [cos * x - sin * y, sin * x + cos * y];
  };
  const cubics: Cubic[] = [];
  for (let i = 0; i < parts; i++) {
    const t0 = theta + i * step;
    const t1 = t0 + step;
    const [sx, sy] = i === 0 ? [x0, y0] : point(t0);
    const [ex, ey] = i === parts - 1 ? [x1, y1] : point(t1);
    const [tx0, ty0] = tangent(t0);
    const [tx1, ty1] = tangent(t1);
    cubics.push([sx, sy, sx + k * tx0, sy + k * ty0, ex - k * tx1, ey - k * ty1, ex, ey]);
  }
  return cubics;
}
