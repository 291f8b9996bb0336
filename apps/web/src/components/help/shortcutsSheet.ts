import { createToggle } from '../../state/toggle';

const sheet = createToggle();

export const openShortcutsSheet = sheet.open;
export const closeShortcutsSheet = sheet.close;
export const useShortcutsSheetOpen = sheet.useOpen;
