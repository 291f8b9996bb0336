import { isTeamRole, type TeamRole } from '@ferry/shared';
import { teamsApi } from '../api/teams';
import { getSession } from './session';
import { readJson, StorageKeys, writeJson, writeString } from './storage';

/**
 * The team role check of spec 000 §4: the caller's role in a team (GET account/user_team_role) is
 * fetched at most once per team per day and kept with the day; when it differs from the stored role
 * of the active team, the new role is stored and the page reloads.
 */
export interface RoleInfoEntry {
  day: string;
  role_type: TeamRole;
  role_name: string;
}

export type RoleInfoCache = Record<string, RoleInfoEntry>;

/** The local calendar day, e.g. 2026-03-01: a new day fetches again. */
export function dayOf(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

let reloadPage: () => void = () => window.location.reload();

/** Replaces the page reload (tests). */
export function setPageReloader(fn: (() => void) | null): void {
  reloadPage = fn ?? (() => window.location.reload());
}

const inFlight = new Set<string>();

export type RoleCheckResult = 'cached' | 'unchanged' | 'unknown' | 'reloaded';

export async function checkTeamRole(teamId: string, now: Date = new Date()): Promise<RoleCheckResult> {
  const day = dayOf(now);
  if (readJson<RoleInfoCache>(StorageKeys.roleInfo, {})[teamId]?.day === day) return 'cached';
  if (inFlight.has(teamId)) return 'cached';
  inFlight.add(teamId);
  let answer: Awaited<ReturnType<typeof teamsApi.userTeamRole>> | null = null;
  try {
    answer = await teamsApi.userTeamRole(teamId);
  } catch {
    // A failed role fetch is role type 0: nothing is known, nothing changes (spec 000 §8).
  } finally {
    inFlight.delete(teamId);
  }
  const role = answer?.role_type;
  if (!isTeamRole(role)) return 'unknown';
  const cache = readJson<RoleInfoCache>(StorageKeys.roleInfo, {});
  cache[teamId] = { day, role_type: role, role_name: answer?.role_name ?? '' };
  writeJson(StorageKeys.roleInfo, cache);

  const active = getSession().team;
  if (!active || active.team_id !== teamId || active.role === role) return 'unchanged';
  writeString(StorageKeys.role, role);
  if (!active.role) return 'unchanged';
  reloadPage();
  return 'reloaded';
}
