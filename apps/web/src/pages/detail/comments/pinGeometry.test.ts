import { describe, expect, it } from 'vitest';
import { popoverPlace } from './pinGeometry';

const composer = { width: 300, height: 150 };
const canvas = { width: 1100, height: 800 };
const clearance = { right: 40, left: 8, up: 32 };

describe('the composer beside its pin', () => {
  it('opens right of the pin where there is room', () => {
    expect(popoverPlace({ x: 200, y: 300 }, composer, canvas, clearance, 8)).toEqual({
      left: 240,
      top: 268,
      side: 'right',
    });
  });

  it('flips to the pin’s left near the canvas’s right edge (the sidebar), staying whole', () => {
    const place = popoverPlace({ x: 1000, y: 300 }, composer, canvas, clearance, 8);
    expect(place).toEqual({ left: 692, top: 268, side: 'left' });
    expect(place.left + composer.width).toBeLessThanOrEqual(canvas.width);
  });

  it('moves up from the bottom edge and in from a pin panned out of view', () => {
    expect(popoverPlace({ x: 200, y: 790 }, composer, canvas, clearance, 8).top).toBe(800 - 8 - 150);
    expect(popoverPlace({ x: 1500, y: -40 }, composer, canvas, clearance, 8)).toEqual({
      left: 1100 - 8 - 300,
      top: 8,
      side: 'left',
    });
  });
});
