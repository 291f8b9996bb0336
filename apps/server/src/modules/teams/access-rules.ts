import { isTeamRole, type TeamRole } from '@ferry/shared';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../http/errors.js';

/** A rule on reaching a team's data that a module above teams adds (single sign-on's "require SSO"); throws to refuse. */
export type TeamAccessRule = (db: Db | Tx, userId: string, teamId: string, role: TeamRole) => Promise<void>;

const rules = new Set<TeamAccessRule>();

export function addTeamAccessRule(rule: TeamAccessRule) {
  rules.add(rule);
}

/** Every membership check passes here (roleInTeam), so team calls and the project access path alike obey. */
export async function checkTeamAccessRules(db: Db | Tx, userId: string, teamId: string, role: TeamRole) {
  for (const rule of rules) await rule(db, userId, teamId, role);
}

/** Of the user's teams (with their roles), those every rule lets the current session reach. */
export async function teamsPassingRules(
  db: Db | Tx,
  userId: string,
  memberships: { teamId: string; role: string }[],
): Promise<string[]> {
  const passing: string[] = [];
  for (const { teamId, role } of memberships) {
    if (!isTeamRole(role)) continue;
    try {
      await checkTeamAccessRules(db, userId, teamId, role);
      passing.push(teamId);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return passing;
}
