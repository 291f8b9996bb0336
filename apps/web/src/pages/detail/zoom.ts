import { DetailLimits } from '@ferry/shared';

const { zoomStep, zoomMax, zoomMin } = DetailLimits;
/** Floating-point slack, so 0.75 / 0.25 counts as exactly 3 steps. */
const EPSILON = 1e-6;

/** The scale at which the whole design fits the canvas (never enlarged past 100 %). */
export function fitScale(
  design: { width: number; height: number },
  canvas: { width: number; height: number },
  padding: number,
): number {
  // Unknown sizes (not measured yet, or a design without pixels) show at 100 %.
  if (design.width <= 0 || design.height <= 0 || canvas.width <= 0 || canvas.height <= 0) return 1;
  const room = Math.min(
    (canvas.width - padding * 2) / design.width,
    (canvas.height - padding * 2) / design.height,
  );
  return Math.max(0.01, Math.min(1, room));
}

/**
 * A design this many times taller (for the canvas's proportions) than the whole-design fit allows opens fitted
 * to the width instead, scrolled to its top: a long web page at 10 % is unreadable (Zeplin does the same).
 */
const TALL_RATIO = 3;

/** The scale a design opens at, and "fit" returns to: the whole design, or the width of a very tall one. */
export function openingScale(
  design: { width: number; height: number },
  canvas: { width: number; height: number },
  padding: number,
): number {
  const whole = fitScale(design, canvas, padding);
  if (design.width <= 0 || canvas.width <= padding * 2) return whole;
  const toWidth = Math.min(1, (canvas.width - padding * 2) / design.width);
  return toWidth >= whole * TALL_RATIO ? toWidth : whole;
}

export interface Point {
  x: number;
  y: number;
}

/**
 * Where the design's top-left corner rests when nobody has panned: centred across, and centred down unless it
 * is taller than the canvas, then `padding` below the top so its beginning shows.
 */
export function restingOffset(
  design: { width: number; height: number },
  canvas: { width: number; height: number },
  scale: number,
  padding: number,
): Point {
  const height = design.height * scale;
  return {
    x: Math.round((canvas.width - design.width * scale) / 2),
    y: height > canvas.height ? padding : Math.round((canvas.height - height) / 2),
  };
}

/** The top-left corner after zooming from `from` to `to` that keeps the design point under `anchor` where it is. */
export function anchoredOffset(offset: Point, anchor: Point, from: number, to: number): Point {
  const ratio = to / from;
  return { x: anchor.x - (anchor.x - offset.x) * ratio, y: anchor.y - (anchor.y - offset.y) * ratio };
}

/** The next step up: 0.3 → 0.5, 0.5 → 0.75, never past the maximum. */
export function zoomIn(scale: number): number {
  return Math.min(zoomMax, (Math.floor(scale / zoomStep + EPSILON) + 1) * zoomStep);
}

/** The next step down: 0.6 → 0.5, 0.5 → 0.25, never below the smallest step. */
export function zoomOut(scale: number): number {
  if (scale <= zoomMin + EPSILON) return scale;
  return Math.max(zoomMin, (Math.ceil(scale / zoomStep - EPSILON) - 1) * zoomStep);
}

export const canZoomIn = (scale: number) => scale < zoomMax - EPSILON;
export const canZoomOut = (scale: number) => scale > zoomMin + EPSILON;

/** 0.125 → "13%" */
export const percentOf = (scale: number) => `${Math.round(scale * 100)}%`;
