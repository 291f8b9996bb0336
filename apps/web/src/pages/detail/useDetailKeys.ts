import { useEffect, useRef } from 'react';
import { isTyping } from '../../components/keys';
import { pressed, Shortcuts } from '../../components/shortcuts';
import { isSearchPaletteOpen } from '../../state/searchPalette';

export interface DetailKeys {
  step: (delta: number) => void;
  zoomIn: () => void;
  zoomOut: () => void;
  fit: () => void;
  /** Escape: clears the selection or goes back, as the lab option says. */
  escape: () => void;
  toggleComment: (() => void) | null;
  /** Keys go to an open drawer or dialog instead. */
  paused: boolean;
}

/**
 * The detail view's keys: ← → the previous or next design, + − zoom by 0.25, 0 fits, C comment mode, Esc
 * (lab `escOnMark`) clears the selection or goes back. Keys typed into a field are left alone.
 */
export function useDetailKeys(keys: DetailKeys) {
  const latest = useRef(keys);
  latest.current = keys;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const current = latest.current;
      // The search palette over the view keeps its keys (its arrows, Enter and Esc are not the view's).
      if (current.paused || isSearchPaletteOpen() || event.defaultPrevented || isTyping(event.target)) return;
      if (event.metaKey || event.ctrlKey || event.altKey) return;
      const keys = Shortcuts.detail;
      if (pressed(keys.previous, event)) current.step(-1);
      else if (pressed(keys.next, event)) current.step(1);
      else if (pressed(keys.zoomIn, event)) current.zoomIn();
      else if (pressed(keys.zoomOut, event)) current.zoomOut();
      else if (pressed(keys.fit, event)) current.fit();
      else if (pressed(keys.escape, event)) current.escape();
      else if (pressed(keys.comment, event) && current.toggleComment) current.toggleComment();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
