import { type RefObject, useCallback, useEffect, useMemo, useRef } from 'react';
import { anchoredOffset } from '../../detail/zoom';
import type { Point } from './flowLayout';

export const ZOOM_MIN = 0.1;
export const ZOOM_MAX = 3;
const ZOOM_STEP = 1.25;
const FIT_MARGIN = 48;

export interface View {
  x: number;
  y: number;
  zoom: number;
}

export interface Viewport {
  /** The pan and zoom now (read at event time; React does not re-render on a change). */
  view: RefObject<View>;
  /** A client (screen) point in map units. */
  toMap: (clientX: number, clientY: number) => Point;
  panBy: (dx: number, dy: number) => void;
  /** Zooms by `factor`, keeping the map point under the client point (default: the middle) in place. */
  zoomBy: (factor: number, clientX?: number, clientY?: number) => void;
  zoomIn: () => void;
  zoomOut: () => void;
  /** Shows the whole box (map units), at most at 100 %. */
  fit: (box: { left: number; top: number; width: number; height: number }) => void;
}

const clampZoom = (zoom: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom));

/**
 * Pan and zoom of the flow map, kept in a ref and written straight into the map layer's CSS transform: a
 * drag or wheel never re-renders the cards. `zoomLabel` gets the percentage as its text. Ctrl/⌘ + wheel (and
 * a trackpad pinch, which browsers send as one) zooms at the pointer; the plain wheel pans.
 */
export function useViewport(
  frame: RefObject<HTMLElement | null>,
  layer: RefObject<HTMLElement | null>,
  zoomLabel: RefObject<HTMLElement | null>,
): Viewport {
  const view = useRef<View>({ x: FIT_MARGIN, y: FIT_MARGIN, zoom: 1 });

  const apply = useCallback(() => {
    const { x, y, zoom } = view.current;
    if (layer.current) layer.current.style.transform = `translate(${x}px, ${y}px) scale(${zoom})`;
    if (zoomLabel.current) zoomLabel.current.textContent = `${Math.round(zoom * 100)}%`;
    if (frame.current) frame.current.dataset.zoom = zoom.toFixed(3);
  }, [frame, layer, zoomLabel]);

  const port = useMemo<Viewport>(() => {
    const origin = () => {
      const box = frame.current?.getBoundingClientRect();
      return { left: box?.left ?? 0, top: box?.top ?? 0 };
    };
    const toMap = (clientX: number, clientY: number) => {
      const { left, top } = origin();
      const { x, y, zoom } = view.current;
      return { x: (clientX - left - x) / zoom, y: (clientY - top - y) / zoom };
    };
    const panBy = (dx: number, dy: number) => {
      view.current = { ...view.current, x: view.current.x + dx, y: view.current.y + dy };
      apply();
    };
    const zoomBy = (factor: number, clientX?: number, clientY?: number) => {
      const { left, top } = origin();
      const anchorX = clientX === undefined ? (frame.current?.clientWidth ?? 0) / 2 : clientX - left;
      const anchorY = clientY === undefined ? (frame.current?.clientHeight ?? 0) / 2 : clientY - top;
      const { zoom } = view.current;
      const next = clampZoom(zoom * factor);
      view.current = { zoom: next, ...anchoredOffset(view.current, { x: anchorX, y: anchorY }, zoom, next) };
      apply();
    };
    const fit: Viewport['fit'] = (box) => {
      const width = frame.current?.clientWidth ?? 0;
      const height = frame.current?.clientHeight ?? 0;
      // Without a size (not laid out yet) the map shows at 100 % from its corner.
      const zoom =
        width && height && box.width && box.height
          ? clampZoom(
              Math.min(1, (width - 2 * FIT_MARGIN) / box.width, (height - 2 * FIT_MARGIN) / box.height),
            )
          : 1;
      const x = width ? (width - box.width * zoom) / 2 - box.left * zoom : FIT_MARGIN - box.left;
      const y = height ? (height - box.height * zoom) / 2 - box.top * zoom : FIT_MARGIN - box.top;
      view.current = { x, y, zoom };
      apply();
    };
    return {
      view,
      toMap,
      panBy,
      zoomBy,
      zoomIn: () => zoomBy(ZOOM_STEP),
      zoomOut: () => zoomBy(1 / ZOOM_STEP),
      fit,
    };
  }, [apply, frame]);

  useEffect(() => {
    apply();
    const element = frame.current;
    if (!element) return;
    // Not a React handler: it must be non-passive to keep the page from zooming or scrolling instead.
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      if (event.ctrlKey || event.metaKey)
        port.zoomBy(Math.exp(-event.deltaY * 0.0025), event.clientX, event.clientY);
      else port.panBy(-event.deltaX, -event.deltaY);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [apply, frame, port]);

  return port;
}
