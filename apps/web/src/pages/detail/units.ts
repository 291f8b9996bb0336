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

/**
 * `font` is for font sizes and line heights (Android measures them in sp); `spacing` is letter spacing, where
 * tenths of a unit are the designer's intent (-0.41pt), so it keeps two decimals.
 */
export type LengthKind = 'length' | 'font' | 'spacing';

const RPX_PER_POINT = 2;

export function unitOf(platform: Platform, kind: LengthKind = 'length'): Unit {
  if (platform === 'ios') return 'pt';
  if (platform === 'android') return kind === 'font' ? 'sp' : 'dp';
  if (platform === 'wxss') return 'rpx';
  return 'px';
}

/** Design pixels → the platform's unit, unrounded. */
export function convert(designPx: number, context: UnitContext): number {
  const points = designPx / context.baseScale;
  return context.platform === 'wxss' ? points * RPX_PER_POINT : points;
}

/**
 * The step a value is shown and coded in, as Zeplin does: vector exports carry sub-pixel noise (306.62px)
 * nobody means to build. Lengths go to whole units; in a design drawn at @2x or @3x half a pt/dp/px is a real
 * device pixel (a hairline), so those keep halves. rpx are already finer than a pt, so whole rpx. Font sizes and
 * line heights go to halves at any scale; letter spacing keeps hundredths.
 */
export function roundingStep(context: UnitContext, kind: LengthKind = 'length'): number {
  if (kind === 'spacing') return 0.01;
  if (kind === 'font') return 0.5;
  if (context.platform === 'wxss') return 1;
  return context.baseScale >= 2 ? 0.5 : 1;
}

/** At most two decimals, no trailing zeros, never "-0": 12, 12.5, 0.33. */
export function formatNumber(value: number, decimals = 2): string {
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/** The number written for a length: converted, then rounded to its step. The panels and every generator use it. */
export function roundedLength(designPx: number, context: UnitContext, kind: LengthKind = 'length'): string {
  const step = roundingStep(context, kind);
  return formatNumber(Math.round(convert(designPx, context) / step) * step);
}

/** "24px", "12pt", "16sp", "48rpx", rounded. */
export function formatLength(designPx: number, context: UnitContext, kind: LengthKind = 'length'): string {
  return `${roundedLength(designPx, context, kind)}${unitOf(context.platform, kind)}`;
}

/** The same length to two decimals, for the hover of a rounded value. */
export function exactLength(designPx: number, context: UnitContext, kind: LengthKind = 'length'): string {
  return `${formatNumber(convert(designPx, context))}${unitOf(context.platform, kind)}`;
}

/** A panel value: what it shows and copies, and the exact value behind it. */
export function lengthValue(designPx: number, context: UnitContext, kind: LengthKind = 'length') {
  return { value: formatLength(designPx, context, kind), exact: exactLength(designPx, context, kind) };
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
