import { DetailLimits } from '@ferry/shared';
import { describe, expect, it } from 'vitest';
import { canZoomIn, canZoomOut, fitScale, percentOf, zoomIn, zoomOut } from './zoom';

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
});
