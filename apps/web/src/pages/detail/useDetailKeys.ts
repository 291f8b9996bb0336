import { useEffect, useRef } from 'react';
import { isTyping } from '../../components/keys';
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
      if (event.key === 'ArrowLeft') current.step(-1);
      else if (event.key === 'ArrowRight') current.step(1);
      else if (event.key === '+' || event.key === '=') current.zoomIn();
      else if (event.key === '-') current.zoomOut();
      else if (event.key === '0') current.fit();
      else if (event.key === 'Escape') current.escape();
      else if ((event.key === 'c' || event.key === 'C') && current.toggleComment) current.toggleComment();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
