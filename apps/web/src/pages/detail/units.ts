import type { BaseScale } from '@ferry/shared';

/**
 * Design pixels as a developer writes them. A design is drawn at a base scale (@1x, @2x, @3x): a @2x design's
 * 200 px are 100 px in CSS, 100 pt on iOS, 100 dp on Android (sp for font sizes). WXSS counts in rpx with the
 * screen 750 rpx wide; Ferry uses the common rule 1 px at @1x = 2 rpx (a 375 pt wide phone), so a @2x design of
 * 750 px reads 1 design px = 1 rpx. The rule does not depend on the design's width, so a 200 px icon converts
 * the same on any artboard.
 */
export type Platform = 'web' | 'ios' | 'android' | 'wxss';
export const PLATFORMS: readonly Platform[] = ['web', 'ios', 'android', 'wxss'];

export type Unit = 'px' | 'pt' | 'dp' | 'sp' | 'rpx';

export interface UnitContext {
  platform: Platform;
  baseScale: BaseScale;
}

/** `font` is for font sizes (and line heights), which Android measures in sp. */
export type LengthKind = 'length' | 'font';

const RPX_PER_POINT = 2;

export function unitOf(platform: Platform, kind: LengthKind = 'length'): Unit {
  if (platform === 'ios') return 'pt';
  if (platform === 'android') return kind === 'font' ? 'sp' : 'dp';
  if (platform === 'wxss') return 'rpx';
  return 'px';
}

/** Design pixels → the platform's unit. */
export function convert(designPx: number, context: UnitContext): number {
  const points = designPx / context.baseScale;
  return context.platform === 'wxss' ? points * RPX_PER_POINT : points;
}

/** At most two decimals, no trailing zeros, never "-0": 12, 12.5, 0.33. */
export function formatNumber(value: number, decimals = 2): string {
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/** "24px", "12pt", "16sp", "48rpx". */
export function formatLength(designPx: number, context: UnitContext, kind: LengthKind = 'length'): string {
  return `${formatNumber(convert(designPx, context))}${unitOf(context.platform, kind)}`;
}

/** Phone screen widths drawn at @2x and @3x; everything else (desktop, tablets at @1x) reads as @1x. */
const WIDTHS_AT_2X = [640, 720, 750, 828];
const WIDTHS_AT_3X = [1080, 1125, 1170, 1179, 1242, 1284, 1290];

/** The base scale a design of this width was most likely drawn at, until the user picks one. */
export function guessBaseScale(width: number): BaseScale {
  if (WIDTHS_AT_3X.includes(width)) return 3;
  if (WIDTHS_AT_2X.includes(width)) return 2;
  return 1;
}
