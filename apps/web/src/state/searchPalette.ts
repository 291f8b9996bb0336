import { createToggle } from './toggle';

/**
 * Whether the search palette is open. The header's box and ⌘K / Ctrl-K open it; the one launcher mounted
 * for every signed-in screen shows it, so it opens the same way with or without the header.
 */
const palette = createToggle();

export const openSearchPalette = palette.open;
export const closeSearchPalette = palette.close;
export const isSearchPaletteOpen = palette.isOpen;
export const subscribeSearchPalette = palette.subscribe;
export const useSearchPaletteOpen = palette.useOpen;
