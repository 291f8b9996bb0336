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
