import { randomUUID } from 'node:crypto';
import {
  type addScreenshotBody,
  type alignScreenshotBody,
  type Lang,
  type pageQuery,
  type screenshotQuery,
  WalkthroughLimits,
} from '@ferry/shared';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { enqueue } from '../../jobs/queue.js';
import { signalProjectChange } from '../../realtime/signals.js';
import { renderPicture } from '../storage/pictures.js';
import { forgetUpload, inspectOwnUpload } from '../uploads/service.js';
import { versionOfPage } from './design-reads.js';
import { removeScreenshotFiles, screenshotKeyOf } from './files.js';
import { type ScreenshotRow, screenshotOfProject, walkthroughAccess } from './policy.js';
import { presentScreenshot } from './present.js';
import { walkthroughScreenshots } from './tables.js';
import { livePageRow } from './tasks.js';

export const WALKTHROUGH_COMPARE_JOB = 'walkthrough-compare';

const EXTENSIONS = { png: 'png', jpeg: 'jpg', webp: 'webp' } as const;
type ScreenshotType = keyof typeof EXTENSIONS;

/**
 * A screenshot is a PNG, JPEG or WebP by its bytes (10114 otherwise), within the byte and pixel limits
 * (19129; the pixels read from its header before anything is decoded), and must decode whole (10119).
 */
async function inspectScreenshot(data: Buffer) {
  if (data.length > WalkthroughLimits.screenshotMaxBytes) throw fail('WALKTHROUGH_SCREENSHOT_TOO_LARGE');
  const { type, rendered } = await renderPicture(
    data,
    Object.keys(EXTENSIONS) as ScreenshotType[],
    (image) => image.raw().toBuffer({ resolveWithObject: true }),
    { maxPixels: WalkthroughLimits.screenshotMaxPixels, tooLarge: 'WALKTHROUGH_SCREENSHOT_TOO_LARGE' },
  );
  const { width, height } = rendered.info;
  return { extension: EXTENSIONS[type as ScreenshotType], width, height };
}

/** Queues the comparison of the screenshot's current alignment (a job per revision: an older one stores nothing). */
export function queueComparison(
  tx: Tx,
  ctx: AppContext,
  shot: Pick<ScreenshotRow, 'id' | 'revision'>,
  teamId: string,
) {
  return enqueue(
    tx,
    ctx.config.jobQueue,
    WALKTHROUGH_COMPARE_JOB,
    { screenshotId: shot.id, revision: shot.revision, teamId },
    { dedupeKey: `${shot.id}:${shot.revision}`, team: teamId },
  );
}

/**
 * `POST pangu/walkthrough/page/contrast_image`: the caller's own upload becomes a screenshot of the page, laid
 * at the design's width (its device pixel ratio read from the widths) and compared in a job. A refused file
 * is removed with its upload; nothing is written.
 */
export async function addScreenshot(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof addScreenshotBody>,
  lang: Lang,
) {
  const access = await walkthroughAccess(ctx.db, userId, input, 'edit');
  const { project } = access;
  const page = await livePageRow(ctx.db, project.id, input.page_id);
  const { file, data } = await inspectOwnUpload(ctx, userId, project.teamId, input.key, async () => {
    const stored = await ctx.files.stat(input.key);
    if (!stored) throw fail('UPLOAD_NOT_FOUND');
    if (stored.size > WalkthroughLimits.screenshotMaxBytes) throw fail('WALKTHROUGH_SCREENSHOT_TOO_LARGE');
    const data = (await ctx.files.read(input.key)) ?? Buffer.alloc(0);
    return { file: await inspectScreenshot(data), data };
  });
  const version = await versionOfPage(ctx.db, page.id);
  const scale = version?.width ? file.width / version.width : 1;
  const id = randomUUID();
  const fileKey = screenshotKeyOf(project.id, id, file.extension);
  await ctx.files.put(fileKey, data);
  const row = await ctx.db
    .transaction(async (tx) => {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(walkthroughScreenshots)
        .where(eq(walkthroughScreenshots.pageId, page.id));
      if (Number(n) >= WalkthroughLimits.screenshotsPerPage) throw fail('WALKTHROUGH_LIMIT');
      const name = input.name ?? input.key.slice(input.key.lastIndexOf('/') + 1);
      const [inserted] = await tx
        .insert(walkthroughScreenshots)
        .values({
          id,
          pageId: page.id,
          projectId: project.id,
          name,
          fileKey,
          width: file.width,
          height: file.height,
          scale: Math.min(WalkthroughLimits.scaleMax, Math.max(WalkthroughLimits.scaleMin, scale)),
          detectedScale: scale,
          uploadedBy: userId,
        })
        .returning();
      // Taken under the transaction: a second registration of the same upload finds it gone.
      if (!(await forgetUpload(tx, input.key))) throw fail('UPLOAD_NOT_FOUND');
      await queueComparison(tx, ctx, inserted, project.teamId);
      return inserted;
    })
    .catch(async (error: unknown) => {
      await ctx.files.remove(fileKey);
      throw error;
    });
  await ctx.files.remove(input.key);
  ctx.jobs.wake();
  await signalProjectChange(ctx, project, 'walkthrough');
  return presentScreenshot(ctx, row, lang);
}

/** `GET pangu/walkthrough/page/contrast_image`. */
export async function screenshotDetail(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof screenshotQuery>,
  lang: Lang,
) {
  const access = await walkthroughAccess(ctx.db, userId, input, 'view');
  return presentScreenshot(
    ctx,
    await screenshotOfProject(ctx.db, access.project.id, input.contrast_id),
    lang,
  );
}

/** `GET pangu/walkthrough/image/list`: a page's screenshots, oldest first. */
export async function listScreenshots(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof pageQuery>,
  lang: Lang,
) {
  const access = await walkthroughAccess(ctx.db, userId, input, 'view');
  const page = await livePageRow(ctx.db, access.project.id, input.page_id);
  const rows = await ctx.db
    .select()
    .from(walkthroughScreenshots)
    .where(eq(walkthroughScreenshots.pageId, page.id))
    .orderBy(asc(walkthroughScreenshots.createdAt), asc(walkthroughScreenshots.id));
  return { contrast_images: rows.map((row) => presentScreenshot(ctx, row, lang)) };
}

/** `PUT pangu/walkthrough/page/contrast_image`: a new alignment, compared again (its proposals replaced). */
export async function alignScreenshot(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof alignScreenshotBody>,
  lang: Lang,
) {
  const access = await walkthroughAccess(ctx.db, userId, input, 'edit');
  const shot = await screenshotOfProject(ctx.db, access.project.id, input.contrast_id);
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(walkthroughScreenshots)
      .set({
        scale: input.scale,
        offsetX: input.offset_x,
        offsetY: input.offset_y,
        autoAlign: input.auto ? 1 : 0,
        diffStatus: 'pending',
        diffError: '',
        revision: sql`${walkthroughScreenshots.revision} + 1`,
      })
      .where(and(eq(walkthroughScreenshots.id, shot.id)))
      .returning();
    await queueComparison(tx, ctx, updated, access.project.teamId);
    return updated;
  });
  ctx.jobs.wake();
  await signalProjectChange(ctx, access.project, 'walkthrough');
  return presentScreenshot(ctx, row, lang);
}

/** `DELETE pangu/walkthrough/page/contrast_image`: its issues stay on the page, no longer tied to it. */
export async function deleteScreenshot(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof screenshotQuery>,
) {
  const access = await walkthroughAccess(ctx.db, userId, input, 'edit');
  const shot = await screenshotOfProject(ctx.db, access.project.id, input.contrast_id);
  await ctx.db.delete(walkthroughScreenshots).where(eq(walkthroughScreenshots.id, shot.id));
  await removeScreenshotFiles(ctx, [shot]);
  await signalProjectChange(ctx, access.project, 'walkthrough');
  return {};
}
