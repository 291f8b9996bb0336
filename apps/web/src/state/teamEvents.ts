import { useSyncExternalStore } from 'react';

/**
 * The events that take the whole screen (spec 000 §4, spec 002 §2/§4): the user was removed from the team
 * (19013) or the team was dissolved (19014), raised by the API client or a real-time notice, whose tip
 * takes the user to a team they still belong to; and, from real-time notices, the user was removed from
 * the project on screen or it was deleted, whose tip returns to the team's project list.
 */
export type TeamEventKind = 'removed' | 'dissolved' | 'projectRemoved' | 'projectDeleted';

export interface TeamEvent {
  kind: TeamEventKind;
  /** Project events: the team and project concerned, and who did it (for the wording). */
  teamId?: string;
  projectId?: string;
  projectName?: string;
  byName?: string;
}

const isTeamKind = (kind: TeamEventKind) => kind === 'removed' || kind === 'dissolved';

let current: TeamEvent | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function raiseTeamEvent(kind: TeamEventKind, detail: Omit<TeamEvent, 'kind'> = {}): void {
  // A second refusal of the same kind (several calls at once) changes nothing.
  if (current?.kind === kind) return;
  // Losing the whole team outranks losing one of its projects.
  if (current && isTeamKind(current.kind) && !isTeamKind(kind)) return;
  current = { kind, ...detail };
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
