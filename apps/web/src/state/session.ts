import type { LoginResult, TeamInfo, TeamRole, UserInfo } from '@ferry/shared';
import { isTeamRole } from '@ferry/shared';
import { useSyncExternalStore } from 'react';
import { chooseTeam, teamIdOf } from './redirect';
import {
  clearSessionKeys,
  readJson,
  readString,
  removeKey,
  StorageKeys,
  writeJson,
  writeString,
} from './storage';

/** The active team as the spec keeps it locally: team_id, role, teamName, team_type, folderId. */
export interface CurrentTeam {
  team_id: string;
  role: TeamRole | '';
  teamName: string;
  team_type: string;
  folderId: string | null;
}

/** The last team of each user (spec 000 §3 teamCache), keyed by user id. */
export type TeamCache = Record<string, { team_id: string; role: string; teamName: string; folderId: string }>;

export interface SessionState {
  token: string | null;
  userId: string | null;
  user: UserInfo | null;
  teams: TeamInfo[];
  team: CurrentTeam | null;
  /** Where a sign-out is taking the user; the route guard follows it instead of its own redirect. */
  exit: string | null;
}

function loadTeam(): CurrentTeam | null {
  const teamId = readString(StorageKeys.teamId);
  if (!teamId) return null;
  const role = readString(StorageKeys.role) ?? '';
  return {
    team_id: teamId,
    role: isTeamRole(role) ? role : '',
    teamName: readString(StorageKeys.teamName) ?? '',
    team_type: readString(StorageKeys.teamType) ?? '',
    folderId: readString(StorageKeys.folderId),
  };
}

function load(): SessionState {
  const teams = readJson<unknown>(StorageKeys.teams, []);
  return {
    token: readString(StorageKeys.token),
    userId: readString(StorageKeys.userId),
    user: null,
    teams: Array.isArray(teams) ? (teams as TeamInfo[]) : [],
    team: loadTeam(),
    exit: null,
  };
}

let state: SessionState = load();
const listeners = new Set<() => void>();

function update(next: Partial<SessionState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function getSession(): SessionState {
  return state;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function getToken(): string | null {
  return state.token;
}

export function isSignedIn(): boolean {
  return Boolean(state.token);
}

/** Re-reads every key from localStorage (after another tab changed them, and in tests). */
export function reloadSession(): void {
  const next = load();
  state = { ...next, user: next.userId && next.userId === state.userId ? state.user : null };
  for (const listener of listeners) listener();
}

export function setUser(user: UserInfo): void {
  writeString(StorageKeys.userId, user.id);
  update({ user, userId: user.id });
}

function writeTeamCache(entry: CurrentTeam): void {
  const userId = state.userId;
  if (!userId) return;
  const cache = readJson<TeamCache>(StorageKeys.teamCache, {});
  cache[userId] = {
    team_id: entry.team_id,
    role: entry.role,
    teamName: entry.teamName,
    folderId: entry.folderId ?? 'all',
  };
  writeJson(StorageKeys.teamCache, cache);
}

export function readTeamCache(userId: string): TeamCache[string] | null {
  return readJson<TeamCache>(StorageKeys.teamCache, {})[userId] ?? null;
}

function clearTeamKeys(): void {
  for (const key of [
    StorageKeys.teamId,
    StorageKeys.role,
    StorageKeys.teamName,
    StorageKeys.teamType,
    StorageKeys.folderId,
  ]) {
    removeKey(key);
  }
}

/** Makes `team` the active team locally: its id, role, name and type; the folder as given (or none). */
export function selectTeam(team: TeamInfo, folderId: string | null = null): CurrentTeam {
  const current: CurrentTeam = {
    team_id: teamIdOf(team),
    role: team.role?.type ?? '',
    teamName: team.name,
    team_type: team.type,
    folderId,
  };
  writeString(StorageKeys.teamId, current.team_id);
  writeString(StorageKeys.role, current.role);
  writeString(StorageKeys.teamName, current.teamName);
  writeString(StorageKeys.teamType, current.team_type);
  writeString(StorageKeys.folderId, folderId);
  writeTeamCache(current);
  update({ team: current });
  return current;
}

export function setFolderId(folderId: string | null): void {
  writeString(StorageKeys.folderId, folderId);
  if (state.team) {
    const team = { ...state.team, folderId };
    writeTeamCache(team);
    update({ team });
  }
}

/**
 * Stores the user's team list and keeps the active team true to it: a changed role or name is
 * stored (spec 000 §4, team role check); a team the user left is dropped.
 */
export function setTeams(teams: TeamInfo[]): void {
  writeJson(StorageKeys.teams, teams);
  const current = state.team;
  if (!current) {
    update({ teams });
    return;
  }
  const match = teams.find((t) => teamIdOf(t) === current.team_id);
  if (!match) {
    clearTeamKeys();
    update({ teams, team: null });
    return;
  }
  const role = match.role?.type ?? '';
  if (role !== current.role || match.name !== current.teamName || match.type !== current.team_type) {
    update({ teams });
    selectTeam(match, current.folderId);
    return;
  }
  update({ teams });
}

/**
 * Sign-in (spec 000 §4): keep the token, the user and the teams, and make the `tid` team, the saved
 * team or the first team active. Answers the active team, or null for a user without teams.
 */
export function applyLogin(result: LoginResult, options: { tid?: string | null } = {}): CurrentTeam | null {
  writeString(StorageKeys.token, result.token);
  update({ token: result.token, exit: null });
  setUser(result.user);
  clearTeamKeys();
  update({ team: null });
  setTeams(result.teams);
  const choice = chooseTeam(result.teams, result.team_status, options.tid);
  return choice ? selectTeam(choice.team, choice.folderId) : null;
}

/** Forgets the session locally (interface preferences stay); `exit` is where the user is going. */
export function clearSession(exit: string | null = null): void {
  clearSessionKeys();
  state = { ...load(), user: null, exit };
  for (const listener of listeners) listener();
}

export function findTeam(teamId: string | null | undefined): TeamInfo | undefined {
  if (!teamId) return undefined;
  return state.teams.find((t) => teamIdOf(t) === teamId);
}
