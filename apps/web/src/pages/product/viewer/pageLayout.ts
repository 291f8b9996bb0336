import type { DocumentPageText } from '@ferry/shared';
import { DetailLimits } from '@ferry/shared';
import { zoomIn, zoomOut } from '../../detail/zoom';

/**
 * The page stack's geometry: pages stacked top to bottom at one scale, where scale 1 is a page's printed size
 * on screen (a PDF point is 4/3 CSS px) and "fit width" fits the widest page to the column.
 */

/** CSS px per PDF point at 100 %. */
export const PX_PER_POINT = 96 / 72;
/** Room around the stack and between pages, CSS px. */
export const STACK_PADDING = 24;
export const PAGE_GAP = 16;
/** The thumbnails' width in the left column, CSS px; their label below. */
export const THUMB_WIDTH = 120;
export const THUMB_LABEL = 24;
export const THUMB_GAP = 12;

interface PageSize {
  width: number;
  height: number;
}

/** 'fit' follows the column's width; a number is the user's scale. */
export type Zoom = 'fit' | number;

const SMALLEST_FIT = 0.1;

/** The scale at which the widest page fills the column less its padding. */
export function fitWidthScale(pages: readonly PageSize[], columnWidth: number): number {
  const widest = Math.max(0, ...pages.map((page) => page.width));
  const room = columnWidth - STACK_PADDING * 2;
  if (widest <= 0 || room <= 0) return 1;
  return Math.min(DetailLimits.zoomMax, Math.max(SMALLEST_FIT, room / (widest * PX_PER_POINT)));
}

export const resolveScale = (zoom: Zoom, fitted: number) => (zoom === 'fit' ? fitted : zoom);

/** A page's size on screen at `scale`, whole CSS px. */
export function pageBox(page: PageSize, scale: number): { width: number; height: number } {
  const width = Math.max(1, Math.round(page.width * PX_PER_POINT * scale));
  const ratio = page.width > 0 && page.height > 0 ? page.height / page.width : Math.SQRT2;
  return { width, height: Math.max(1, Math.round(width * ratio)) };
}

/** The next zoom step up or down from the scale on screen (0.25 steps, 25 % to 400 %). */
export const zoomStepFrom = (scale: number, direction: 1 | -1) =>
  direction > 0 ? zoomIn(scale) : zoomOut(scale);

/** Each page's top in the stack (CSS px) and the stack's height. */
export function stackTops(heights: readonly number[]): { tops: number[]; total: number } {
  const tops: number[] = [];
  let y = STACK_PADDING;
  for (const height of heights) {
    tops.push(y);
    y += height + PAGE_GAP;
  }
  return { tops, total: heights.length ? y - PAGE_GAP + STACK_PADDING : 0 };
}

/** The index of the page under `y` (a gap counts for the page above it); 0 above the first. */
export function pageIndexAt(tops: readonly number[], y: number): number {
  let low = 0;
  let high = tops.length - 1;
  if (high < 0) return -1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (tops[middle] <= y) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * The page being read: the one under a line a quarter down the view, or the last page once the view has
 * reached the bottom (a short last page never reaches that line).
 */
export function readingPageIndex(
  tops: readonly number[],
  total: number,
  view: { scrollTop: number; height: number },
): number {
  if (!tops.length) return -1;
  if (view.height > 0 && view.scrollTop + view.height >= total - 1 && view.scrollTop > 0)
    return tops.length - 1;
  return pageIndexAt(tops, view.scrollTop + view.height / 4);
}

/** After a zoom from `from` to `to`, the scroll position that keeps the stack point under `anchorY` where it is. */
export function anchoredScroll(scrollTop: number, anchorY: number, from: number, to: number): number {
  const point = scrollTop + anchorY - STACK_PADDING;
  return Math.max(0, point * (to / from) + STACK_PADDING - anchorY);
}

/** A thumbnail's row height: the picture at THUMB_WIDTH, its label and the gap below. */
export const thumbRowHeight = (page: PageSize) =>
  pageBox(page, THUMB_WIDTH / Math.max(1, page.width * PX_PER_POINT)).height + THUMB_LABEL + THUMB_GAP;

/**
 * Where a text run sits over its page picture, CSS px: its box's corner, the font size from its height and the
 * horizontal stretch that makes the run as wide as its box (`measured`: its width at that font size, when known).
 */
export function runBox(
  run: DocumentPageText['items'][number],
  page: { width: number; height: number },
  measured?: number,
) {
  const fontSize = Math.max(1, run.h * page.height);
  const width = run.w * page.width;
  const scaleX = measured && measured > 0 && width > 0 ? width / measured : 1;
  return { left: run.x * page.width, top: run.y * page.height, fontSize, width, scaleX };
}

/** The logical width an Axure page is laid out at when the Axure zoom is on. */
export const AXURE_LOGICAL_WIDTH = 1280;

/**
 * The Axure page frame: with the zoom on, laid out 1280 px wide and scaled down to the area's width (a wider
 * area shows it at its own width), its height stretched so the scaled frame still fills the area; off, the area's own size.
 */
export function axureFrame(
  area: PageSize,
  zoomOn: boolean,
): { width: number; height: number; scale: number } {
  if (!zoomOn || area.width <= 0 || area.height <= 0 || area.width >= AXURE_LOGICAL_WIDTH)
    return { width: area.width, height: area.height, scale: 1 };
  const scale = area.width / AXURE_LOGICAL_WIDTH;
  return { width: AXURE_LOGICAL_WIDTH, height: Math.round(area.height / scale), scale };
}
