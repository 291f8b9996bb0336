import { type MouseEvent as ReactMouseEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { type Box, boxBetween, boxesOverlap } from './selection';

/** Pointer travel below this is a click on the background, not a box. */
const BOX_THRESHOLD_PX = 4;
/** Where a press does not start a box: cards, section headers, buttons, menus. */
const NOT_BACKGROUND =
  '[data-testid="design-card"], [data-testid="section-header"], button, input, .ant-dropdown';

/**
 * Box selection on the stage's background: the cards the box touches (among those rendered, which always include
 * the visible ones), live while dragging. A click on the background without a drag clears the selection.
 */
export function useBoxSelect(
  container: RefObject<HTMLDivElement | null>,
  onBox: (hits: string[], additive: boolean) => void,
  onBackgroundClick: () => void,
) {
  const [box, setBox] = useState<Box | null>(null);
  const latest = useRef({ onBox, onBackgroundClick });
  latest.current = { onBox, onBackgroundClick };
  const cleanup = useRef<(() => void) | null>(null);
  useEffect(() => () => cleanup.current?.(), []);

  const onMouseDown = (event: ReactMouseEvent) => {
    if (event.button !== 0) return;
    if ((event.target as HTMLElement).closest(NOT_BACKGROUND)) return;
    const start = { x: event.clientX, y: event.clientY };
    const additive = event.shiftKey || event.metaKey || event.ctrlKey;
    let moved = false;
    const move = (next: MouseEvent) => {
      const current = boxBetween(start, { x: next.clientX, y: next.clientY });
      if (
        !moved &&
        current.right - current.left < BOX_THRESHOLD_PX &&
        current.bottom - current.top < BOX_THRESHOLD_PX
      )
        return;
      moved = true;
      next.preventDefault();
      setBox(current);
      const cards = container.current?.querySelectorAll<HTMLElement>('[data-testid="design-card"]') ?? [];
      const hits: string[] = [];
      for (const card of cards) {
        const rect = card.getBoundingClientRect();
        const cardBox = { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
        if (boxesOverlap(current, cardBox) && card.dataset.designId) hits.push(card.dataset.designId);
      }
      latest.current.onBox(hits, additive);
    };
    const up = () => {
      cleanup.current?.();
      if (!moved) latest.current.onBackgroundClick();
    };
    cleanup.current = () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
      cleanup.current = null;
      setBox(null);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  };

  return { box, onMouseDown };
}
