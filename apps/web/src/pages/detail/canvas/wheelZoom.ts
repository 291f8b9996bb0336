import { PreferenceLimits } from '@ferry/shared';
import { zoomSpeed } from '../../../state/preferences';
import type { Point } from '../zoom';

/** Wheel distance (px) of one zoom step when zooming by steps; a mouse notch is about 100. */
const STEP_DISTANCE = 50;
/** Continuous zoom: the scale changes by e^(−deltaY × this). */
const FREE_ZOOM_RATE = 0.002;
const LINE_HEIGHT_PX = 16;

export interface WheelActions {
  panBy: (dx: number, dy: number) => void;
  zoomStep: (direction: 1 | -1, anchor: Point) => void;
  zoomTo: (scale: (current: number) => number, anchor: Point) => void;
  /** Continuous zoom instead of steps of 0.25. */
  freeZoom: boolean;
}

/**
 * A canvas's wheel: pans, or with Ctrl/⌘ (a trackpad pinch sends the same) zooms at the pointer. Step zoom
 * adds the wheel's distance up to one step, so a trackpad's many small events make one step, not one each.
 * `actions` is read at event time. Add the answer as a non-passive listener: zooming has to stop the page's
 * own Ctrl-wheel zoom.
 */
export function wheelZoomHandler(canvas: HTMLElement, actions: () => WheelActions) {
  let wheelSteps = 0;
  return (event: WheelEvent) => {
    event.preventDefault();
    const unit = event.deltaMode === 1 ? LINE_HEIGHT_PX : event.deltaMode === 2 ? canvas.clientHeight : 1;
    const dx = event.deltaX * unit;
    const dy = event.deltaY * unit;
    const { panBy, zoomStep, zoomTo, freeZoom } = actions();
    if (event.ctrlKey || event.metaKey) {
      // The user's zoom speed (a preference, 500 by default) scales both kinds of zoom.
      const speed = zoomSpeed() / PreferenceLimits.zoomSpeedDefault;
      const rect = canvas.getBoundingClientRect();
      const anchor = { x: event.clientX - rect.left, y: event.clientY - rect.top };
      if (freeZoom) {
        zoomTo((scale) => scale * Math.exp(-dy * FREE_ZOOM_RATE * speed), anchor);
        return;
      }
      wheelSteps += dy;
      if (Math.abs(wheelSteps) >= STEP_DISTANCE / speed) {
        zoomStep(wheelSteps < 0 ? 1 : -1, anchor);
        wheelSteps = 0;
      }
      return;
    }
    // Shift-wheel scrolls sideways where the system does not already say so.
    if (event.shiftKey && dx === 0) panBy(dy, 0);
    else panBy(dx, dy);
  };
}
