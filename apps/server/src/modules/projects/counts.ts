import { Limits } from '@ferry/shared';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { lockTeamLimits, planLimits } from '../teams/plans.js';
import type { TeamRow } from '../teams/policy.js';
import { projectMembers, projects } from './tables.js';

/** A change to a project's designs or stage makes it the most recently updated (the list's update order). */
export async function touchProject(db: Db | Tx, projectId: string, now: Date) {
  await db.update(projects).set({ updatedAt: now }).where(eq(projects.id, projectId));
}

/** The ids of a team's projects, as a subquery other domains filter by without reading this table. */
export const projectIdsOfTeam = (teamId: string) =>
  sql`(select ${projects.id} from ${projects} where ${projects.teamId} = ${teamId})`;

export async function projectCount(db: Db | Tx, teamId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(projects).where(eq(projects.teamId, teamId));
  return Number(row.n);
}

/** Projects per team, one grouped query for any number of teams. */
export async function projectCounts(db: Db | Tx, teamIds: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ teamId: projects.teamId, n: count() })
    .from(projects)
    .where(inArray(projects.teamId, teamIds))
    .groupBy(projects.teamId);
  return new Map(rows.map((row) => [row.teamId, Number(row.n)]));
}

/**
 * Refuses a new project past the plan (spec 002 §5: project_max − project_curt < 0 after adding it), under
 * the team's lock: call it in the transaction that inserts the project.
 */
export async function reserveProjectRoom(ctx: AppContext, tx: Tx, team: TeamRow) {
  const { projectMax } = planLimits(ctx, team);
  if (projectMax === Limits.unlimited) return;
  await lockTeamLimits(tx, team.id);
  if (projectMax - (await projectCount(tx, team.id)) - 1 < 0) throw fail('PROJECT_COUNT_FULL');
}

/** When someone leaves a team, they leave its projects too. */
export async function dropProjectMemberships(tx: Tx, userId: string, teamId: string) {
  await tx
    .delete(projectMembers)
    .where(
      and(eq(projectMembers.userId, userId), sql`${projectMembers.projectId} in ${projectIdsOfTeam(teamId)}`),
    );
}
