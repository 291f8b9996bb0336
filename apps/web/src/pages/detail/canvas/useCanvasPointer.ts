import {
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
  useEffect,
  useRef,
  useState,
} from 'react';
import { watchSpaceBar } from '../../../components/keys';
import type { Point } from './useViewport';
import { wheelZoomHandler } from './wheelZoom';

/** A pointer position over the design, in design pixels, with whether it asks for the deepest layer. */
export interface DesignPointer extends Point {
  deep: boolean;
}

/** Pointers over comment pins, their composer or the comment-mode layer belong to the comments. */
export const onComments = (target: EventTarget | null) =>
  target instanceof Element && !!target.closest('.comment-pins > *');

interface Options {
  canvasRef: RefObject<HTMLElement | null>;
  worldRef: RefObject<HTMLElement | null>;
  scale: number;
  freeZoom: boolean;
  panBy: (dx: number, dy: number) => void;
  zoomStep: (direction: 1 | -1, anchor: Point) => void;
  zoomTo: (scale: (current: number) => number, anchor: Point) => void;
  /** The pointer moved over the design (null: it left), at most once per frame. */
  onMove: (pointer: DesignPointer | null, screen: Point | null) => void;
  onClick: (pointer: DesignPointer) => void;
}

/**
 * The canvas's pointer: hover (throttled to one hit test per animation frame), click, pan with the wheel or
 * trackpad, with space-drag or the middle button, and zoom with Ctrl/⌘-wheel (a trackpad pinch sends the same).
 */
export function useCanvasPointer(options: Options) {
  const latest = useRef(options);
  latest.current = options;
  const [spaceHeld, setSpaceHeld] = useState(false);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ x: number; y: number; moved: boolean } | null>(null);
  const frame = useRef<number | null>(null);
  const pending = useRef<{ clientX: number; clientY: number; deep: boolean } | null>(null);
  const suppressClick = useRef(false);

  const toDesign = (clientX: number, clientY: number, deep: boolean): DesignPointer | null => {
    const world = latest.current.worldRef.current;
    if (!world) return null;
    const rect = world.getBoundingClientRect();
    const { scale } = latest.current;
    return { x: (clientX - rect.left) / scale, y: (clientY - rect.top) / scale, deep };
  };
  const toCanvas = (clientX: number, clientY: number): Point => {
    const rect = latest.current.canvasRef.current?.getBoundingClientRect();
    return { x: clientX - (rect?.left ?? 0), y: clientY - (rect?.top ?? 0) };
  };

  // Space held turns the pointer into a hand, as in every design tool.
  useEffect(() => watchSpaceBar(setSpaceHeld), []);

  // React's wheel listener is passive; zooming has to stop the page's own Ctrl-wheel zoom.
  useEffect(() => {
    const canvas = options.canvasRef.current;
    if (!canvas) return;
    const zoomByWheel = wheelZoomHandler(canvas, () => latest.current);
    const onWheel = (event: WheelEvent) => {
      if (onComments(event.target) && !(event.ctrlKey || event.metaKey)) return;
      zoomByWheel(event);
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, [options.canvasRef]);

  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  /** Where the pointer was last over the canvas, to hit-test again when the design moves under it. */
  const last = useRef<{ clientX: number; clientY: number; deep: boolean } | null>(null);
  const hover = (clientX: number, clientY: number, deep: boolean) => {
    last.current = { clientX, clientY, deep };
    pending.current = { clientX, clientY, deep };
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      const last = pending.current;
      if (!last) return;
      latest.current.onMove(
        toDesign(last.clientX, last.clientY, last.deep),
        toCanvas(last.clientX, last.clientY),
      );
    });
  };

  const handlers = {
    onPointerDown: (event: ReactPointerEvent<HTMLElement>) => {
      const pans = event.button === 1 || (event.button === 0 && spaceHeld);
      if (!pans) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture?.(event.pointerId);
      drag.current = { x: event.clientX, y: event.clientY, moved: false };
      setDragging(true);
    },
    onPointerMove: (event: ReactPointerEvent<HTMLElement>) => {
      const current = drag.current;
      if (current) {
        latest.current.panBy(current.x - event.clientX, current.y - event.clientY);
        current.moved ||= Math.abs(current.x - event.clientX) + Math.abs(current.y - event.clientY) > 0;
        current.x = event.clientX;
        current.y = event.clientY;
        return;
      }
      if (onComments(event.target)) {
        pending.current = null;
        latest.current.onMove(null, null);
        return;
      }
      hover(event.clientX, event.clientY, event.altKey || event.metaKey || event.ctrlKey);
    },
    onPointerUp: (event: ReactPointerEvent<HTMLElement>) => {
      if (!drag.current) return;
      suppressClick.current = drag.current.moved || spaceHeld;
      drag.current = null;
      setDragging(false);
      event.currentTarget.releasePointerCapture?.(event.pointerId);
    },
    onPointerLeave: () => {
      pending.current = null;
      last.current = null;
      latest.current.onMove(null, null);
    },
    onClick: (event: ReactMouseEvent<HTMLElement>) => {
      if (suppressClick.current || spaceHeld) {
        suppressClick.current = false;
        return;
      }
      if (onComments(event.target)) return;
      const pointer = toDesign(event.clientX, event.clientY, event.altKey || event.metaKey || event.ctrlKey);
      if (pointer) latest.current.onClick(pointer);
    },
  };

  /** Hit-tests the last pointer position again (the view was panned or zoomed under it). */
  const rehover = () => {
    if (last.current && !drag.current) hover(last.current.clientX, last.current.clientY, last.current.deep);
  };

  return { handlers, spaceHeld, dragging, rehover };
}
