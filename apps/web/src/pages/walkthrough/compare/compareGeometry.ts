import { WalkthroughLimits, type WalkthroughRect } from '@ferry/shared';
import type { Alignment } from '../../../api/walkthrough';

/** How the screenshot is shown against the design. */
export const COMPARE_MODES = ['side', 'overlay', 'swipe', 'difference'] as const;
export type CompareMode = (typeof COMPARE_MODES)[number];

/** The gap between the two halves of side by side, in design px. */
export const SIDE_GAP = 40;

export interface Size {
  width: number;
  height: number;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * Where the screenshot lies over the design, in design px: drawn at 1/scale (its device pixel ratio) at
 * its offset, so a 750 px wide @2x screenshot covers a 375 px wide design.
 */
export function screenshotFrame(shot: Size, alignment: Alignment): WalkthroughRect {
  const scale = alignment.scale > 0 ? alignment.scale : 1;
  return {
    x: alignment.offset_x,
    y: alignment.offset_y,
    width: shot.width / scale,
    height: shot.height / scale,
  };
}

/** The box around the design and the screenshot over it (design px): what the overlay modes draw. */
export function unionFrame(design: Size, shot: WalkthroughRect | null): WalkthroughRect {
  if (!shot) return { x: 0, y: 0, width: design.width, height: design.height };
  const left = Math.min(0, shot.x);
  const top = Math.min(0, shot.y);
  const right = Math.max(design.width, shot.x + shot.width);
  const bottom = Math.max(design.height, shot.y + shot.height);
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** What the viewport fits: the design, or both halves side by side. */
export function contentSize(design: Size, mode: CompareMode, hasShot: boolean): Size {
  if (mode === 'side' && hasShot) return { width: design.width * 2 + SIDE_GAP, height: design.height };
  return design;
}

/** A point of the canvas's world (design px from its corner) in the design's own px: the right half maps back. */
export function designPoint(at: { x: number; y: number }, design: Size, mode: CompareMode, hasShot: boolean) {
  if (mode === 'side' && hasShot && at.x > design.width + SIDE_GAP / 2) {
    return { x: at.x - design.width - SIDE_GAP, y: at.y };
  }
  return at;
}

/** An alignment held within the contract's bounds, offsets on whole design px, the scale to 0.01. */
export function boundedAlignment(alignment: Alignment): Alignment {
  const { scaleMin, scaleMax, offsetMax } = WalkthroughLimits;
  return {
    scale: Math.round(clamp(alignment.scale, scaleMin, scaleMax) * 100) / 100,
    offset_x: Math.round(clamp(alignment.offset_x, -offsetMax, offsetMax)),
    offset_y: Math.round(clamp(alignment.offset_y, -offsetMax, offsetMax)),
  };
}

export const sameAlignment = (a: Alignment, b: Alignment) =>
  a.scale === b.scale && a.offset_x === b.offset_x && a.offset_y === b.offset_y;

/** 0.0421 → "4.2%"; tiny shares keep two decimals so "0.00%" never reads as equal. */
export function ratioText(ratio: number): string {
  const percent = ratio * 100;
  return `${percent > 0 && percent < 0.1 ? percent.toFixed(2) : percent.toFixed(1)}%`;
}
