import { describe, expect, it } from 'vitest';
import { fillCss, formatColor, percent, toHex, toHsl, toRgba } from './colors';

const ink = { r: 30, g: 32, b: 37, a: 1 };

describe('colours in the three formats', () => {
  it('writes HEX with the alpha appended only when not opaque', () => {
    expect(toHex(ink)).toBe('#1E2025');
    expect(toHex({ ...ink, a: 0.8 })).toBe('#1E2025CC');
    expect(toHex({ r: 0, g: 0, b: 0, a: 0 })).toBe('#00000000');
  });

  it('writes RGBA with the alpha in two decimals', () => {
    expect(toRgba(ink)).toBe('rgba(30, 32, 37, 1)');
    expect(toRgba({ r: 51, g: 112, b: 255, a: 0.333 })).toBe('rgba(51, 112, 255, 0.33)');
  });

  it('writes HSL, hsla when not opaque', () => {
    expect(toHsl(ink)).toBe('hsl(223, 10%, 13%)');
    expect(toHsl({ r: 255, g: 0, b: 0, a: 1 })).toBe('hsl(0, 100%, 50%)');
    expect(toHsl({ r: 0, g: 0, b: 255, a: 0.5 })).toBe('hsla(240, 100%, 50%, 0.5)');
    expect(toHsl({ r: 255, g: 255, b: 255, a: 1 })).toBe('hsl(0, 0%, 100%)');
    expect(formatColor(ink, 'hsl')).toBe(toHsl(ink));
  });

  it('writes gradients as CSS in the chosen format', () => {
    const stops = [
      { color: { r: 51, g: 112, b: 255, a: 1 }, position: 0 },
      { color: { r: 91, g: 140, b: 255, a: 0.5 }, position: 1 },
    ];
    expect(fillCss({ type: 'linear', angle: 90, stops }, 'hex')).toBe(
      'linear-gradient(90deg, #3370FF 0%, #5B8CFF80 100%)',
    );
    expect(fillCss({ type: 'radial', angle: 0, stops }, 'rgba')).toBe(
      'radial-gradient(circle, rgba(51, 112, 255, 1) 0%, rgba(91, 140, 255, 0.5) 100%)',
    );
    expect(fillCss({ type: 'image' }, 'hex')).toBeNull();
    expect(percent(0.955)).toBe('96%');
  });
});
