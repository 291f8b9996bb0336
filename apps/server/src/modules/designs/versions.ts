import { and, desc, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { enqueue } from '../../jobs/queue.js';
import { REMOVE_FILES_JOB } from '../../jobs/remove-files.js';
import { touchProject } from '../projects/counts.js';
import { projectAccessFor } from '../projects/policy.js';
import { isUuid } from '../teams/policy.js';
import { designsOfProject } from './policy.js';
import { getImage, loadImages } from './service.js';
import { designs, designVersions } from './tables.js';
import { deleteImages } from './trash.js';

type VersionInput = { project_id: string; image_id: string; version_id: string; team_id?: string };

/** Every version of a design, newest first, with uploader and time. */
export async function listVersions(
  ctx: AppContext,
  userId: string,
  input: { project_id: string; image_id: string; team_id?: string },
) {
  const detail = await getImage(ctx, userId, input);
  return { image_id: detail.id, current_version_id: detail.version_id, versions: detail.versions };
}

/** A version of this design by id; any other id (another design's, made up) is 19043. */
export async function versionOf(ctx: AppContext, designId: string, versionId: string) {
  if (!isUuid(versionId)) throw fail('VERSION_NOT_FOUND');
  const [version] = await ctx.db
    .select()
    .from(designVersions)
    .where(and(eq(designVersions.id, versionId), eq(designVersions.designId, designId)));
  if (!version) throw fail('VERSION_NOT_FOUND');
  return version;
}

/** Makes an earlier (or later) version the one everybody sees. */
export async function switchVersion(ctx: AppContext, userId: string, input: VersionInput) {
  await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'edit');
  const [design] = await designsOfProject(ctx.db, input.project_id, [input.image_id], 'live');
  const version = await versionOf(ctx, design.id, input.version_id);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(designs)
      .set({ currentVersionId: version.id, updatedAt: now })
      .where(eq(designs.id, design.id));
    await touchProject(tx, input.project_id, now);
  });
  const [image] = await loadImages(ctx, ctx.db, eq(designs.id, design.id));
  return image;
}

/**
 * Deletes one version for good (its files go once nothing names them). Deleting the only version deletes
 * the design: it goes to the recycle bin like any deleted design (spec 002 "Interface wording rules").
 */
export async function deleteVersion(ctx: AppContext, userId: string, input: VersionInput) {
  await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'edit');
  const [design] = await designsOfProject(ctx.db, input.project_id, [input.image_id], 'live');
  const version = await versionOf(ctx, design.id, input.version_id);
  const [other] = await ctx.db
    .select({ id: designVersions.id })
    .from(designVersions)
    .where(and(eq(designVersions.designId, design.id), ne(designVersions.id, version.id)))
    .orderBy(desc(designVersions.number))
    .limit(1);
  if (!other) {
    await deleteImages(ctx, userId, { ...input, image_ids: [design.id] });
    return { image_deleted: true, image: null };
  }
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    if (design.currentVersionId === version.id) {
      await tx.update(designs).set({ currentVersionId: other.id }).where(eq(designs.id, design.id));
    }
    await tx.update(designs).set({ updatedAt: now }).where(eq(designs.id, design.id));
    await tx.delete(designVersions).where(eq(designVersions.id, version.id));
    await enqueue(tx, ctx.config.jobQueue, REMOVE_FILES_JOB, { fileKeys: [version.fileKey] });
    await touchProject(tx, input.project_id, now);
  });
  ctx.jobs.wake();
  const [image] = await loadImages(ctx, ctx.db, eq(designs.id, design.id));
  return { image_deleted: false, image };
}
