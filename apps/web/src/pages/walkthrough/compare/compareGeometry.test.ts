import { describe, expect, it } from 'vitest';
import {
  boundedAlignment,
  contentSize,
  designPoint,
  ratioText,
  SIDE_GAP,
  screenshotFrame,
  unionFrame,
} from './compareGeometry';

const design = { width: 375, height: 812 };

describe('the comparison geometry', () => {
  it('lays a screenshot at the design width by its device pixel ratio, at its offset', () => {
    expect(screenshotFrame({ width: 750, height: 1800 }, { scale: 2, offset_x: -3, offset_y: 4 })).toEqual({
      x: -3,
      y: 4,
      width: 375,
      height: 900,
    });
    // A scale of 0 (never stored) draws at 1.
    expect(screenshotFrame({ width: 10, height: 10 }, { scale: 0, offset_x: 0, offset_y: 0 }).width).toBe(10);
  });

  it('frames the design and the screenshot over it together', () => {
    expect(unionFrame(design, null)).toEqual({ x: 0, y: 0, ...design });
    expect(unionFrame(design, { x: -5, y: 10, width: 375, height: 900 })).toEqual({
      x: -5,
      y: 0,
      width: 380,
      height: 910,
    });
  });

  it('puts side by side halves next to each other and maps the right one back to the design', () => {
    expect(contentSize(design, 'side', true)).toEqual({ width: 750 + SIDE_GAP, height: 812 });
    expect(contentSize(design, 'side', false)).toEqual(design);
    expect(contentSize(design, 'overlay', true)).toEqual(design);
    expect(designPoint({ x: 375 + SIDE_GAP + 10, y: 20 }, design, 'side', true)).toEqual({ x: 10, y: 20 });
    expect(designPoint({ x: 10, y: 20 }, design, 'side', true)).toEqual({ x: 10, y: 20 });
    expect(designPoint({ x: 500, y: 20 }, design, 'swipe', true)).toEqual({ x: 500, y: 20 });
  });

  it('holds an alignment within the contract, on whole pixels', () => {
    expect(boundedAlignment({ scale: 20, offset_x: 1.6, offset_y: -9999 })).toEqual({
      scale: 8,
      offset_x: 2,
      offset_y: -4096,
    });
    expect(boundedAlignment({ scale: 1.234, offset_x: 0, offset_y: 0 }).scale).toBe(1.23);
  });

  it('words the share of differing pixels', () => {
    expect(ratioText(0.0421)).toBe('4.2%');
    expect(ratioText(0.0004)).toBe('0.04%');
    expect(ratioText(0)).toBe('0.0%');
  });
});
