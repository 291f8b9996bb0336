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
