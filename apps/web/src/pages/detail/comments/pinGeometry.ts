import type { Frame } from '@ferry/shared';

/** Design pixels, to one decimal: where a pin points on the version whatever the zoom. */
export interface DesignPoint {
  x: number;
  y: number;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** A click at `clientX/Y` over a layer whose top-left is at `origin` (CSS px), shown at `scale` CSS px per design px. */
export function designPointOf(
  client: { clientX: number; clientY: number },
  origin: { left: number; top: number },
  scale: number,
): DesignPoint {
  const safe = scale > 0 ? scale : 1;
  return {
    x: oneDecimal((client.clientX - origin.left) / safe),
    y: oneDecimal((client.clientY - origin.top) / safe),
  };
}

/** The centre of a layer's frame: where "comment on this layer" puts its pin. */
export function frameCentre(frame: Frame): DesignPoint {
  return { x: oneDecimal(frame.x + frame.width / 2), y: oneDecimal(frame.y + frame.height / 2) };
}

interface Box {
  width: number;
  height: number;
}

/** How far a popover keeps from the point a pin marks: the pin's body stands above it and to its right. */
export interface PinClearance {
  right: number;
  left: number;
  up: number;
}

/**
 * Where a pin's popover (the composer) goes, in the canvas's px: to the right of the pin, or to its left where
 * the right has no room; then moved inside the canvas (`room`, less `margin`) so it stays whole whether the pin
 * is near the sidebar, the bottom, or off the visible part of a zoomed design.
 */
export function popoverPlace(
  pin: { x: number; y: number },
  popover: Box,
  room: Box,
  clearance: PinClearance,
  margin: number,
): { left: number; top: number; side: 'right' | 'left' } {
  const fitsRight = pin.x + clearance.right + popover.width <= room.width - margin;
  const fitsLeft = pin.x - clearance.left - popover.width >= margin;
  const side = fitsRight || !fitsLeft ? 'right' : 'left';
  const wanted = side === 'right' ? pin.x + clearance.right : pin.x - clearance.left - popover.width;
  const within = (value: number, size: number, limit: number) =>
    Math.max(margin, Math.min(limit - margin - size, value));
  return {
    left: within(wanted, popover.width, room.width),
    top: within(pin.y - clearance.up, popover.height, room.height),
    side,
  };
}
