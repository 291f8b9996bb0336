import { normalisePreferences, PreferenceLimits, type Preferences } from '@ferry/shared';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { preferencesApi } from '../api/preferences';
import { type LabOptions, onLabChanged, readLab, writeLab } from './lab';
import { getSession, getToken, subscribeSession, useSession } from './session';
import { readJson, StorageKeys, writeJson } from './storage';

/**
 * The preferences that follow the user (spec 000 §3: 18 flags and zoom speed). The server keeps them; this
 * browser keeps a copy for a fast start: the lab options in their own key (state/lab.ts), the rest under
 * StorageKeys.preferences. After sign-in the server's copy is read; a change here is sent within 50 ms, the
 * changes of that time in one call (spec 002 §9).
 */

type PreferenceName = keyof Preferences;

/** The lab options as preference flags: ESC's "back at once" is the escBack flag. */
function flagsOfLab(lab: Partial<LabOptions>): Partial<Preferences> {
  const flags: Partial<Preferences> = {};
  if (lab.axureZoom !== undefined) flags.axureZoom = lab.axureZoom;
  if (lab.escOnMark !== undefined) flags.escBack = lab.escOnMark === 'back';
  if (lab.boxSelect !== undefined) flags.boxSelect = lab.boxSelect;
  if (lab.freeZoom !== undefined) flags.freeZoom = lab.freeZoom;
  if (lab.performance !== undefined) flags.performance = lab.performance;
  return flags;
}

function labOf(preferences: Preferences): LabOptions {
  return {
    axureZoom: preferences.axureZoom,
    escOnMark: preferences.escBack ? 'back' : 'deselect',
    boxSelect: preferences.boxSelect,
    freeZoom: preferences.freeZoom,
    performance: preferences.performance,
  };
}

let others: Preferences | null = null;

/** Everything this browser knows of the user's preferences. */
export function readPreferences(): Preferences {
  others ??= normalisePreferences(readJson<Record<string, unknown>>(StorageKeys.preferences, {}));
  return { ...others, ...flagsOfLab(readLab()) };
}

/** Zoom speed for wheel zoom (500 the default; a stored legacy 700 reads as 500). */
export const zoomSpeed = (): number => readPreferences().zoomSpeed;

type LabFlag = 'axureZoom' | 'escBack' | 'boxSelect' | 'freeZoom' | 'performance';

/** Changes preferences here and on the server; the lab options change through writeLab (state/lab.ts). */
export function writePreferences(change: Partial<Omit<Preferences, LabFlag>>): void {
  others = normalisePreferences({ ...readPreferences(), ...change });
  writeJson(StorageKeys.preferences, others);
  announce();
  noteLocalChange(change);
}

/** Who shows preferences (usePreferences): told of every change, here or from the server. */
const listeners = new Set<() => void>();
let snapshot: Preferences | null = null;

function announce(): void {
  snapshot = null;
  for (const listener of listeners) listener();
}

const currentPreferences = (): Preferences => {
  snapshot ??= readPreferences();
  return snapshot;
};

/** The user's preferences, re-rendering on each change (the settings dialog, a server pull, a lab option). */
export function usePreferences(): Preferences {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentPreferences,
    currentPreferences,
  );
}

/** Changes made here the server has not confirmed: a pull never overwrites them. */
const unsaved = new Set<PreferenceName>();
let pending: Partial<Preferences> = {};
let timer: ReturnType<typeof setTimeout> | null = null;
let savesDone = 0;
/** Whose unsent changes these are: null for changes made signed out, which go to whoever signs in next. */
let changesOf: string | null = null;

// Another account in this tab: what the previous one had not saved is theirs, never the newcomer's.
subscribeSession(() => {
  const { userId } = getSession();
  if (changesOf !== null && userId !== changesOf) {
    if (timer) clearTimeout(timer);
    timer = null;
    pending = {};
    unsaved.clear();
    changesOf = null;
  }
});

function noteLocalChange(change: Partial<Preferences>): void {
  changesOf = getSession().userId;
  for (const name of Object.keys(change) as PreferenceName[]) unsaved.add(name);
  pending = { ...pending, ...change };
  scheduleSave();
}

function scheduleSave(): void {
  // Signed out, changes wait for the next sign-in's pull.
  if (!getToken() || timer || Object.keys(pending).length === 0) return;
  timer = setTimeout(() => void flushPreferences(), PreferenceLimits.saveBatchMs);
}

/** Sends what waits now (the batch timer does this by itself). */
export async function flushPreferences(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  const change = pending;
  if (!getToken() || Object.keys(change).length === 0) return;
  pending = {};
  try {
    await preferencesApi.save(change);
    savesDone += 1;
    for (const name of Object.keys(change) as PreferenceName[]) if (!(name in pending)) unsaved.delete(name);
  } catch {
    // Kept for the next change or sign-in: the browser's copy stays in force meanwhile.
    pending = { ...change, ...pending };
  }
}

onLabChanged((change) => {
  announce();
  noteLocalChange(flagsOfLab(change));
});

/** Reads the user's saved preferences and puts them in force here, except what was changed here meanwhile. */
export async function pullPreferences(): Promise<Preferences> {
  const savesBefore = savesDone;
  const answer = await preferencesApi.read();
  if (!answer || typeof answer !== 'object') return readPreferences();
  const saved = normalisePreferences(answer);
  // A save that finished meanwhile may have landed after this read: the browser's copy is the newer one.
  if (savesDone === savesBefore) {
    const current = readPreferences();
    const next = { ...saved };
    for (const name of unsaved) (next as Record<string, unknown>)[name] = current[name];
    others = next;
    writeJson(StorageKeys.preferences, next);
    writeLab(labOf(next), true);
    announce();
  }
  scheduleSave();
  return saved;
}

/** Pulls the signed-in user's preferences once per page load (the guarded pages call it). */
export function usePreferenceSync(): void {
  const { userId } = useSession();
  useQuery({
    queryKey: ['preferences', userId],
    queryFn: pullPreferences,
    enabled: Boolean(userId),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** Forgets unsent changes and the in-memory copy (tests start each case clean). */
export function resetPreferenceSync(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  pending = {};
  unsaved.clear();
  changesOf = null;
  others = null;
  announce();
}
