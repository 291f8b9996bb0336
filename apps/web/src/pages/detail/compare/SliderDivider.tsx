import { type KeyboardEvent, type PointerEvent, useRef } from 'react';

/** A press of an arrow key moves the divider this far (% of the picture's width); with Shift ten times as far. */
const KEY_STEP = 1;

const clampPercent = (value: number) => Math.min(100, Math.max(0, value));

/**
 * The slider's vertical divider over the stacked pictures: dragged with the pointer, or moved by the arrow keys
 * (Home and End go to the edges). Its pointer events stay its own, so dragging it never pans the canvas.
 */
export function SliderDivider({
  percent,
  onChange,
  width,
  height,
  label,
}: {
  percent: number;
  onChange: (percent: number) => void;
  /** The newer picture's size on screen. */
  width: number;
  height: number;
  label: string;
}) {
  const dragging = useRef(false);
  const moveTo = (event: PointerEvent<HTMLElement>) => {
    const track = event.currentTarget.parentElement?.getBoundingClientRect();
    if (!track || width <= 0) return;
    onChange(clampPercent(((event.clientX - track.left) / width) * 100));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.shiftKey ? KEY_STEP * 10 : KEY_STEP;
    const next =
      event.key === 'ArrowLeft' || event.key === 'ArrowDown'
        ? percent - step
        : event.key === 'ArrowRight' || event.key === 'ArrowUp'
          ? percent + step
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? 100
              : null;
    if (next === null) return;
    // The detail view's own arrow keys step through the designs: not while the divider has the focus.
    event.preventDefault();
    event.stopPropagation();
    onChange(clampPercent(next));
  };
  return (
    <div
      className="compare-divider"
      role="slider"
      tabIndex={0}
      aria-label={label}
      aria-orientation="horizontal"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
      data-testid="compare-divider"
      style={{ left: (percent / 100) * width, height }}
      onKeyDown={onKeyDown}
      onClick={(event) => event.stopPropagation()}
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        event.stopPropagation();
        event.preventDefault();
        event.currentTarget.focus();
        event.currentTarget.setPointerCapture?.(event.pointerId);
        dragging.current = true;
      }}
      onPointerMove={(event) => {
        if (!dragging.current) return;
        event.stopPropagation();
        moveTo(event);
      }}
      onPointerUp={(event) => {
        dragging.current = false;
        event.currentTarget.releasePointerCapture?.(event.pointerId);
      }}
      // A drag the browser takes over (a touch turned scroll, a lost window) ends too.
      onPointerCancel={() => {
        dragging.current = false;
      }}
      onLostPointerCapture={() => {
        dragging.current = false;
      }}
    >
      <span className="compare-divider-handle" />
    </div>
  );
}
