import { Limits } from '@ferry/shared';
import { and, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { projectIdsOfTeam } from '../projects/counts.js';
import { planLimits } from '../teams/plans.js';
import { teamById } from '../teams/policy.js';
import { designs } from './tables.js';

export async function liveDesignCount(db: Db | Tx, projectId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(designs)
    // A set is a grouping of designs, not a design of its own.
    .where(and(eq(designs.projectId, projectId), isNull(designs.deletedAt), ne(designs.type, 'set')));
  return Number(row.n);
}

/**
 * The design limit is per project (spec 002 §5; `project/image/cntlimitinfo` answers it for one project):
 * the team's `cur_cnt` is the count of its fullest project, so "cur_cnt ≥ hard_limit_cnt" still means some
 * project can take no more designs.
 */
export async function fullestProjectDesigns(db: Db | Tx, teamId: string): Promise<number> {
  const perProject = db
    .select({ n: count().as('n') })
    .from(designs)
    .where(and(inArray(designs.projectId, projectIdsOfTeam(teamId)), isNull(designs.deletedAt)))
    .groupBy(designs.projectId)
    .as('per_project');
  const [row] = await db.select({ n: sql<number>`coalesce(max(${perProject.n}), 0)::int` }).from(perProject);
  return Number(row?.n ?? 0);
}

/**
 * The design quota of a project (spec 002 §5: a free team has a per-project design limit): the plan's limit
 * and the designs the project holds outside the recycle bin. -1 for enterprise teams and the corporate edition.
 */
export async function designQuota(ctx: AppContext, db: Db | Tx, teamId: string, projectId: string) {
  const team = await teamById(db, teamId);
  // A project's team row is never deleted (dissolving marks it), so this is only a guard.
  if (!team) throw fail('TEAM_DISSOLVED');
  return {
    hard_limit_cnt: planLimits(ctx, team).imageMax,
    cur_cnt: await liveDesignCount(db, projectId),
  };
}

/** The image limit and upload limit rules of spec 001 §5: 11023 stops the whole action. */
export async function assertDesignRoom(
  ctx: AppContext,
  db: Db | Tx,
  teamId: string,
  projectId: string,
  adding: number,
) {
  if (adding <= 0) return;
  const { hard_limit_cnt: limit, cur_cnt: current } = await designQuota(ctx, db, teamId, projectId);
  if (limit === Limits.unlimited) return;
  if (current >= limit || limit - current - adding < 0) throw fail('IMAGE_LIMIT_REACHED');
}
