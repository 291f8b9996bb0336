import { DetailLimits } from '@ferry/shared';
import { describe, expect, it } from 'vitest';
import {
  anchoredOffset,
  canZoomIn,
  canZoomOut,
  fitScale,
  openingScale,
  percentOf,
  restingOffset,
  zoomIn,
  zoomOut,
} from './zoom';

describe('detail zoom', () => {
  it('steps by 0.25 up to 4 and down to 0.25, from any scale onto the grid of steps', () => {
    expect(DetailLimits).toMatchObject({ zoomStep: 0.25, zoomMax: 4 });
    const up: number[] = [];
    for (let scale = 0.25; canZoomIn(scale); scale = zoomIn(scale)) up.push(zoomIn(scale));
    expect(up).toEqual([0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.25, 2.5, 2.75, 3, 3.25, 3.5, 3.75, 4]);
    expect(zoomIn(4)).toBe(4);
    expect(canZoomIn(4)).toBe(false);
    // A fitted scale between steps goes to the neighbouring step.
    expect(zoomIn(0.3)).toBe(0.5);
    expect(zoomOut(0.6)).toBe(0.5);
    expect(zoomOut(0.75)).toBe(0.5);
    expect(zoomOut(0.5)).toBe(0.25);
    expect(zoomOut(0.25)).toBe(0.25);
    expect(canZoomOut(0.25)).toBe(false);
    // Below the smallest step (a huge design fitted) zooming out does nothing, zooming in reaches 0.25.
    expect(zoomOut(0.1)).toBe(0.1);
    expect(zoomIn(0.1)).toBe(0.25);
    expect(percentOf(0.125)).toBe('13%');
  });

  it('fits the design into the canvas less its padding, never enlarging it', () => {
    const canvas = { width: 1296, height: 796 };
    expect(fitScale({ width: 2400, height: 1400 }, canvas, 48)).toBe(0.5);
    expect(fitScale({ width: 375, height: 812 }, canvas, 48)).toBeCloseTo(700 / 812);
    expect(fitScale({ width: 200, height: 100 }, canvas, 48)).toBe(1);
    expect(fitScale({ width: 0, height: 0 }, canvas, 48)).toBe(1);
  });

  it('opens a design much taller than the canvas fitted to its width, from the top', () => {
    const canvas = { width: 1177, height: 800 };
    const tall = { width: 1579, height: 7845 };
    const scale = openingScale(tall, canvas, 48);
    expect(scale).toBeCloseTo((1177 - 96) / 1579);
    expect(restingOffset(tall, canvas, scale, 48)).toEqual({ x: 48, y: 48 });
    // A phone screen, or a page only somewhat taller than the canvas, still opens whole and centred.
    expect(openingScale({ width: 750, height: 1624 }, canvas, 48)).toBe(
      fitScale({ width: 750, height: 1624 }, canvas, 48),
    );
    expect(openingScale({ width: 2400, height: 1400 }, canvas, 48)).toBe(
      fitScale({ width: 2400, height: 1400 }, canvas, 48),
    );
    expect(restingOffset({ width: 400, height: 300 }, canvas, 1, 48)).toEqual({ x: 389, y: 250 });
  });

  it('zooms around the anchor: the design point under it stays where it was', () => {
    const offset = { x: 100, y: -2000 };
    const anchor = { x: 600, y: 400 };
    const designPoint = (at: { x: number; y: number }, scale: number) => ({
      x: (anchor.x - at.x) / scale,
      y: (anchor.y - at.y) / scale,
    });
    const before = designPoint(offset, 0.5);
    const after = anchoredOffset(offset, anchor, 0.5, 1.25);
    expect(designPoint(after, 1.25).x).toBeCloseTo(before.x);
    expect(designPoint(after, 1.25).y).toBeCloseTo(before.y);
  });
});
