import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { enqueue } from '../../jobs/queue.js';
import { walkthroughPages, walkthroughScreenshots } from './tables.js';

export const WALKTHROUGH_REMOVE_FILES_JOB = 'walkthrough-remove-files';

/**
 * In the transaction in which designs go for good (the bin's purge) or move to another project (`projectId`:
 * the one they leave): their pages there go with their screenshots and issues, and a job queued in the same
 * transaction removes the screenshots' files once it has committed, so no file outlives its row.
 */
export async function dropPagesOfDesigns(tx: Tx, queue: string, designIds: string[], projectId?: string) {
  if (designIds.length === 0) return;
  const pages = await tx
    .select({ id: walkthroughPages.id })
    .from(walkthroughPages)
    .where(
      and(
        inArray(walkthroughPages.designId, designIds),
        projectId ? eq(walkthroughPages.projectId, projectId) : undefined,
      ),
    );
  if (pages.length === 0) return;
  const ids = pages.map((page) => page.id);
  const shots = await tx
    .select({ fileKey: walkthroughScreenshots.fileKey, diffKey: walkthroughScreenshots.diffKey })
    .from(walkthroughScreenshots)
    .where(inArray(walkthroughScreenshots.pageId, ids));
  await tx.delete(walkthroughPages).where(inArray(walkthroughPages.id, ids));
  const keys = shots.flatMap((shot) => (shot.diffKey ? [shot.fileKey, shot.diffKey] : [shot.fileKey]));
  if (keys.length > 0) await enqueue(tx, queue, WALKTHROUGH_REMOVE_FILES_JOB, { keys });
}

/** The `walkthrough-remove-files` job. */
export async function removeWalkthroughFiles(ctx: AppContext, payload: Record<string, unknown>) {
  for (const key of (payload.keys as string[] | undefined) ?? []) await ctx.files.remove(key);
}
