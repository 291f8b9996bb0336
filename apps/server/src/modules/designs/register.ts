import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { enqueue } from '../../jobs/queue.js';
import { VARIANTS_JOB } from '../../jobs/variants.js';
import { uploads } from '../uploads/tables.js';
import { batchRefusal, type DroppedFile, inspectUploads, type UploadedFile } from './inspect.js';
import { variantDirOf } from './keys.js';
import { designAccess, designsOfProject, requireDesignProject } from './policy.js';
import { assertDesignRoom } from './quota.js';
import { loadImages, touchProject } from './service.js';
import { designs, designVersions } from './tables.js';

type FileInput = { key: string; name?: string; position_x?: number; position_y?: number };

/**
 * Makes an uploaded file the newest version of a design, and queues its variants in the same transaction:
 * the version is "processing" until the job marks it ready.
 */
/** Who makes a change, when, and the job queue its work goes to. */
interface Change {
  userId: string;
  now: Date;
  queue: string;
}

async function addVersion(tx: Tx, change: Change, designId: string, file: UploadedFile) {
  const { userId, now, queue } = change;
  const [{ next }] = await tx
    .select({ next: sql<number>`coalesce(max(${designVersions.number}), 0)::int + 1` })
    .from(designVersions)
    .where(eq(designVersions.designId, designId));
  const [version] = await tx
    .insert(designVersions)
    .values({
      designId,
      number: next,
      fileKey: file.key,
      variantDir: variantDirOf(file.key),
      fileType: file.fileType,
      size: file.size,
      uploadedBy: userId,
      createdAt: now,
    })
    .returning({ id: designVersions.id });
  await tx
    .update(designs)
    .set({ currentVersionId: version.id, updatedAt: now })
    .where(eq(designs.id, designId));
  await tx.update(uploads).set({ registeredAt: now }).where(eq(uploads.key, file.key));
  await enqueue(tx, queue, VARIANTS_JOB, { fileKey: file.key }, { dedupeKey: file.key });
}

const typeOfDesign = (file: UploadedFile) => (file.fileType === 'pdf' ? 'pdf' : 'image');

/**
 * `POST project/image`: uploaded files become designs. A file named like a design already in the project
 * becomes that design's new version; refused files are dropped from the batch (and removed); the quota
 * counts only the new designs.
 */
export async function registerImages(
  ctx: AppContext,
  userId: string,
  input: { team_id: string; project_id: string; images: FileInput[] },
): Promise<{ images: Awaited<ReturnType<typeof loadImages>>; dropped: DroppedFile[] }> {
  const access = await designAccess(ctx.db, userId, input.team_id, input.project_id, 'edit');
  requireDesignProject(access);
  const { accepted, dropped } = await inspectUploads(ctx, userId, input.team_id, input.images);
  if (accepted.length === 0) throw batchRefusal(dropped);
  const names = [...new Set(accepted.map((file) => file.name))];
  const existing = await ctx.db
    .select({ id: designs.id, name: designs.name })
    .from(designs)
    .where(
      and(eq(designs.projectId, input.project_id), isNull(designs.deletedAt), inArray(designs.name, names)),
    );
  const byName = new Map(existing.map((row) => [row.name, row.id]));
  await assertDesignRoom(
    ctx,
    ctx.db,
    input.team_id,
    input.project_id,
    names.filter((name) => !byName.has(name)).length,
  );
  const batch = randomUUID();
  const now = ctx.now();
  const change = { userId, now, queue: ctx.config.jobQueue };
  const touched = await ctx.db.transaction(async (tx) => {
    const [{ top }] = await tx
      .select({ top: sql<number>`coalesce(max(${designs.orderIndex}), 0)::int` })
      .from(designs)
      .where(eq(designs.projectId, input.project_id));
    let order = top;
    const ids: string[] = [];
    for (const file of accepted) {
      let designId = byName.get(file.name);
      if (!designId) {
        const [created] = await tx
          .insert(designs)
          .values({
            projectId: input.project_id,
            name: file.name,
            type: typeOfDesign(file),
            orderIndex: ++order,
            positionX: file.position_x ?? 0,
            positionY: file.position_y ?? 0,
            batch,
            createdBy: userId,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: designs.id });
        designId = created.id;
        byName.set(file.name, designId);
      }
      await addVersion(tx, change, designId, file);
      ids.push(designId);
    }
    await touchProject(tx, input.project_id, now);
    return [...new Set(ids)];
  });
  ctx.jobs.wake();
  return { images: await loadImages(ctx, ctx.db, inArray(designs.id, touched)), dropped };
}

/** `PUT project/version`: `images[i]` becomes the newest version of `image_ids[i]`. */
export async function addVersions(
  ctx: AppContext,
  userId: string,
  input: { team_id: string; project_id: string; image_ids: string[]; images: FileInput[] },
) {
  await designAccess(ctx.db, userId, input.team_id, input.project_id, 'edit');
  if (input.image_ids.length !== input.images.length) {
    throw fail('INVALID_INPUT', {
      zh: 'image_ids 与 images 的数量须一致',
      en: 'image_ids and images must have the same length',
    });
  }
  const targets = await designsOfProject(ctx.db, input.project_id, input.image_ids, 'live');
  const { accepted, dropped } = await inspectUploads(ctx, userId, input.team_id, input.images);
  if (dropped.length > 0) throw batchRefusal(dropped);
  const now = ctx.now();
  const change = { userId, now, queue: ctx.config.jobQueue };
  await ctx.db.transaction(async (tx) => {
    for (const [index, file] of accepted.entries()) {
      await addVersion(tx, change, input.image_ids[index], file);
    }
    await touchProject(tx, input.project_id, now);
  });
  ctx.jobs.wake();
  return loadImages(ctx, ctx.db, inArray(designs.id, [...new Set(targets.map((design) => design.id))]));
}
