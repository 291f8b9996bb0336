import { IDENTITY, type Matrix } from './geometry.js';
import type { SvgElement } from './svg-parse.js';
import { parseLength } from './svg-style.js';

/** What a browser gives an <svg> with neither a size nor a viewBox. */
const DEFAULT_SIZE = { width: 300, height: 150 };

function viewBoxOf(element: SvgElement): [number, number, number, number] | null {
  const numbers = (element.attrs.viewBox ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (numbers.length !== 4 || numbers.some((n) => !Number.isFinite(n)) || numbers[2] <= 0 || numbers[3] <= 0)
    return null;
  return numbers as [number, number, number, number];
}

/** A size attribute in pixels; percentages (of an unknown viewport) count as absent. */
const sizeAttr = (value: string | undefined): number | null => {
  if (!value || value.trim().endsWith('%')) return null;
  const n = parseLength(value);
  return n !== null && n > 0 ? n : null;
};

/**
 * The size of an <svg> or <symbol> viewport and the transform from its viewBox into it (SVG 1.1 §7.8,
 * preserveAspectRatio included). `width`/`height` override the element's own (a <use> sizing a symbol).
 */
export function viewportOf(
  element: SvgElement,
  width?: number,
  height?: number,
): { width: number; height: number; m: Matrix } {
  const box = viewBoxOf(element);
  let w = width || sizeAttr(element.attrs.width);
  let h = height || sizeAttr(element.attrs.height);
  if (box) {
    if (!w && !h) [w, h] = [box[2], box[3]];
    else if (!w && h) w = (h * box[2]) / box[3];
    else if (w && !h) h = (w * box[3]) / box[2];
  }
  const vw = w || DEFAULT_SIZE.width;
  const vh = h || DEFAULT_SIZE.height;
  if (!box) return { width: vw, height: vh, m: IDENTITY };
  const [minX, minY, boxW, boxH] = box;
  let sx = vw / boxW;
  let sy = vh / boxH;
  const [align = 'xMidYMid', meetOrSlice = 'meet'] = (element.attrs.preserveAspectRatio ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  let tx = -minX * sx;
  let ty = -minY * sy;
  if (align !== 'none') {
    const s = meetOrSlice === 'slice' ? Math.max(sx, sy) : Math.min(sx, sy);
    sx = s;
    sy = s;
    const freeX = vw - boxW * s;
    const freeY = vh - boxH * s;
    const fx = align.includes('xMid') ? 0.5 : align.includes('xMax') ? 1 : 0;
    const fy = align.includes('YMid') ? 0.5 : align.includes('YMax') ? 1 : 0;
    tx = -minX * s + freeX * fx;
    ty = -minY * s + freeY * fy;
  }
  return { width: vw, height: vh, m: [sx, 0, 0, sy, tx, ty] };
}
