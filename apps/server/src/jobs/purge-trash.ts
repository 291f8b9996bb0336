import { DesignLimits, Limits } from '@ferry/shared';
import { and, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { purgeSpentAttempts } from '../modules/account/credentials.js';
import { designs, designVersions } from '../modules/designs/tables.js';
import { forgetHotspotTargets } from '../modules/prototypes/service.js';
import { dropOrphanLayerTexts } from '../modules/search/texts.js';
import { eraseClosedAccounts } from '../modules/teams/account-closing.js';
import { UPLOADS_ROOT } from '../modules/uploads/post-policy.js';
import { uploads } from '../modules/uploads/tables.js';
import { dropPagesOfDesigns } from '../modules/walkthrough/removal.js';
import { removeFiles } from './remove-files.js';
import { jobs } from './tables.js';

export const PURGE_TRASH_JOB = 'purge-trash';

const BATCH = 200;
const UNREGISTERED_UPLOAD_MS = Limits.msPerDay;
const FINISHED_JOB_KEEP_MS = 7 * Limits.msPerDay;
const TEMPORARY_FILE_MS = 60 * 60 * 1000;

/**
 * The daily clean-up: designs in the recycle bin past 30 days go for good (rows, then files no row names, then
 * the search texts of folders no version shows),
 * uploads never registered as designs after a day, finished jobs after a week, temporary files a crash
 * left behind, spent sign-in counts, and closed accounts past their grace period. Each step is safe to repeat.
 */
export async function purgeTrash(ctx: AppContext) {
  const now = ctx.now().getTime();
  const binCutoff = new Date(now - DesignLimits.recycleBinDays * Limits.msPerDay);
  for (;;) {
    // Several instances may purge at once: each takes a batch the others are not holding.
    const fileKeys = await ctx.db.transaction(async (tx) => {
      const expired = await tx
        .select({ id: designs.id })
        .from(designs)
        .where(and(isNotNull(designs.deletedAt), lt(designs.deletedAt, binCutoff)))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (expired.length === 0) return null;
      const ids = expired.map((row) => row.id);
      const files = await tx
        .selectDistinct({ fileKey: designVersions.fileKey })
        .from(designVersions)
        .where(inArray(designVersions.designId, ids));
      await forgetHotspotTargets(tx, ids);
      await dropPagesOfDesigns(tx, ctx.config.jobQueue, ids);
      await tx.delete(designs).where(inArray(designs.id, ids));
      return files.map((row) => row.fileKey);
    });
    if (!fileKeys) break;
    await removeFiles(ctx, { fileKeys });
  }
  await dropOrphanLayerTexts(ctx.db);

  const stale = await ctx.db
    .select({ key: uploads.key })
    .from(uploads)
    .where(and(isNull(uploads.registeredAt), lt(uploads.createdAt, new Date(now - UNREGISTERED_UPLOAD_MS))));
  for (const { key } of stale) await ctx.files.remove(key);
  if (stale.length > 0)
    await ctx.db.delete(uploads).where(
      inArray(
        uploads.key,
        stale.map((row) => row.key),
      ),
    );

  await removeUnrecordedUploads(ctx, new Date(now - UNREGISTERED_UPLOAD_MS));

  await ctx.db
    .delete(jobs)
    .where(and(eq(jobs.queue, ctx.config.jobQueue), lt(jobs.doneAt, new Date(now - FINISHED_JOB_KEEP_MS))));
  await ctx.files.sweepTemporary(new Date(now - TEMPORARY_FILE_MS));
  await purgeSpentAttempts(ctx);
  await eraseClosedAccounts(ctx);
}

/**
 * S3 mode: the browser posts straight to the bucket, so a file never registered has no row for the step
 * above. Anything under uploads/ older than a day that no upload row names is such a file.
 */
async function removeUnrecordedUploads(ctx: AppContext, before: Date) {
  if (!ctx.files.listWrittenBefore) return;
  for await (const keys of ctx.files.listWrittenBefore(UPLOADS_ROOT, before)) {
    const recorded = await ctx.db
      .select({ key: uploads.key })
      .from(uploads)
      .where(inArray(uploads.key, keys));
    const known = new Set(recorded.map((row) => row.key));
    for (const key of keys) if (!known.has(key)) await ctx.files.remove(key);
  }
}
