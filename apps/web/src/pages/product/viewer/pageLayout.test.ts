import { describe, expect, it } from 'vitest';
import {
  AXURE_LOGICAL_WIDTH,
  anchoredScroll,
  axureFrame,
  fitWidthScale,
  PAGE_GAP,
  PX_PER_POINT,
  pageBox,
  pageIndexAt,
  readingPageIndex,
  runBox,
  STACK_PADDING,
  stackTops,
  zoomStepFrom,
} from './pageLayout';

const A4 = { width: 595, height: 842 };
const LANDSCAPE = { width: 842, height: 595 };

describe('the page stack geometry', () => {
  it('fits the widest page to the column, and keeps each page in its proportions', () => {
    const column = 842 * PX_PER_POINT + STACK_PADDING * 2;
    expect(fitWidthScale([A4, LANDSCAPE], column)).toBeCloseTo(1);
    expect(fitWidthScale([A4], 0)).toBe(1);
    expect(fitWidthScale([], 800)).toBe(1);
    const box = pageBox(A4, 0.5);
    expect(box.width).toBe(Math.round(595 * PX_PER_POINT * 0.5));
    expect(box.height / box.width).toBeCloseTo(842 / 595, 2);
    // A page without a size still gets a box.
    expect(pageBox({ width: 0, height: 0 }, 1).height).toBeGreaterThan(0);
  });

  it('zooms by 0.25 steps from any scale', () => {
    expect(zoomStepFrom(0.9, 1)).toBe(1);
    expect(zoomStepFrom(0.9, -1)).toBe(0.75);
    expect(zoomStepFrom(4, 1)).toBe(4);
  });

  it('stacks pages with gaps and tells the page under a point and the page being read', () => {
    const { tops, total } = stackTops([100, 200, 100]);
    expect(tops).toEqual([STACK_PADDING, STACK_PADDING + 100 + PAGE_GAP, STACK_PADDING + 300 + 2 * PAGE_GAP]);
    expect(total).toBe(STACK_PADDING * 2 + 400 + 2 * PAGE_GAP);
    expect(pageIndexAt(tops, 0)).toBe(0);
    expect(pageIndexAt(tops, tops[1] - 1)).toBe(0);
    expect(pageIndexAt(tops, tops[1])).toBe(1);
    expect(pageIndexAt(tops, 10_000)).toBe(2);
    expect(pageIndexAt([], 5)).toBe(-1);
    // A quarter down a 200 px view.
    expect(readingPageIndex(tops, total, { scrollTop: tops[1] - 40, height: 200 })).toBe(1);
    expect(readingPageIndex(tops, total, { scrollTop: 0, height: 200 })).toBe(0);
    // At the bottom, the last page even if it never reaches the line.
    expect(readingPageIndex(tops, total, { scrollTop: total - 200, height: 200 })).toBe(2);
  });

  it('keeps the point under the pointer still when zooming', () => {
    const scrollTop = 1000;
    const anchorY = 100;
    const after = anchoredScroll(scrollTop, anchorY, 1, 2);
    // The stack point under the pointer was 1076 px into the pages; at twice the scale it is 2152.
    expect(after + anchorY - STACK_PADDING).toBeCloseTo((scrollTop + anchorY - STACK_PADDING) * 2);
    expect(anchoredScroll(500, 100, 1.5, 1.5)).toBe(500);
    // Never above the top.
    expect(anchoredScroll(10, 300, 2, 1)).toBe(0);
  });

  it('places a text run over its page, stretched to its box', () => {
    const box = runBox({ str: 'Hi', x: 0.1, y: 0.2, w: 0.5, h: 0.02 }, { width: 800, height: 1000 }, 200);
    expect(box).toEqual({ left: 80, top: 200, fontSize: 20, width: 400, scaleX: 2 });
    expect(runBox({ str: 'Hi', x: 0, y: 0, w: 0.5, h: 0.02 }, { width: 800, height: 1000 }).scaleX).toBe(1);
  });

  it('lays an Axure page out 1280 px wide and scales it down to the area when the Axure zoom is on', () => {
    expect(axureFrame({ width: 640, height: 500 }, true)).toEqual({
      width: AXURE_LOGICAL_WIDTH,
      height: 1000,
      scale: 0.5,
    });
    expect(axureFrame({ width: 640, height: 500 }, false)).toEqual({ width: 640, height: 500, scale: 1 });
    expect(axureFrame({ width: 1600, height: 500 }, true)).toEqual({ width: 1600, height: 500, scale: 1 });
  });
});
