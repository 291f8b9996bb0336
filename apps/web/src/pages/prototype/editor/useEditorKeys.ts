import { useEffect, useRef } from 'react';
import { isTyping, onControl } from '../../../components/keys';
import { pressed, Shortcuts } from '../../../components/shortcuts';

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** Where the keys are another element's: the side panel and the design list move their own focus. */
const OWN_KEYS = '.proto-panel, .proto-designs, .ant-select-dropdown, .ant-popover';

interface Keys {
  /** Moves the selection by (dx, dy) design px; false when nothing moved. */
  nudge: (dx: number, dy: number) => boolean;
  /** Removes the selection; false when nothing was removed. */
  remove: () => boolean;
  escape: () => void;
  /** A dialog or the target picker has the keys. */
  paused: boolean;
}

/**
 * Arrow keys nudge the selection by 1 px (Shift: 10 px), Delete or Backspace removes it, Esc lets go. Keys with
 * Alt, Ctrl or ⌘, typed into a field or pressed on a button or in the side panels are left to the browser.
 */
export function useEditorKeys(keys: Keys) {
  const latest = useRef(keys);
  latest.current = keys;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (latest.current.paused || event.defaultPrevented) return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const { target } = event;
      if (isTyping(target) || onControl(target)) return;
      if (target instanceof Element && target.closest(OWN_KEYS)) return;
      const arrow = ARROWS[event.key];
      let handled = false;
      if (arrow) {
        const step = event.shiftKey ? 10 : 1;
        handled = latest.current.nudge(arrow[0] * step, arrow[1] * step);
      } else if (pressed(Shortcuts.protoEditor.remove, event)) {
        handled = latest.current.remove();
      } else if (pressed(Shortcuts.protoEditor.escape, event)) {
        latest.current.escape();
      }
      if (handled) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
