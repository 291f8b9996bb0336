/**
 * Every keyboard shortcut of the app, in one table: the key handlers test a key press with `pressed` against
 * these entries, and the shortcuts sheet (`?`) lists them, so the sheet cannot promise a key that does nothing.
 * `keys` are KeyboardEvent.key values; `mod` wants ⌘ on a Mac or Ctrl elsewhere; `hold` is a key held down.
 */
export interface Shortcut {
  keys: readonly string[];
  mod?: boolean;
  shift?: boolean;
  hold?: boolean;
  /** What the sheet shows for the key, when it is not the key itself (arrows, ⌘). */
  label?: string;
}

export const Shortcuts = {
  everywhere: {
    search: { keys: ['k', 'K'], mod: true, label: '⌘/Ctrl K' },
    shortcuts: { keys: ['?'] },
  },
  detail: {
    previous: { keys: ['ArrowLeft'], label: '←' },
    next: { keys: ['ArrowRight'], label: '→' },
    zoomIn: { keys: ['+', '='], label: '+' },
    zoomOut: { keys: ['-'], label: '−' },
    fit: { keys: ['0'] },
    comment: { keys: ['c', 'C'], label: 'C' },
    escape: { keys: ['Escape'], label: 'Esc' },
    pan: { keys: [' '], hold: true, label: 'Space' },
  },
  demo: {
    back: { keys: ['ArrowLeft'], label: '←' },
    forward: { keys: ['ArrowRight'], label: '→' },
    leave: { keys: ['Escape'], label: 'Esc' },
  },
  protoEditor: {
    nudge: { keys: ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'], label: '← → ↑ ↓' },
    nudgeFar: {
      keys: ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'],
      shift: true,
      label: 'Shift ← → ↑ ↓',
    },
    remove: { keys: ['Delete', 'Backspace'], label: 'Delete' },
    escape: { keys: ['Escape'], label: 'Esc' },
  },
  flowMap: {
    pan: { keys: [' '], hold: true, label: 'Space' },
  },
} as const satisfies Record<string, Record<string, Shortcut>>;

export type ShortcutScope = keyof typeof Shortcuts;

/** Whether `event` is the shortcut's key (the modifier, when it wants one; Shift is checked by `shift` only). */
export function pressed(shortcut: Shortcut, event: KeyboardEvent): boolean {
  if (shortcut.mod && !(event.metaKey || event.ctrlKey)) return false;
  if (shortcut.shift && !event.shiftKey) return false;
  return shortcut.keys.includes(event.key);
}

/** The key as the sheet shows it. */
export const shortcutLabel = (shortcut: Shortcut): string => shortcut.label ?? shortcut.keys[0];
