import type { Frame, HotspotView } from '@ferry/shared';
import type { HotspotGeometry } from '../../../api/prototypes';

/** Rectangles of the hotspot editor, all in design pixels of the design's current version. */

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** The eight resize handles: corners and edge middles, named by compass direction. */
export const HANDLES = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'] as const;
export type Handle = (typeof HANDLES)[number];

/** A hotspot is never resized below this (design px). */
export const MIN_SIDE = 1;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

export const frameOf = (hotspot: HotspotGeometry): Frame => ({
  x: hotspot.p_x,
  y: hotspot.p_y,
  width: hotspot.p_w,
  height: hotspot.p_h,
});

export const geometryOf = (frame: Frame): HotspotGeometry => ({
  p_x: frame.x,
  p_y: frame.y,
  p_w: frame.width,
  p_h: frame.height,
});

export const sameFrame = (a: Frame, b: Frame) =>
  a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;

/** A point held inside the design, on whole pixels. */
export function clampPoint(point: Point, bounds: Size): Point {
  return {
    x: Math.round(clamp(point.x, 0, bounds.width)),
    y: Math.round(clamp(point.y, 0, bounds.height)),
  };
}

/** The rectangle between two points of a drag, whichever way it went, inside the design. */
export function frameBetween(a: Point, b: Point, bounds: Size): Frame {
  const from = clampPoint(a, bounds);
  const to = clampPoint(b, bounds);
  return {
    x: Math.min(from.x, to.x),
    y: Math.min(from.y, to.y),
    width: Math.abs(to.x - from.x),
    height: Math.abs(to.y - from.y),
  };
}

/**
 * A frame cut to the design (a layer may reach past its edges) on whole pixels; null when nothing of it is
 * inside.
 */
export function clipFrame(frame: Frame, bounds: Size): Frame | null {
  const left = Math.max(0, Math.floor(frame.x));
  const top = Math.max(0, Math.floor(frame.y));
  const right = Math.min(bounds.width, Math.ceil(frame.x + frame.width));
  const bottom = Math.min(bounds.height, Math.ceil(frame.y + frame.height));
  if (right - left < MIN_SIDE || bottom - top < MIN_SIDE) return null;
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/**
 * The same move for every frame, shortened so none leaves the design (they move as one, keeping their
 * distances).
 */
export function moveFrames(frames: Frame[], dx: number, dy: number, bounds: Size): Frame[] {
  if (frames.length === 0) return frames;
  const left = Math.min(...frames.map((frame) => frame.x));
  const top = Math.min(...frames.map((frame) => frame.y));
  const right = Math.max(...frames.map((frame) => frame.x + frame.width));
  const bottom = Math.max(...frames.map((frame) => frame.y + frame.height));
  const stepX = Math.round(clamp(dx, -left, Math.max(-left, bounds.width - right)));
  const stepY = Math.round(clamp(dy, -top, Math.max(-top, bounds.height - bottom)));
  return frames.map((frame) => ({ ...frame, x: frame.x + stepX, y: frame.y + stepY }));
}

/** A frame with the edges `handle` names dragged by (dx, dy), inside the design, never flipped or emptied. */
export function resizeFrame(frame: Frame, handle: Handle, dx: number, dy: number, bounds: Size): Frame {
  let left = frame.x;
  let top = frame.y;
  let right = frame.x + frame.width;
  let bottom = frame.y + frame.height;
  if (handle.includes('w')) left = clamp(Math.round(left + dx), 0, right - MIN_SIDE);
  if (handle.includes('e')) right = clamp(Math.round(right + dx), left + MIN_SIDE, bounds.width);
  if (handle.includes('n')) top = clamp(Math.round(top + dy), 0, bottom - MIN_SIDE);
  if (handle.includes('s')) bottom = clamp(Math.round(bottom + dy), top + MIN_SIDE, bounds.height);
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** The hotspots drawn on one design, with the frames being edited in place of the stored ones. */
export function framesOn(
  hotspots: HotspotView[],
  imageId: string,
  edited: ReadonlyMap<string, Frame>,
): { hotspot: HotspotView; frame: Frame }[] {
  return hotspots
    .filter((hotspot) => hotspot.image_id === imageId)
    .map((hotspot) => ({ hotspot, frame: edited.get(hotspot.id) ?? frameOf(hotspot) }));
}
