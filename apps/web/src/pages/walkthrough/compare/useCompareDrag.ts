import type { WalkthroughRect } from '@ferry/shared';
import { type MouseEvent as ReactMouseEvent, type RefObject, useEffect, useRef, useState } from 'react';
import type { Alignment } from '../../../api/walkthrough';
import { frameBetween, type Point } from '../../prototype/editor/geometry';
import { DRAG_THRESHOLD_PX } from '../../prototype/editor/useCanvasDrag';
import { type CompareMode, designPoint, type Size } from './compareGeometry';

/** Where a press is not the canvas's: its controls and the popups over it. */
const NOT_CANVAS = 'button, input, .ant-select, .ant-slider, .proto-zoom';

interface Options {
  worldRef: RefObject<HTMLElement | null>;
  zoom: number;
  design: Size;
  mode: CompareMode;
  hasShot: boolean;
  /** "New issue": a drag draws its rectangle. */
  drawing: boolean;
  /** Editors move the screenshot by dragging it. */
  canAlign: boolean;
  /** The screenshot's alignment now: a drag moves it from where it was at the press. */
  alignment: Alignment | null;
  onAlign: (change: (current: Alignment) => Alignment) => void;
  onDrawn: (rect: WalkthroughRect) => void;
  onSwipe: (share: number) => void;
  onSelectIssue: (issueId: string) => void;
  onSelectCandidate: (candidateId: string) => void;
  onBackground: () => void;
}

/**
 * The comparison's mouse: press a box to select it; in "new issue" drag a rectangle; drag the swipe divider;
 * otherwise an editor drags the screenshot over the design. Moves follow the window, so a drag leaving the
 * canvas still ends where the button is released.
 */
export function useCompareDrag(options: Options) {
  const latest = useRef(options);
  latest.current = options;
  const [draft, setDraft] = useState<WalkthroughRect | null>(null);
  const cleanup = useRef<(() => void) | null>(null);
  useEffect(() => () => cleanup.current?.(), []);

  const toWorld = (clientX: number, clientY: number): Point => {
    const rect = latest.current.worldRef.current?.getBoundingClientRect();
    const { zoom } = latest.current;
    return { x: (clientX - (rect?.left ?? 0)) / zoom, y: (clientY - (rect?.top ?? 0)) / zoom };
  };
  const toDesign = (clientX: number, clientY: number) => {
    const { design, mode, hasShot } = latest.current;
    return designPoint(toWorld(clientX, clientY), design, mode, hasShot);
  };

  /** Follows the mouse until release: `step` gets the travel in design px once past the threshold. */
  const follow = (
    start: ReactMouseEvent,
    step: (dx: number, dy: number, event: MouseEvent) => void,
    end: (moved: boolean, event: MouseEvent) => void,
  ) => {
    let moved = false;
    const move = (event: MouseEvent) => {
      const far =
        Math.abs(event.clientX - start.clientX) >= DRAG_THRESHOLD_PX ||
        Math.abs(event.clientY - start.clientY) >= DRAG_THRESHOLD_PX;
      if (!moved && !far) return;
      moved = true;
      event.preventDefault();
      const { zoom } = latest.current;
      step((event.clientX - start.clientX) / zoom, (event.clientY - start.clientY) / zoom, event);
    };
    const up = (event: MouseEvent) => {
      cleanup.current?.();
      end(moved, event);
    };
    cleanup.current = () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
      cleanup.current = null;
      setDraft(null);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  };

  const onMouseDown = (event: ReactMouseEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    const target = event.target as HTMLElement;
    if (target.closest(NOT_CANVAS)) return;
    // The presses below keep the focus where it was (preventDefault): a toolbar control left focused (a mode
    // just picked) would take the arrow keys meant to nudge the screenshot.
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && !event.currentTarget.contains(focused)) focused.blur();
    const now = latest.current;

    if (target.closest('[data-divider]')) {
      event.preventDefault();
      follow(
        event,
        (_dx, _dy, move) =>
          now.onSwipe(Math.min(1, Math.max(0, toWorld(move.clientX, 0).x / now.design.width))),
        () => {},
      );
      return;
    }
    if (now.drawing) {
      event.preventDefault();
      const from = toDesign(event.clientX, event.clientY);
      let rect: WalkthroughRect | null = null;
      follow(
        event,
        (_dx, _dy, move) => {
          rect = frameBetween(from, toDesign(move.clientX, move.clientY), now.design);
          setDraft(rect);
        },
        () => {
          const drawn = rect as WalkthroughRect | null;
          if (drawn && drawn.width > 0 && drawn.height > 0) latest.current.onDrawn(drawn);
        },
      );
      return;
    }
    const issue = target.closest<HTMLElement>('[data-issue-id]');
    if (issue) {
      now.onSelectIssue(issue.dataset.issueId as string);
      return;
    }
    const candidate = target.closest<HTMLElement>('[data-candidate-id]');
    if (candidate) {
      now.onSelectCandidate(candidate.dataset.candidateId as string);
      return;
    }
    // Over the design the screenshot is anywhere it is shown; side by side, only on its own half.
    const onShot = now.mode === 'side' ? !!target.closest('[data-shot]') : true;
    const origin = now.alignment;
    if (now.canAlign && now.hasShot && onShot && origin) {
      event.preventDefault();
      follow(
        event,
        (dx, dy) =>
          latest.current.onAlign(() => ({
            ...origin,
            offset_x: origin.offset_x + Math.round(dx),
            offset_y: origin.offset_y + Math.round(dy),
          })),
        (moved) => {
          if (!moved) latest.current.onBackground();
        },
      );
      return;
    }
    follow(
      event,
      () => {},
      (moved) => {
        if (!moved) latest.current.onBackground();
      },
    );
  };

  return { draft, onMouseDown };
}
