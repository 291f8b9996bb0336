import { useSyncExternalStore } from 'react';

/**
 * Whether the search palette is open. The header's box and ⌘K / Ctrl-K open it; the one launcher mounted
 * for every signed-in screen shows it, so it opens the same way with or without the header.
 */
let open = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

export const openSearchPalette = (): void => set(true);
export const closeSearchPalette = (): void => set(false);
export const isSearchPaletteOpen = (): boolean => open;

export function subscribeSearchPalette(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSearchPaletteOpen(): boolean {
  return useSyncExternalStore(subscribeSearchPalette, isSearchPaletteOpen, isSearchPaletteOpen);
}
