import { type PointerEvent as ReactPointerEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { watchSpaceBar } from '../../../components/keys';
import { CARD_HEIGHT, CARD_WIDTH, cardAt, type Point } from './flowLayout';
import type { Viewport } from './useViewport';

/** A press that moves less than this (screen pixels) is a click, not a drag. */
const DRAG_THRESHOLD = 4;

export interface DraggedCard {
  id: string;
  x: number;
  y: number;
}

interface GestureOptions {
  frame: RefObject<HTMLElement | null>;
  /** The SVG path that shows a link being drawn. */
  draft: RefObject<SVGPathElement | null>;
  viewport: Viewport;
  /** Read at event time: the cards' places now and their drawing order. */
  positions: RefObject<ReadonlyMap<string, Point>>;
  order: RefObject<readonly string[]>;
  /** Cards that can be moved and linked (a design in the bin shown for a broken link cannot). */
  movable: (id: string) => boolean;
  onMoved: (id: string, at: Point) => void;
  onLinked: (parent: string, son: string) => void;
  /** A press and release on empty map: clears the selection. */
  onBackgroundClick: () => void;
}

/** Follows one press of the pointer until it is released, on the window so it never loses the pointer. */
function follow(onMove: (event: PointerEvent) => void, onEnd: (event: PointerEvent) => void) {
  const move = (event: PointerEvent) => onMove(event);
  const end = (event: PointerEvent) => {
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', end);
    window.removeEventListener('pointercancel', end);
    onEnd(event);
  };
  window.addEventListener('pointermove', move);
  window.addEventListener('pointerup', end);
  window.addEventListener('pointercancel', end);
}

/**
 * The flow map's pointer gestures: pan (drag empty map, or anything with the space bar held), move a card,
 * draw a link from a card's handle onto another card. Panning and drawing touch the DOM only; a moved card
 * re-renders itself and the arrows, once per animation frame.
 */
export function useFlowGestures(options: GestureOptions) {
  const latest = useRef(options);
  latest.current = options;
  const space = useRef(false);
  const [dragged, setDragged] = useState<DraggedCard | null>(null);

  useEffect(
    () =>
      watchSpaceBar((held) => {
        space.current = held;
        latest.current.frame.current?.classList.toggle('flow-space', held);
      }),
    [],
  );

  const pan = (event: ReactPointerEvent, clearsSelection: boolean) => {
    const frame = latest.current.frame.current;
    let lastX = event.clientX;
    let lastY = event.clientY;
    let travelled = 0;
    frame?.classList.add('flow-panning');
    follow(
      (move) => {
        travelled += Math.abs(move.clientX - lastX) + Math.abs(move.clientY - lastY);
        latest.current.viewport.panBy(move.clientX - lastX, move.clientY - lastY);
        lastX = move.clientX;
        lastY = move.clientY;
      },
      () => {
        frame?.classList.remove('flow-panning');
        if (clearsSelection && travelled < DRAG_THRESHOLD) latest.current.onBackgroundClick();
      },
    );
  };

  /** On the map's frame, in the capture phase: with the space bar held every press pans. */
  const onFramePointerDownCapture = (event: ReactPointerEvent) => {
    if (event.button !== 0 || !space.current) return;
    event.preventDefault();
    event.stopPropagation();
    pan(event, false);
  };

  /** A press that reached the frame itself: nothing on the map took it. */
  const onFramePointerDown = (event: ReactPointerEvent) => {
    if (event.button !== 0) return;
    pan(event, true);
  };

  const onCardPointerDown = (id: string, event: ReactPointerEvent) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    if (!latest.current.movable(id)) return;
    const start = latest.current.positions.current.get(id);
    if (!start) return;
    const { clientX, clientY } = event;
    let moved = false;
    let frameRequest = 0;
    /** Where the card is when the pointer is at `to`; null while the press is still a click. */
    const placeAt = (to: PointerEvent) => {
      const dx = to.clientX - clientX;
      const dy = to.clientY - clientY;
      if (!moved && Math.abs(dx) + Math.abs(dy) < DRAG_THRESHOLD) return null;
      moved = true;
      const zoom = latest.current.viewport.view.current.zoom;
      return { x: Math.round(start.x + dx / zoom), y: Math.round(start.y + dy / zoom) };
    };
    follow(
      (move) => {
        const at = placeAt(move);
        if (!at) return;
        cancelAnimationFrame(frameRequest);
        frameRequest = requestAnimationFrame(() => setDragged({ id, ...at }));
      },
      (end) => {
        cancelAnimationFrame(frameRequest);
        const at = placeAt(end);
        if (at) latest.current.onMoved(id, at);
        setDragged(null);
      },
    );
  };

  const onHandlePointerDown = (id: string, event: ReactPointerEvent) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    event.preventDefault();
    const from = latest.current.positions.current.get(id);
    const draft = latest.current.draft.current;
    if (!from || !draft) return;
    const start = { x: from.x + CARD_WIDTH, y: from.y + CARD_HEIGHT / 2 };
    let hovered: string | null = null;
    const mark = (target: string | null) => {
      if (target === hovered) return;
      const frame = latest.current.frame.current;
      const card = (cardId: string) =>
        [...(frame?.querySelectorAll<HTMLElement>('[data-card-id]') ?? [])].find(
          (element) => element.dataset.cardId === cardId,
        );
      if (hovered) card(hovered)?.classList.remove('flow-card-target');
      if (target) card(target)?.classList.add('flow-card-target');
      hovered = target;
    };
    const targetAt = (event: PointerEvent) => {
      const point = latest.current.viewport.toMap(event.clientX, event.clientY);
      const target = cardAt(point, latest.current.positions.current, latest.current.order.current);
      return { point, target: target && target !== id && latest.current.movable(target) ? target : null };
    };
    follow(
      (move) => {
        const { point, target } = targetAt(move);
        const reach = Math.max(40, Math.abs(point.x - start.x) / 2);
        draft.setAttribute(
          'd',
          `M${start.x},${start.y} C${start.x + reach},${start.y} ${point.x - reach},${point.y} ${point.x},${point.y}`,
        );
        mark(target);
      },
      (end) => {
        const { target } = targetAt(end);
        draft.setAttribute('d', '');
        mark(null);
        if (target) latest.current.onLinked(id, target);
      },
    );
  };

  return { dragged, onFramePointerDownCapture, onFramePointerDown, onCardPointerDown, onHandlePointerDown };
}
