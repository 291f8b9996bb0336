import {
  type resultQuery,
  type setResultBody,
  WALKTHROUGH_RESULTS,
  type WalkthroughResult,
  type WalkthroughResultView,
} from '@ferry/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { signalProjectChange } from '../../realtime/signals.js';
import { livePageResults } from './design-reads.js';
import { walkthroughAccess } from './policy.js';
import { emptyCounts, issueCounts } from './present.js';
import { walkthroughPages, walkthroughTasks } from './tables.js';
import { ensureTask, livePageRow } from './tasks.js';

/** `GET walkthrough/result`: a page's result and counts, or the task's with its pages by result. */
export async function getResult(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof resultQuery>,
): Promise<WalkthroughResultView> {
  const access = await walkthroughAccess(ctx.db, userId, input, 'view');
  const projectId = access.project.id;
  if (input.page_id) {
    const page = await livePageRow(ctx.db, projectId, input.page_id);
    const counts = await issueCounts(ctx.db, { pageIds: [page.id] });
    return { result: page.result, counts: counts.get('') ?? emptyCounts() };
  }
  const task = await ensureTask(ctx.db, projectId);
  const byResult = await livePageResults(ctx.db, task.id);
  const pages = Object.fromEntries(WALKTHROUGH_RESULTS.map((result) => [result, 0])) as Record<
    WalkthroughResult,
    number
  >;
  for (const row of byResult) if (row.result in pages) pages[row.result] = Number(row.n);
  const counts = await issueCounts(ctx.db, { projectId });
  return { result: task.result, counts: counts.get('') ?? emptyCounts(), pages };
}

/** `PUT walkthrough/result`: editors set a page's or the task's result. */
export async function setResult(ctx: AppContext, userId: string, input: z.infer<typeof setResultBody>) {
  const access = await walkthroughAccess(ctx.db, userId, input, 'edit');
  const projectId = access.project.id;
  if (input.page_id) {
    const page = await livePageRow(ctx.db, projectId, input.page_id);
    await ctx.db
      .update(walkthroughPages)
      .set({ result: input.result })
      .where(eq(walkthroughPages.id, page.id));
  } else {
    const task = await ensureTask(ctx.db, projectId);
    await ctx.db
      .update(walkthroughTasks)
      .set({ result: input.result, updatedAt: ctx.now() })
      .where(eq(walkthroughTasks.id, task.id));
  }
  await signalProjectChange(ctx, access.project, 'walkthrough');
  return getResult(ctx, userId, { team_id: input.team_id, project_id: projectId, page_id: input.page_id });
}
