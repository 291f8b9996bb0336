import { useEffect, useState } from 'react';
import { lazyNamed, OnceOpened } from '../../components/OnceOpened';
import { pressed, Shortcuts } from '../../components/shortcuts';
import { closeSearchPalette, openSearchPalette, useSearchPaletteOpen } from '../../state/searchPalette';
import { useSession } from '../../state/session';

// The palette's code comes on first open, not with the screen.
const SearchPalette = lazyNamed(
  () => import('./SearchPalette'),
  (module) => module.SearchPalette,
);

/** ⌘K on a Mac, Ctrl-K elsewhere (either one is taken on both). */
export const isSearchKey = (event: KeyboardEvent): boolean =>
  !event.altKey && !event.shiftKey && pressed(Shortcuts.everywhere.search, event);

/**
 * Global search for every signed-in screen, with or without the header: ⌘K / Ctrl-K (or the header's box,
 * through state/searchPalette) opens the palette over the active team. Nothing without a team.
 */
export function SearchLauncher() {
  const teamId = useSession().team?.team_id;
  const open = useSearchPaletteOpen();
  useEffect(() => {
    if (!teamId) return;
    // Seen in the capture phase, before any screen's own keys (canvas, editor, demo) can stop it.
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchKey(event)) return;
      event.preventDefault();
      openSearchPalette();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [teamId]);
  // Signing out or losing the team leaves no palette to come back on its own.
  useEffect(() => closeSearchPalette, [teamId]);
  // The launcher outlives screens: each opening is a fresh palette, not the last keyword and its hits.
  const [shown, setShown] = useState({ open, times: 0 });
  if (shown.open !== open) setShown({ open, times: shown.times + (open ? 1 : 0) });
  if (!teamId) return null;
  return (
    <OnceOpened open={open}>
      <SearchPalette key={shown.times} open={open} teamId={teamId} onClose={closeSearchPalette} />
    </OnceOpened>
  );
}
