import { useSyncExternalStore } from 'react';
import type { DotGroup } from '../realtime/message';
import { readJson, StorageKeys, writeJson } from './storage';

/**
 * The new-message dots of spec 002 §4 ("New-message flag"): a notice lights the dot of its group (project,
 * team or other); looking at that group in the message centre puts it out. They live in local storage, so
 * a reload or another tab shows the same dots.
 */
export type MessageDots = Record<DotGroup, boolean>;

const NONE: MessageDots = { project: false, team: false, other: false };

function read(): MessageDots {
  const stored = readJson<Partial<MessageDots> | null>(StorageKeys.messageDots, null);
  return {
    project: stored?.project === true,
    team: stored?.team === true,
    other: stored?.other === true,
  };
}

let current: MessageDots = read();
const listeners = new Set<() => void>();

function write(next: MessageDots): void {
  current = next;
  writeJson(StorageKeys.messageDots, next);
  for (const listener of listeners) listener();
}

export function getMessageDots(): MessageDots {
  return current;
}

export function lightDot(group: DotGroup): void {
  if (current[group]) return;
  write({ ...current, [group]: true });
}

export function clearDot(group: DotGroup): void {
  if (!current[group]) return;
  write({ ...current, [group]: false });
}

export function clearAllDots(): void {
  write({ ...NONE });
}

/** Re-reads local storage (another tab changed it; tests). */
export function reloadMessageDots(): void {
  current = read();
  for (const listener of listeners) listener();
}

export function subscribeMessageDots(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useMessageDots(): MessageDots {
  return useSyncExternalStore(subscribeMessageDots, getMessageDots, getMessageDots);
}
