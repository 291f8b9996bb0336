import type { Lang, TeamInfo, TeamRole } from '@ferry/shared';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { publishSignal } from '../../realtime/signals.js';
import { users } from '../account/tables.js';
import { authorizeTeamAdmin, teamForMember } from './policy.js';
import { presentTeam } from './present.js';
import { teamMembers, teams } from './tables.js';

/** The user's teams in the order they joined them (the first is the default team). */
export async function listTeams(ctx: AppContext, userId: string, lang: Lang): Promise<TeamInfo[]> {
  const rows = await ctx.db
    .select({ team: teams, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, userId), isNull(teams.dissolvedAt)))
    .orderBy(asc(teamMembers.joinedAt), asc(teams.createdAt));
  if (rows.length === 0) return [];
  const counts = await memberCounts(
    ctx,
    rows.map((row) => row.team.id),
  );
  return rows.map((row) =>
    presentTeam(ctx, row.team, row.role as TeamRole, counts.get(row.team.id) ?? noCounts, lang),
  );
}

/** Members and projects of each team, two grouped queries for any number of teams. */
async function memberCounts(
  ctx: AppContext,
  teamIds: string[],
): Promise<Map<string, { members: number; projects: number }>> {
  const members = await ctx.db
    .select({ teamId: teamMembers.teamId, n: count() })
    .from(teamMembers)
    .where(inArray(teamMembers.teamId, teamIds))
    .groupBy(teamMembers.teamId);
  const owned = await ctx.teamContents.projectCounts(ctx.db, teamIds);
  return new Map(
    teamIds.map((id) => [
      id,
      {
        members: Number(members.find((row) => row.teamId === id)?.n ?? 0),
        projects: owned.get(id) ?? 0,
      },
    ]),
  );
}

const noCounts = { members: 0, projects: 0 };

/** The creator of a team is its super admin, the one owner (spec 000 §6). */
export async function createTeam(
  ctx: AppContext,
  userId: string,
  name: string,
  lang: Lang,
): Promise<TeamInfo> {
  const team = await ctx.db.transaction(async (tx) => {
    const [created] = await tx.insert(teams).values({ name, ownerId: userId }).returning();
    await tx
      .insert(teamMembers)
      .values({ teamId: created.id, userId, role: 'superadmin', joinedAt: ctx.now() });
    return created;
  });
  await publishSignal(ctx, { rooms: [], joined: { userId, teamId: team.id } });
  return presentTeam(ctx, team, 'superadmin', { members: 1, projects: 0 }, lang);
}

export async function getTeam(
  ctx: AppContext,
  userId: string,
  teamId: string,
  lang: Lang,
  options: { members?: boolean } = {},
) {
  const { team: row, role } = await teamForMember(ctx.db, userId, teamId);
  const counts = await memberCounts(ctx, [teamId]);
  const info = presentTeam(ctx, row, role, counts.get(teamId) ?? noCounts, lang);
  if (!options.members) return info;
  const members = await ctx.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      color: users.color,
      role: teamMembers.role,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(teamMembers.joinedAt));
  return { ...info, members };
}

export async function renameTeam(ctx: AppContext, userId: string, teamId: string, name: string, lang: Lang) {
  await authorizeTeamAdmin(ctx.db, userId, teamId);
  await ctx.db.update(teams).set({ name }).where(eq(teams.id, teamId));
  return getTeam(ctx, userId, teamId, lang);
}
