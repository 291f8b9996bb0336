import { useSyncExternalStore } from 'react';
import { readString, StorageKeys, writeString } from '../../../state/storage';

/**
 * The name a share link's visitor signs comments with: kept in this browser once a comment went out with it,
 * so every composer (a new pin, a reply) asks only the first time.
 */
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const read = () => readString(StorageKeys.guestName) ?? '';

export function rememberGuestName(name: string) {
  writeString(StorageKeys.guestName, name.trim());
  for (const listener of listeners) listener();
}

export const useGuestName = () => useSyncExternalStore(subscribe, read, read);
