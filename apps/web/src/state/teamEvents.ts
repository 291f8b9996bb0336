import { useSyncExternalStore } from 'react';

/**
 * The team events of spec 000 §4 that take the whole screen: the user was removed from the team (19013)
 * or the team was dissolved (19014). The API client raises them; the full-screen tip shows the latest
 * until its button takes the user to a team they still belong to.
 */
export type TeamEventKind = 'removed' | 'dissolved';

export interface TeamEvent {
  kind: TeamEventKind;
}

let current: TeamEvent | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function raiseTeamEvent(kind: TeamEventKind): void {
  // A second refusal of the same kind (several calls at once) changes nothing.
  if (current?.kind === kind) return;
  current = { kind };
  emit();
}

export function clearTeamEvent(): void {
  if (!current) return;
  current = null;
  emit();
}

export function getTeamEvent(): TeamEvent | null {
  return current;
}

export function subscribeTeamEvent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTeamEvent(): TeamEvent | null {
  return useSyncExternalStore(subscribeTeamEvent, getTeamEvent, getTeamEvent);
}
