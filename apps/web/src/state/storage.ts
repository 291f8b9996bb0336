/**
 * The browser-local values of spec 000 §3, each under the key the spec names.
 * Every read and write of localStorage in the app goes through here.
 */
export const StorageKeys = {
  token: 'token',
  userId: 'user_id',
  teamId: 'team_id',
  teamName: 'teamName',
  role: 'role',
  teamType: 'team_type',
  folderId: 'folderId',
  teams: 'teams',
  lang: 'lang',
  teamCache: 'teamCache',
  itemOrder: 'item_order',
  pid: 'pid',
  /** The caller's role per team with the day it was fetched (spec 000 §4: cached a day). */
  roleInfo: 'roleInfo',
  /** Per team, until when the dismissed plan-expiry notice stays hidden (spec 000 §4). */
  expireNotice: 'expireNotice',
  /** Per project: the inspect view's base scale, unit, code language and colour format. */
  inspectPrefs: 'inspectPrefs',
  /** Per project: the slice format last chosen (png, jpg, webp, svg, pdf). */
  sliceFormats: 'sliceFormats',
  /** The lab options of spec 000 §3 (ESC on the mark page, free zoom, performance priority). */
  lab: 'lab',
  /** The new-message dots of spec 002 §4: project, team, other. */
  messageDots: 'msgDots',
  /** The deployed version the server last named in its answers' header (spec 000 §4). */
  version: 'version',
  /** The version before an update whose "what's new" notice has not been shown yet. */
  versionTipsSince: 'versionTipsSince',
  /** Per team, when its admins last saw the 30-day plan-expiry dialog. */
  expiryDialog: 'expiryDialog',
  /** The preferences that follow the user besides the lab options (state/preferences.ts), as last known. */
  preferences: 'preferences',
  /** The name a share link's visitor signs comments with, asked once. */
  guestName: 'ferry.share.guestName',
} as const;

export type StorageKey = (typeof StorageKeys)[keyof typeof StorageKeys];

/** Interface preferences survive a sign-out (spec 000 §4); everything else is session state. */
export const PREFERENCE_KEYS: readonly StorageKey[] = [
  StorageKeys.lang,
  StorageKeys.itemOrder,
  StorageKeys.inspectPrefs,
  StorageKeys.sliceFormats,
  StorageKeys.lab,
  StorageKeys.preferences,
  StorageKeys.version,
  StorageKeys.versionTipsSince,
];

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readString(key: StorageKey): string | null {
  return store()?.getItem(key) ?? null;
}

/** What a full browser storage is reported as: the key that could not be written and the biggest one held. */
export interface StorageFullReport {
  key: string;
  biggestKey: string | null;
  biggestBytes: number;
}

let storageFullListener: ((report: StorageFullReport) => void) | null = null;

/** Who tells the user the browser's storage is full (a toast); the console hears it regardless. */
export function onStorageFull(listener: ((report: StorageFullReport) => void) | null): void {
  storageFullListener = listener;
}

function isQuotaError(error: unknown): boolean {
  return (
    error instanceof DOMException &&
    (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED' || error.code === 22)
  );
}

/** The key holding the most (UTF-16 code units of key and value, 2 bytes each). */
export function biggestKey(s: Storage): { key: string | null; bytes: number } {
  let found: { key: string | null; bytes: number } = { key: null, bytes: 0 };
  for (let index = 0; index < s.length; index += 1) {
    const key = s.key(index);
    if (key === null) continue;
    const bytes = (key.length + (s.getItem(key)?.length ?? 0)) * 2;
    if (bytes > found.bytes) found = { key, bytes };
  }
  return found;
}

/**
 * Spec 002 §9: the browser keeps about 4.98 MB. A write over the quota is dropped, never thrown: the app goes
 * on with what it holds in memory, and the report names the biggest key, the likeliest culprit.
 */
export function writeString(key: StorageKey, value: string | null | undefined): void {
  const s = store();
  if (!s) return;
  if (value === null || value === undefined || value === '') {
    s.removeItem(key);
    return;
  }
  try {
    s.setItem(key, value);
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    const biggest = biggestKey(s);
    console.error(
      `Local storage is full writing "${key}"; the biggest key is "${biggest.key}" (${biggest.bytes} bytes)`,
    );
    storageFullListener?.({ key, biggestKey: biggest.key, biggestBytes: biggest.bytes });
  }
}

export function removeKey(key: StorageKey): void {
  store()?.removeItem(key);
}

export function readJson<T>(key: StorageKey, fallback: T): T {
  const raw = readString(key);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeString(key, JSON.stringify(value));
}

/** Spec 002 (local storage keys): data the app caches in the browser is kept under keys with this prefix. */
export const CACHE_KEY_PREFIX = 'cacheData_';

/** Removes every cached-data key (the settings dialog's "clear cache"); the session and preferences stay. */
export function clearCachedData(): void {
  const s = store();
  if (!s) return;
  const keys = Array.from({ length: s.length }, (_, index) => s.key(index)).filter(
    (key): key is string => key?.startsWith(CACHE_KEY_PREFIX) ?? false,
  );
  for (const key of keys) s.removeItem(key);
}

/** Clears the session: every key goes except the interface preferences, which are put back. */
export function clearSessionKeys(): void {
  const s = store();
  if (!s) return;
  const kept = PREFERENCE_KEYS.map((key) => [key, s.getItem(key)] as const);
  s.clear();
  for (const [key, value] of kept) if (value !== null) s.setItem(key, value);
}
