import { DesignLimits, Limits } from '@ferry/shared';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { designAccess, designsOfProject } from './policy.js';
import { assertDesignRoom } from './quota.js';
import { loadImages, touchProject } from './service.js';
import { designs } from './tables.js';

/** `DELETE project/image`: designs go to the recycle bin, where they stay 30 days. */
export async function deleteImages(
  ctx: AppContext,
  userId: string,
  input: { project_id: string; team_id?: string; image_ids: string[] },
) {
  await designAccess(ctx.db, userId, input.team_id, input.project_id, 'edit');
  const found = await designsOfProject(ctx.db, input.project_id, input.image_ids, 'live');
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(designs)
      .set({ deletedAt: now, deletedBy: userId })
      .where(
        inArray(
          designs.id,
          found.map((design) => design.id),
        ),
      );
    await touchProject(tx, input.project_id, now);
  });
  return { image_ids: found.map((design) => design.id) };
}

/**
 * `PUT project/set_type_image_delete`: deleting designs that belong to sets. Sets arrive with their module;
 * until then the designs go to the recycle bin like any other.
 */
export async function deleteSetImages(
  ctx: AppContext,
  userId: string,
  input: { project_id: string; team_id?: string; deleted_images: string[] },
) {
  return deleteImages(ctx, userId, { ...input, image_ids: input.deleted_images });
}

/** `PUT project/image_recovery`: back from the bin, within the project's design quota. */
export async function recoverImages(
  ctx: AppContext,
  userId: string,
  input: { project_id: string; team_id?: string; images: string[] },
) {
  const access = await designAccess(ctx.db, userId, input.team_id, input.project_id, 'edit');
  const found = await designsOfProject(ctx.db, input.project_id, input.images, 'deleted');
  await assertDesignRoom(ctx, ctx.db, access.project.teamId, input.project_id, found.length);
  const ids = found.map((design) => design.id);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
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
  await designAccess(ctx.db, userId, input.team_id, input.project_id, 'view');
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
