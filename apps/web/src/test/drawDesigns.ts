import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../../server/src/context';
import { jobs } from '../../../server/src/jobs/tables';
import { makeVariants, VARIANTS_JOB } from '../../../server/src/jobs/variants';

/**
 * Draws one team's uploaded designs (their variants job), as the server's job worker would: the web tests'
 * server runs no worker, so designs stay processing unless a test asks for this. Only the asking test's
 * team: other test files count on their designs staying as uploaded. Answers how many files were drawn.
 */
export async function drawTeamDesigns(ctx: AppContext, teamId: string): Promise<number> {
  const due = await ctx.db
    .update(jobs)
    .set({ doneAt: ctx.now() })
    .where(
      and(eq(jobs.team, teamId), eq(jobs.kind, VARIANTS_JOB), isNull(jobs.doneAt), isNull(jobs.failedAt)),
    )
    .returning();
  for (const job of due) await makeVariants(ctx, job.payload);
  return due.length;
}
