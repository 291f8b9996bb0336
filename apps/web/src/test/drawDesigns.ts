import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../../server/src/context';
import { DOCUMENT_PAGES_JOB, drawDocumentPages } from '../../../server/src/jobs/documents';
import { importFileLayers, LAYERS_JOB } from '../../../server/src/jobs/layers';
import { jobs } from '../../../server/src/jobs/tables';
import { makeVariants, VARIANTS_JOB } from '../../../server/src/jobs/variants';
import { compareScreenshotJob, WALKTHROUGH_COMPARE_JOB } from '../../../server/src/jobs/walkthrough';

/**
 * Runs one team's due jobs of one kind, as the server's job worker would: the web tests' server runs no
 * worker, so uploads stay processing unless a test asks for this. Only the asking test's team: other test
 * files count on their uploads staying as they are. Answers how many jobs ran.
 */
async function runTeamJobs(
  ctx: AppContext,
  teamId: string,
  kind: string,
  handler: (ctx: AppContext, payload: Record<string, unknown>) => Promise<void>,
): Promise<number> {
  const due = await ctx.db
    .update(jobs)
    .set({ doneAt: ctx.now() })
    .where(and(eq(jobs.team, teamId), eq(jobs.kind, kind), isNull(jobs.doneAt), isNull(jobs.failedAt)))
    .returning();
  for (const job of due) await handler(ctx, job.payload);
  return due.length;
}

/** Draws one team's uploaded designs (their variants job). */
export const drawTeamDesigns = (ctx: AppContext, teamId: string) =>
  runTeamJobs(ctx, teamId, VARIANTS_JOB, makeVariants);

/** Draws the pages of one team's uploaded product documents (their `document-pages` job). */
export const drawTeamDocuments = (ctx: AppContext, teamId: string) =>
  runTeamJobs(ctx, teamId, DOCUMENT_PAGES_JOB, drawDocumentPages);

/** Imports the layers of one team's uploaded PSD and SVG designs (their `layers` job). */
export const drawTeamLayers = (ctx: AppContext, teamId: string) =>
  runTeamJobs(ctx, teamId, LAYERS_JOB, importFileLayers);

/** Compares one team's design QA screenshots with their designs (their `walkthrough-compare` jobs). */
export const drawTeamComparisons = (ctx: AppContext, teamId: string) =>
  runTeamJobs(ctx, teamId, WALKTHROUGH_COMPARE_JOB, compareScreenshotJob);
