import { DetailLimits } from '@ferry/shared';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { anchoredOffset, fitScale, openingScale, type Point, restingOffset, zoomIn, zoomOut } from '../zoom';

export type { Point };

/** Room kept around a fitted design. */
export const FIT_PADDING = 48;
/** Panning stops with this much of the design still in view. */
const KEEP_VISIBLE = 48;

interface Size {
  width: number;
  height: number;
}

interface View {
  /** 'fit' follows the canvas size; a number is the user's zoom. */
  zoom: number | 'fit';
  /** The design's top-left corner in canvas px; null = centred. */
  offset: Point | null;
}

const resting = (canvas: Size, design: Size, scale: number) =>
  restingOffset(design, canvas, scale, FIT_PADDING);

function clamp(offset: Point, canvas: Size, design: Size, scale: number): Point {
  const width = design.width * scale;
  const height = design.height * scale;
  const keepX = Math.min(KEEP_VISIBLE, width);
  const keepY = Math.min(KEEP_VISIBLE, height);
  return {
    x: Math.min(canvas.width - keepX, Math.max(keepX - width, offset.x)),
    y: Math.min(canvas.height - keepY, Math.max(keepY - height, offset.y)),
  };
}

/**
 * The canvas's zoom and pan: the design's scale (CSS px per design px) and where its top-left corner sits.
 * Zooming keeps the point under `anchor` where it is: the pointer's (canvas px) for the wheel and pinch, the
 * last pointer over the canvas (`pointAt`) for keys and buttons, else the canvas centre. "Fit" shows the whole
 * design, or the width of a very tall one from its top (zoom.ts), and follows the canvas size. Zoom steps by
 * 0.25 up to 4; free zoom (the lab option) is continuous.
 */
export function useViewport(canvas: Size, design: Size) {
  const [view, setView] = useState<View>({ zoom: 'fit', offset: null });
  const fitted = openingScale(design, canvas, FIT_PADDING);
  // Zooming out may go down to the whole design, even where "fit" is the width.
  const smallest = Math.min(DetailLimits.zoomMin, fitScale(design, canvas, FIT_PADDING));
  const scale = view.zoom === 'fit' ? fitted : view.zoom;
  const offset = view.offset ? clamp(view.offset, canvas, design, scale) : resting(canvas, design, scale);

  // Wheel events come faster than renders: every change reads the view it changes, never a rendered copy.
  const latest = useRef({ canvas, design, fitted, smallest });
  useLayoutEffect(() => {
    latest.current = { canvas, design, fitted, smallest };
  });
  const pointer = useRef<Point | null>(null);
  const pointAt = useCallback((at: Point | null) => {
    pointer.current = at;
  }, []);
  const resolve = useCallback((current: View) => {
    const { canvas, design, fitted, smallest } = latest.current;
    const scale = current.zoom === 'fit' ? fitted : current.zoom;
    const offset = current.offset
      ? clamp(current.offset, canvas, design, scale)
      : resting(canvas, design, scale);
    return { canvas, design, smallest, scale, offset };
  }, []);

  const zoomTo = useCallback(
    (next: number | 'fit' | ((scale: number) => number), anchor?: Point) =>
      setView((current) => {
        if (next === 'fit') return { zoom: 'fit', offset: null };
        const { canvas, design, smallest, scale, offset } = resolve(current);
        const wanted = typeof next === 'function' ? next(scale) : next;
        const target = Math.min(DetailLimits.zoomMax, Math.max(smallest, wanted));
        const at = anchor ?? pointer.current ?? { x: canvas.width / 2, y: canvas.height / 2 };
        const moved = anchoredOffset(offset, at, scale, target);
        // A design that fits at the new scale stays centred; a larger one keeps the anchor still.
        const fits = design.width * target <= canvas.width && design.height * target <= canvas.height;
        return { zoom: target, offset: fits ? null : clamp(moved, canvas, design, target) };
      }),
    [resolve],
  );

  const panBy = useCallback(
    (dx: number, dy: number) =>
      setView((current) => {
        const { canvas, design, scale, offset } = resolve(current);
        return { zoom: scale, offset: clamp({ x: offset.x - dx, y: offset.y - dy }, canvas, design, scale) };
      }),
    [resolve],
  );

  const step = useCallback(
    (direction: 1 | -1, anchor?: Point) => zoomTo(direction > 0 ? zoomIn : zoomOut, anchor),
    [zoomTo],
  );

  // Another design starts fitted again.
  const reset = useCallback(() => setView({ zoom: 'fit', offset: null }), []);

  return { scale, offset, fitted: view.zoom === 'fit', zoomTo, step, panBy, reset, pointAt };
}
