import { DesignLimits, Limits } from '@ferry/shared';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { withNotices } from '../../notices.js';
import { touchProject } from '../projects/counts.js';
import { projectAccessFor } from '../projects/policy.js';
import { loadArrangement } from '../sections/arrangement.js';
import { settleSets } from '../sections/sets.js';
import { changeStage } from '../sections/stage.js';
import { designsOfProject } from './policy.js';
import { assertDesignRoom } from './quota.js';
import { loadImages } from './service.js';
import { designs } from './tables.js';

type SetChange = { set_id: string; images: unknown[] };

/**
 * `DELETE project/image`: designs go to the recycle bin, where they stay 30 days, keeping their section.
 * They leave their sets; a deleted set, or one left with fewer than two members, dissolves.
 */
export async function deleteImages(
  ctx: AppContext,
  userId: string,
  input: { project_id: string; team_id?: string; image_ids: string[]; stage_revision?: number },
  sets: SetChange[] = [],
) {
  const access = await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'edit');
  const found = await designsOfProject(ctx.db, input.project_id, input.image_ids, 'live');
  const now = ctx.now();
  await withNotices(ctx, async (tx) => {
    await changeStage(tx, ctx, input.project_id, userId, input.stage_revision);
    const before = await loadArrangement(tx, input.project_id);
    await tx
      .update(designs)
      .set({ deletedAt: now, deletedBy: userId })
      .where(
        inArray(
          designs.id,
          found.map((design) => design.id),
        ),
      );
    await settleSets(
      tx,
      before,
      found.map((design) => design.id),
      sets,
    );
    await touchProject(tx, input.project_id, now);
    await ctx.notices.designsRemoved(tx, {
      actorId: userId,
      teamId: access.project.teamId,
      projectId: input.project_id,
      designs: found.map((design) => ({ id: design.id, name: design.name })),
    });
  });
  return { image_ids: found.map((design) => design.id) };
}

/**
 * `PUT project/set_type_image_delete`: deleting designs that belong to sets; `sets` gives the members each
 * named set keeps.
 */
export async function deleteSetImages(
  ctx: AppContext,
  userId: string,
  input: {
    project_id: string;
    team_id?: string;
    deleted_images: string[];
    sets: SetChange[];
    stage_revision?: number;
  },
) {
  return deleteImages(ctx, userId, { ...input, image_ids: input.deleted_images }, input.sets);
}

/**
 * `PUT project/image_recovery`: back from the bin, within the project's design quota, into the section the
 * design was in (ungrouped when that section was deleted meanwhile: the foreign key cleared it).
 */
export async function recoverImages(
  ctx: AppContext,
  userId: string,
  input: { project_id: string; team_id?: string; images: string[]; stage_revision?: number },
) {
  const access = await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'edit');
  const found = await designsOfProject(ctx.db, input.project_id, input.images, 'deleted');
  await assertDesignRoom(ctx, ctx.db, access.project.teamId, input.project_id, found.length);
  const ids = found.map((design) => design.id);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await changeStage(tx, ctx, input.project_id, userId, input.stage_revision);
    await tx
      .update(designs)
      .set({ deletedAt: null, deletedBy: null, updatedAt: now })
      .where(inArray(designs.id, ids));
    await touchProject(tx, input.project_id, now);
  });
  return loadImages(ctx, ctx.db, inArray(designs.id, ids));
}

/** The recycle bin of a project, latest deleted first, with the time each design is removed for good. */
export async function listRecycleBin(
  ctx: AppContext,
  userId: string,
  input: { project_id: string; team_id?: string },
) {
  await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'view');
  const rows = await ctx.db
    .select({ id: designs.id, deletedAt: designs.deletedAt, deletedBy: designs.deletedBy })
    .from(designs)
    .where(and(eq(designs.projectId, input.project_id), isNotNull(designs.deletedAt)));
  const deletion = new Map(rows.map((row) => [row.id, row]));
  const images = await loadImages(
    ctx,
    ctx.db,
    and(eq(designs.projectId, input.project_id), isNotNull(designs.deletedAt)),
    'deleted',
  );
  const keepMs = DesignLimits.recycleBinDays * Limits.msPerDay;
  const now = ctx.now().getTime();
  return {
    images: images.map((image) => {
      const deletedAt = deletion.get(image.id)?.deletedAt as Date;
      const expiresAt = deletedAt.getTime() + keepMs;
      return {
        ...image,
        deleted_time: deletedAt.toISOString(),
        deleted_by: deletion.get(image.id)?.deletedBy ?? null,
        expire_time: new Date(expiresAt).toISOString(),
        left_days: Math.max(0, Math.ceil((expiresAt - now) / Limits.msPerDay)),
      };
    }),
  };
}
