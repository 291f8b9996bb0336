import type { Frame } from '@ferry/shared';
import { type MouseEvent as ReactMouseEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { frameBetween, type Handle, moveFrames, type Point, resizeFrame, type Size } from './geometry';

/** A drag shorter than this (screen px, either side) is a click: no hotspot is drawn, nothing moves. */
export const DRAG_THRESHOLD_PX = 4;

/** Where a press is not the canvas's: the target picker, menus and buttons over it. */
const NOT_CANVAS = '.proto-picker, .ant-select-dropdown, button, input';

export type EditMode = 'draw' | 'snap';

export type DragPreview = { kind: 'draw'; frame: Frame } | { kind: 'frames'; frames: Map<string, Frame> };

interface Options {
  worldRef: RefObject<HTMLElement | null>;
  scale: number;
  design: Size;
  editable: boolean;
  mode: EditMode;
  /** The frames shown now, by hotspot id. */
  frameOf: (id: string) => Frame | undefined;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[]) => void;
  /** A click on the design itself (no drag), in design px; shift kept for adding to the selection. */
  onBackgroundClick: (at: Point, shift: boolean) => void;
  onDrawn: (frame: Frame) => void;
  onChanged: (frames: Map<string, Frame>) => void;
}

/**
 * The canvas's mouse: press on a hotspot to select it (Shift adds or removes) and drag to move the selection;
 * drag a handle to resize; drag on the design to draw a rectangle. Moves follow the window, so a drag that
 * leaves the canvas still ends where the button is released.
 */
export function useCanvasDrag(options: Options) {
  const latest = useRef(options);
  latest.current = options;
  const [preview, setPreview] = useState<DragPreview | null>(null);
  const cleanup = useRef<(() => void) | null>(null);
  useEffect(() => () => cleanup.current?.(), []);

  const toDesign = (clientX: number, clientY: number): Point => {
    const rect = latest.current.worldRef.current?.getBoundingClientRect();
    const { scale } = latest.current;
    return { x: (clientX - (rect?.left ?? 0)) / scale, y: (clientY - (rect?.top ?? 0)) / scale };
  };

  /** Follows the mouse until release; `step` answers the preview for a travel past the threshold. */
  const follow = (
    start: { clientX: number; clientY: number },
    step: (dx: number, dy: number, at: Point) => DragPreview,
    end: (preview: DragPreview | null) => void,
  ) => {
    let shown: DragPreview | null = null;
    const move = (event: MouseEvent) => {
      const travelX = Math.abs(event.clientX - start.clientX);
      const travelY = Math.abs(event.clientY - start.clientY);
      if (!shown && travelX < DRAG_THRESHOLD_PX && travelY < DRAG_THRESHOLD_PX) return;
      event.preventDefault();
      const { scale } = latest.current;
      shown = step(
        (event.clientX - start.clientX) / scale,
        (event.clientY - start.clientY) / scale,
        toDesign(event.clientX, event.clientY),
      );
      setPreview(shown);
    };
    const up = () => {
      const last = shown;
      cleanup.current?.();
      end(last);
    };
    cleanup.current = () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
      cleanup.current = null;
      setPreview(null);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  };

  const onMouseDown = (event: ReactMouseEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    const target = event.target as HTMLElement;
    if (target.closest(NOT_CANVAS)) return;
    const { editable, design, selected, onSelect, frameOf } = latest.current;
    const handle = target.closest<HTMLElement>('[data-handle]');
    const hotspot = target.closest<HTMLElement>('[data-hotspot-id]');
    const start = { clientX: event.clientX, clientY: event.clientY };

    if (handle && hotspot && editable) {
      event.preventDefault();
      const id = hotspot.dataset.hotspotId as string;
      const origin = frameOf(id);
      if (!origin) return;
      const which = handle.dataset.handle as Handle;
      follow(
        start,
        (dx, dy) => ({ kind: 'frames', frames: new Map([[id, resizeFrame(origin, which, dx, dy, design)]]) }),
        (last) => {
          if (last?.kind === 'frames') latest.current.onChanged(last.frames);
        },
      );
      return;
    }

    if (hotspot) {
      event.preventDefault();
      const id = hotspot.dataset.hotspotId as string;
      if (event.shiftKey) {
        onSelect(selected.has(id) ? [...selected].filter((each) => each !== id) : [...selected, id]);
        return;
      }
      // Pressing a selected hotspot keeps the selection, so several move together.
      const moving = selected.has(id) ? [...selected] : [id];
      if (!selected.has(id)) onSelect([id]);
      if (!editable) return;
      const origins = moving.flatMap((each) => {
        const frame = frameOf(each);
        return frame ? [[each, frame] as const] : [];
      });
      follow(
        start,
        (dx, dy) => {
          const moved = moveFrames(
            origins.map(([, frame]) => frame),
            dx,
            dy,
            design,
          );
          return { kind: 'frames', frames: new Map(origins.map(([each], at) => [each, moved[at]])) };
        },
        (last) => {
          if (last?.kind === 'frames') latest.current.onChanged(last.frames);
          // A plain click inside a selection of several selects that one alone.
          else if (moving.length > 1) latest.current.onSelect([id]);
        },
      );
      return;
    }

    const at = toDesign(event.clientX, event.clientY);
    const shift = event.shiftKey;
    if (!editable || latest.current.mode === 'snap') {
      follow(
        start,
        () => ({ kind: 'frames', frames: new Map() }),
        (last) => {
          if (!last) latest.current.onBackgroundClick(at, shift);
        },
      );
      return;
    }
    event.preventDefault();
    follow(
      start,
      (_dx, _dy, now) => ({ kind: 'draw', frame: frameBetween(at, now, design) }),
      (last) => {
        if (last?.kind === 'draw' && last.frame.width > 0 && last.frame.height > 0) {
          latest.current.onDrawn(last.frame);
        } else {
          latest.current.onBackgroundClick(at, shift);
        }
      },
    );
  };

  return { preview, onMouseDown, toDesign };
}
