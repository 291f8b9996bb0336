import { describe, expect, it } from 'vitest';
import { pagePointOf, pinOffset } from './pinPlace';

const page = { left: 100, top: 50, width: 400, height: 600 };

describe('a click on a page as a pin position', () => {
  it('is the fraction of the page from its top-left corner', () => {
    expect(pagePointOf({ clientX: 200, clientY: 200 }, page)).toEqual({ x: 0.25, y: 0.25 });
    expect(pagePointOf({ clientX: 100, clientY: 50 }, page)).toEqual({ x: 0, y: 0 });
    expect(pagePointOf({ clientX: 500, clientY: 650 }, page)).toEqual({ x: 1, y: 1 });
  });

  it('keeps four decimals', () => {
    expect(pagePointOf({ clientX: 233.333, clientY: 51 }, page)).toEqual({ x: 0.3333, y: 0.0017 });
  });

  it('stays on the page for a click just past its edge', () => {
    expect(pagePointOf({ clientX: 90, clientY: 700 }, page)).toEqual({ x: 0, y: 1 });
  });

  it('puts a page with no size yet in its middle', () => {
    expect(pagePointOf({ clientX: 10, clientY: 10 }, { left: 0, top: 0, width: 0, height: 0 })).toEqual({
      x: 0.5,
      y: 0.5,
    });
  });

  it('is placed back at the same spot at any zoom', () => {
    const point = pagePointOf({ clientX: 300, clientY: 350 }, page);
    expect(pinOffset(point, { width: 400, height: 600 })).toEqual({ left: 200, top: 300 });
    expect(pinOffset(point, { width: 800, height: 1200 })).toEqual({ left: 400, top: 600 });
  });
});
