import { SectionLimits, type StageLockView } from '@ferry/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { users } from '../account/tables.js';
import { projectAccessFor } from '../projects/policy.js';
import { projectStages } from './tables.js';

export type StageRow = typeof projectStages.$inferSelect;

const freshStage = (projectId: string): StageRow => ({
  projectId,
  orderType: 'default',
  sectorIds: [],
  revision: 0,
  lockedBy: null,
  lockedUntil: null,
});

/** A project's stage state; a project whose layout never changed has the defaults (no row yet). */
export async function readStage(db: Db | Tx, projectId: string): Promise<StageRow> {
  const [row] = await db.select().from(projectStages).where(eq(projectStages.projectId, projectId));
  return row ?? freshStage(projectId);
}

/**
 * The stage row, made if missing and locked until the transaction ends: layout changes of one project run
 * one after the other, so each renumbers the sections from what the previous one left.
 */
async function lockStage(tx: Tx, projectId: string): Promise<StageRow> {
  const [row] = await tx
    .insert(projectStages)
    .values({ projectId })
    .onConflictDoUpdate({
      target: projectStages.projectId,
      set: { revision: sql`${projectStages.revision}` },
    })
    .returning();
  return row;
}

const heldByOther = (stage: StageRow, userId: string, now: Date) =>
  stage.lockedBy !== null &&
  stage.lockedBy !== userId &&
  stage.lockedUntil !== null &&
  stage.lockedUntil > now;

/**
 * Opens a layout change: refused with 10092 while another user holds the stage lock, or when the caller
 * saw an older revision than the current one (someone else changed the layout since). Bumps the revision.
 */
export async function changeStage(
  tx: Tx,
  ctx: AppContext,
  projectId: string,
  userId: string,
  seenRevision: number | undefined,
): Promise<StageRow> {
  const stage = await lockStage(tx, projectId);
  if (heldByOther(stage, userId, ctx.now())) throw fail('STAGE_LOCKED');
  if (seenRevision !== undefined && seenRevision !== stage.revision) throw fail('STAGE_LOCKED');
  const [bumped] = await tx
    .update(projectStages)
    .set({ revision: stage.revision + 1 })
    .where(eq(projectStages.projectId, projectId))
    .returning();
  return bumped;
}

export async function updateStage(tx: Tx, projectId: string, change: Partial<StageRow>) {
  await tx.update(projectStages).set(change).where(eq(projectStages.projectId, projectId));
}

async function presentLock(db: Db | Tx, stage: StageRow, now: Date): Promise<StageLockView> {
  if (!stage.lockedBy || !stage.lockedUntil || stage.lockedUntil <= now) {
    return { locked_by: null, expires_at: null };
  }
  const [holder] = await db.select({ name: users.name }).from(users).where(eq(users.id, stage.lockedBy));
  return {
    locked_by: { user_id: stage.lockedBy, name: holder?.name ?? '' },
    expires_at: stage.lockedUntil.toISOString(),
  };
}

/**
 * `POST project/image_lock`: takes or renews (lock: true) a 60 s lease on the stage layout, or releases it
 * (lock: false). While someone else holds it the call changes nothing and answers who holds it.
 */
export async function setStageLock(
  ctx: AppContext,
  userId: string,
  input: { project_id: string; team_id?: string; lock: boolean },
): Promise<StageLockView> {
  await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'edit');
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    let stage = await lockStage(tx, input.project_id);
    if (!heldByOther(stage, userId, now)) {
      const lease = input.lock
        ? { lockedBy: userId, lockedUntil: new Date(now.getTime() + SectionLimits.lockLeaseMs) }
        : { lockedBy: null, lockedUntil: null };
      await updateStage(tx, input.project_id, lease);
      stage = { ...stage, ...lease };
    }
    return presentLock(tx, stage, now);
  });
}
