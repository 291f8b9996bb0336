import { assignableRoles, isTeamRole, roleRank, type TeamRole } from '@ferry/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { checkTeamAccessRules } from './access-rules.js';
import { teamDepartures, teamMembers, teams } from './tables.js';

export type TeamRow = typeof teams.$inferSelect;

/**
 * The caller's role in a team. A team the caller is not in answers "team does not exist" (ids cannot be
 * probed), unless the caller was in it: then they hear they were removed, or that it was dissolved.
 */
export async function roleInTeam(db: Db | Tx, userId: string, teamId: string): Promise<TeamRole> {
  if (!isUuid(teamId)) throw fail('TEAM_NOT_FOUND');
  const [row] = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  if (row && isTeamRole(row.role)) {
    await checkTeamAccessRules(db, userId, teamId, row.role);
    return row.role;
  }
  const [departure] = await db
    .select({ reason: teamDepartures.reason })
    .from(teamDepartures)
    .where(and(eq(teamDepartures.teamId, teamId), eq(teamDepartures.userId, userId)));
  if (departure?.reason === 'removed') throw fail('REMOVED_FROM_TEAM');
  if (departure?.reason === 'dissolved' || departure?.reason === 'merged') throw fail('TEAM_DISSOLVED');
  throw fail('TEAM_NOT_FOUND');
}

/** A team's row, dissolved or not. */
export async function teamById(db: Db | Tx, teamId: string): Promise<TeamRow | undefined> {
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
  return team;
}

/** The team and the caller's role in it, for calls that need both. */
export async function teamForMember(
  db: Db | Tx,
  userId: string,
  teamId: string,
): Promise<{ team: TeamRow; role: TeamRole }> {
  const role = await roleInTeam(db, userId, teamId);
  const team = await teamById(db, teamId);
  if (!team || team.dissolvedAt) throw fail('TEAM_DISSOLVED');
  return { team, role };
}

/** Admins and the super admin manage the team (spec 000 §6). */
export async function teamForAdmin(db: Db | Tx, userId: string, teamId: string) {
  const found = await teamForMember(db, userId, teamId);
  if (roleRank(found.role) < roleRank('admin')) throw fail('ADMIN_ONLY');
  return found;
}

/** Only the super admin reviews applications, transfers, dissolves and merges (spec 000 §6). */
export async function teamForSuperAdmin(db: Db | Tx, userId: string, teamId: string) {
  const found = await teamForMember(db, userId, teamId);
  if (found.role !== 'superadmin') throw fail('NO_PERMISSION');
  return found;
}

export async function authorizeTeamAdmin(db: Db | Tx, userId: string, teamId: string): Promise<TeamRole> {
  return (await teamForAdmin(db, userId, teamId)).role;
}

/** Another member of the same team; an id from elsewhere is "not found" (object-level check). */
export async function memberOfTeam(db: Db | Tx, teamId: string, userId: string) {
  if (!isUuid(userId)) throw fail('NOT_FOUND');
  const [row] = await db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  if (!row || !isTeamRole(row.role)) throw fail('NOT_FOUND');
  return { ...row, role: row.role as TeamRole };
}

/**
 * The named people, de-duplicated, when every one of them is a member of the team; anyone else (another
 * team's user, a made-up id) is "not found".
 */
export async function teamMemberIds(db: Db | Tx, teamId: string, userIds: string[]): Promise<string[]> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return ids;
  if (!ids.every(isUuid)) throw fail('NOT_FOUND');
  const found = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, ids)));
  if (found.length !== ids.length) throw fail('NOT_FOUND');
  return ids;
}

/** Whether the actor may hand out this role (invite with it, change someone to it): see assignableRoles. */
export function mayAssignRole(actor: TeamRole, role: TeamRole): boolean {
  return assignableRoles(actor).some((allowed) => allowed === role);
}

/** Another member's role changes only when theirs is below the actor's, and the actor may give roles at all. */
export function mayChangeRole(actor: TeamRole, target: TeamRole, isSelf: boolean): boolean {
  return !isSelf && roleRank(target) < roleRank(actor) && assignableRoles(actor).length > 0;
}

/** A team nickname: one's own, or, for admins, that of a member of lower rank. */
export function maySetNickname(
  actor: { id: string; role: TeamRole },
  target: { id: string; role: TeamRole },
) {
  if (actor.id === target.id) return true;
  return roleRank(actor.role) >= roleRank('admin') && roleRank(target.role) < roleRank(actor.role);
}

/** Why a removal was refused: members and viewers hear that only admins remove people. */
export function removalRefusal(actor: TeamRole): 'ADMIN_ONLY' | 'NO_PERMISSION' {
  return roleRank(actor) < roleRank('admin') ? 'ADMIN_ONLY' : 'NO_PERMISSION';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
