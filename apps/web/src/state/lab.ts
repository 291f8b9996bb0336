import { useSyncExternalStore } from 'react';
import { readJson, StorageKeys, writeString } from './storage';

/**
 * The lab options of spec 000 §3, kept in the browser. `escOnMark`: what ESC does on the mark (detail) page —
 * `deselect` clears the selection first and only then goes back, `back` returns to the stage at once.
 * `freeZoom`: Ctrl/⌘-wheel zooms continuously instead of by the 0.25 step. `performance`: the detail view shows
 * the 50 % preview and skips hover outlines of groups, for very large designs; toggling it reloads the page.
 * `axureZoom`: Axure prototypes are scaled to fit the window (the settings dialog's Axure zoom switch).
 */
export interface LabOptions {
  escOnMark: 'deselect' | 'back';
  boxSelect: boolean;
  freeZoom: boolean;
  performance: boolean;
  axureZoom: boolean;
}

export const DEFAULT_LAB: LabOptions = {
  escOnMark: 'deselect',
  boxSelect: false,
  freeZoom: false,
  performance: false,
  axureZoom: false,
};

const listeners = new Set<() => void>();
let cached: LabOptions | null = null;

export function readLab(): LabOptions {
  cached ??= { ...DEFAULT_LAB, ...readJson<Partial<LabOptions>>(StorageKeys.lab, {}) };
  return cached;
}

let labChanged: ((change: Partial<LabOptions>) => void) | null = null;

/** Who hears the user's own changes, to save them for the user's other browsers (state/preferences.ts). */
export function onLabChanged(listener: ((change: Partial<LabOptions>) => void) | null): void {
  labChanged = listener;
}

/**
 * Saves a change. Performance priority takes effect after a reload, which the settings dialog does (spec 000 §3).
 * `fromServer`: the user's saved options arriving after sign-in, which are not sent back.
 */
export function writeLab(change: Partial<LabOptions>, fromServer = false): LabOptions {
  const next = { ...readLab(), ...change };
  writeString(StorageKeys.lab, JSON.stringify(next));
  cached = next;
  for (const listener of listeners) listener();
  if (!fromServer) labChanged?.(change);
  return next;
}

export function useLab(): LabOptions {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readLab,
    readLab,
  );
}
