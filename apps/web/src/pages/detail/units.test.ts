import { describe, expect, it } from 'vitest';
import {
  convert,
  exactLength,
  formatLength,
  formatNumber,
  guessBaseScale,
  lengthValue,
  roundedLength,
  unitOf,
} from './units';

describe('design pixels in the platform units', () => {
  it('divides by the base scale: a @2x design of 100 px is 50 px, 50 pt, 50 dp', () => {
    expect(convert(100, { platform: 'web', baseScale: 2 })).toBe(50);
    expect(formatLength(100, { platform: 'ios', baseScale: 2 })).toBe('50pt');
    expect(formatLength(100, { platform: 'android', baseScale: 2 })).toBe('50dp');
    expect(formatLength(32, { platform: 'android', baseScale: 2 }, 'font')).toBe('16sp');
    expect(formatLength(90, { platform: 'web', baseScale: 3 })).toBe('30px');
    expect(formatLength(17, { platform: 'web', baseScale: 1 })).toBe('17px');
  });

  it('counts 2 rpx per px at @1x, so a @2x design of 750 px is 750 rpx wide', () => {
    expect(formatLength(750, { platform: 'wxss', baseScale: 2 })).toBe('750rpx');
    expect(formatLength(10, { platform: 'wxss', baseScale: 1 })).toBe('20rpx');
    expect(formatLength(30, { platform: 'wxss', baseScale: 3 })).toBe('20rpx');
    expect(unitOf('wxss', 'font')).toBe('rpx');
  });

  it('writes at most two decimals and never -0', () => {
    expect(formatNumber(100 / 3)).toBe('33.33');
    expect(formatNumber(12.5)).toBe('12.5');
    expect(formatNumber(-0.001)).toBe('0');
  });

  it('rounds SVG noise as Zeplin does: whole px at @1x, halves at @2x/@3x, font sizes to 0.5', () => {
    const web1x = { platform: 'web', baseScale: 1 } as const;
    expect(formatLength(306.62, web1x)).toBe('307px');
    expect(formatLength(21.41, web1x, 'font')).toBe('21.5px');
    expect(formatLength(21.2, web1x, 'font')).toBe('21px');
    // A hairline of a @2x or @3x design is half a point: one device pixel, kept.
    expect(formatLength(1, { platform: 'ios', baseScale: 2 })).toBe('0.5pt');
    expect(formatLength(1, { platform: 'ios', baseScale: 3 })).toBe('0.5pt');
    expect(formatLength(613.3, { platform: 'android', baseScale: 2 })).toBe('306.5dp');
    expect(formatLength(33.3, { platform: 'android', baseScale: 2 }, 'font')).toBe('16.5sp');
    expect(formatLength(306.62, { platform: 'wxss', baseScale: 2 })).toBe('307rpx');
    // Letter spacing keeps its hundredths.
    expect(formatLength(-0.413, web1x, 'spacing')).toBe('-0.41px');
    expect(roundedLength(-0.2, web1x)).toBe('0');
  });

  it('keeps the exact value beside the rounded one', () => {
    const web1x = { platform: 'web', baseScale: 1 } as const;
    expect(exactLength(306.6234, web1x)).toBe('306.62px');
    expect(lengthValue(21.41, web1x, 'font')).toEqual({ value: '21.5px', exact: '21.41px' });
  });

  it('guesses the base scale from phone widths and reads everything else as @1x', () => {
    expect(guessBaseScale(750)).toBe(2);
    expect(guessBaseScale(1125)).toBe(3);
    expect(guessBaseScale(375)).toBe(1);
    expect(guessBaseScale(1440)).toBe(1);
  });
});
