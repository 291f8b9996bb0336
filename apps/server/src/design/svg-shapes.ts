import {
  arcCubics,
  boxCubics,
  type Cubic,
  ellipseCubics,
  IDENTITY,
  lineCubic,
  type Matrix,
  multiply,
  quadCubic,
  rotation,
  scaling,
  translation,
} from './geometry.js';
import type { SvgElement } from './svg-parse.js';
import { parseLength } from './svg-style.js';

const NUMBER = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;

/** Reads path data (SVG 1.1 §8.3) into cubics; stops at the first error, keeping what came before, as browsers do. */
export function pathCubics(d: string): Cubic[] {
  const cubics: Cubic[] = [];
  let i = 0;
  const skip = () => {
    while (i < d.length && /[\s,]/.test(d[i])) i++;
  };
  const num = (): number | null => {
    skip();
    NUMBER.lastIndex = i;
    const match = NUMBER.exec(d);
    if (!match) return null;
    i = NUMBER.lastIndex;
    return Number.parseFloat(match[0]);
  };
  const flag = (): boolean | null => {
    skip();
    const c = d[i];
    if (c !== '0' && c !== '1') return null;
    i++;
    return c === '1';
  };
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  // The last control point, for the smooth (S, T) commands.
  let lastCubic: [number, number] | null = null;
  let lastQuad: [number, number] | null = null;
  let command = '';
  while (true) {
    skip();
    if (i >= d.length) break;
    if (/[a-zA-Z]/.test(d[i])) command = d[i++];
    else if (!command || command === 'z' || command === 'Z') break;
    const rel = command === command.toLowerCase();
    const ox = rel ? x : 0;
    const oy = rel ? y : 0;
    const c = command.toUpperCase();
    let cubic: [number, number] | null = null;
    let quad: [number, number] | null = null;
    if (c === 'Z') {
      if (x !== startX || y !== startY) cubics.push(lineCubic(x, y, startX, startY));
      x = startX;
      y = startY;
    } else if (c === 'M' || c === 'L' || c === 'T') {
      const nx = num();
      const ny = num();
      if (nx === null || ny === null) break;
      if (c === 'M') {
        startX = nx + ox;
        startY = ny + oy;
        // Further pairs after a moveto are linetos.
        command = rel ? 'l' : 'L';
      } else if (c === 'L') cubics.push(lineCubic(x, y, nx + ox, ny + oy));
      else {
        const reflected: [number, number] | null = lastQuad;
        const qx: number = reflected ? 2 * x - reflected[0] : x;
        const qy: number = reflected ? 2 * y - reflected[1] : y;
        cubics.push(quadCubic(x, y, qx, qy, nx + ox, ny + oy));
        quad = [qx, qy];
      }
      x = nx + ox;
      y = ny + oy;
    } else if (c === 'H' || c === 'V') {
      const n = num();
      if (n === null) break;
      const nx = c === 'H' ? n + ox : x;
      const ny = c === 'V' ? n + oy : y;
      cubics.push(lineCubic(x, y, nx, ny));
      x = nx;
      y = ny;
    } else if (c === 'C' || c === 'S') {
      let x1: number | null;
      let y1: number | null;
      if (c === 'C') {
        x1 = num();
        y1 = num();
        if (x1 === null || y1 === null) break;
        x1 += ox;
        y1 += oy;
      } else [x1, y1] = lastCubic ? [2 * x - lastCubic[0], 2 * y - lastCubic[1]] : [x, y];
      const x2 = num();
      const y2 = num();
      const nx = num();
      const ny = num();
      if (x2 === null || y2 === null || nx === null || ny === null) break;
      cubics.push([x, y, x1, y1, x2 + ox, y2 + oy, nx + ox, ny + oy]);
      cubic = [x2 + ox, y2 + oy];
      x = nx + ox;
      y = ny + oy;
    } else if (c === 'Q') {
      const qx = num();
      const qy = num();
      const nx = num();
      const ny = num();
      if (qx === null || qy === null || nx === null || ny === null) break;
      cubics.push(quadCubic(x, y, qx + ox, qy + oy, nx + ox, ny + oy));
      quad = [qx + ox, qy + oy];
      x = nx + ox;
      y = ny + oy;
    } else if (c === 'A') {
      const rx = num();
      const ry = num();
      const rotation = num();
      const large = flag();
      const sweep = flag();
      const nx = num();
      const ny = num();
      if (
        rx === null ||
        ry === null ||
        rotation === null ||
        large === null ||
        sweep === null ||
        nx === null ||
        ny === null
      ) {
        break;
      }
      cubics.push(...arcCubics(x, y, rx, ry, rotation, large, sweep, nx + ox, ny + oy));
      x = nx + ox;
      y = ny + oy;
    } else break;
    lastCubic = cubic;
    lastQuad = quad;
  }
  return cubics;
}

const numberList = (value: string | undefined): number[] =>
  (value ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isFinite(n));

/** A `transform` attribute (a list of matrix/translate/scale/rotate/skewX/skewY), applied left to right. */
export function parseTransform(value: string | undefined): Matrix {
  let m = IDENTITY;
  for (const [, name, args] of (value ?? '').matchAll(
    /(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)/g,
  )) {
    const n = numberList(args);
    let step: Matrix | null = null;
    if (name === 'matrix' && n.length === 6) step = n as Matrix;
    else if (name === 'translate' && n.length >= 1) step = translation(n[0], n[1] ?? 0);
    else if (name === 'scale' && n.length >= 1) step = scaling(n[0], n[1] ?? n[0]);
    else if (name === 'rotate' && n.length >= 1) step = rotation(n[0], n[1] ?? 0, n[2] ?? 0);
    else if (name === 'skewX' && n.length === 1) step = [1, 0, Math.tan((n[0] * Math.PI) / 180), 1, 0, 0];
    else if (name === 'skewY' && n.length === 1) step = [1, Math.tan((n[0] * Math.PI) / 180), 0, 1, 0, 0];
    if (step) m = multiply(m, step);
  }
  return m;
}

/** Lengths of shape attributes; percentages are rare in exports and read against a 0 viewport. */
export const attrLength = (element: SvgElement, name: string, fallback = 0): number =>
  parseLength(element.attrs[name]) ?? fallback;

/** The outline of a basic shape or path in its own coordinates; null for anything else or nothing drawn. */
export function shapeCubics(element: SvgElement): Cubic[] | null {
  const a = (name: string) => attrLength(element, name);
  switch (element.name) {
    case 'rect': {
      const width = a('width');
      const height = a('height');
      return width > 0 && height > 0 ? boxCubics(a('x'), a('y'), width, height) : null;
    }
    case 'circle': {
      const r = a('r');
      return r > 0 ? ellipseCubics(a('cx'), a('cy'), r, r) : null;
    }
    case 'ellipse': {
      const rx = a('rx');
      const ry = a('ry');
      return rx > 0 && ry > 0 ? ellipseCubics(a('cx'), a('cy'), rx, ry) : null;
    }
    case 'line':
      return [lineCubic(a('x1'), a('y1'), a('x2'), a('y2'))];
    case 'polyline':
    case 'polygon': {
      const points = numberList(element.attrs.points);
      const cubics: Cubic[] = [];
      for (let i = 2; i + 1 < points.length; i += 2) {
        cubics.push(lineCubic(points[i - 2], points[i - 1], points[i], points[i + 1]));
      }
      if (element.name === 'polygon' && points.length >= 4) {
        cubics.push(lineCubic(points[points.length - 2], points[points.length - 1], points[0], points[1]));
      }
      return cubics.length ? cubics : null;
    }
    case 'path': {
      const cubics = pathCubics(element.attrs.d ?? '');
      return cubics.length ? cubics : null;
    }
    default:
      return null;
  }
}

/** A rect's corner radius (rx, or ry when only that is given, capped at half a side); null when square. */
export function rectRadius(element: SvgElement): number | null {
  if (element.name !== 'rect') return null;
  const rx = parseLength(element.attrs.rx);
  const ry = parseLength(element.attrs.ry);
  const r = Math.min(rx ?? ry ?? 0, attrLength(element, 'width') / 2, attrLength(element, 'height') / 2);
  return r > 0 ? r : null;
}
