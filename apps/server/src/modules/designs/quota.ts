import { Limits } from '@ferry/shared';
import { and, count, eq, isNull, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { planLimits } from '../teams/plans.js';
import { teams } from '../teams/tables.js';
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
 * The design quota of a project (spec 002 §5: a free team has a per-project design limit): the plan's limit
 * and the designs the project holds outside the recycle bin. -1 for enterprise teams and the corporate edition.
 */
export async function designQuota(ctx: AppContext, db: Db | Tx, teamId: string, projectId: string) {
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
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
