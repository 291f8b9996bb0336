import { readString, StorageKeys, writeString } from './storage';

type Listener = () => void;
const listeners = new Set<Listener>();

/** `1.6.0` of `1.6.0+Bx3k9q`: the release, which the notes are about; the build part changes with any deploy. */
export const releaseOf = (version: string): string => version.split('+')[0];

/**
 * Called with the version header of every API answer: stores it (spec 000 §4, kept across sign-out), and when
 * the release changed since the stored one, remembers the stored one so the "what's new" notice shows once.
 * A first visit stores the version and shows nothing: there is nothing the user knew before.
 */
export function noteServerVersion(version: string | null): void {
  if (!version) return;
  const stored = readString(StorageKeys.version);
  if (stored === version) return;
  writeString(StorageKeys.version, version);
  if (stored && releaseOf(stored) !== releaseOf(version) && !readString(StorageKeys.versionTipsSince)) {
    writeString(StorageKeys.versionTipsSince, stored);
    for (const listener of listeners) listener();
  }
}

/** The version the pending "what's new" notice is about, if one waits to be shown. */
export const pendingTipsSince = (): string | null => readString(StorageKeys.versionTipsSince);

/** The notice was shown: it does not come again for this update. */
export function tipsShown(): void {
  writeString(StorageKeys.versionTipsSince, null);
  for (const listener of listeners) listener();
}

export function onPendingTips(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
