import {
  type acceptCandidateBody,
  type dismissCandidateBody,
  expectationText,
  type Lang,
} from '@ferry/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { withNotices } from '../../notices.js';
import { signalProjectChange } from '../../realtime/signals.js';
import { answer, insertIssue } from './issues.js';
import { checkAssignee, type ScreenshotRow, screenshotOfProject, walkthroughAccess } from './policy.js';
import { walkthroughDismissals, walkthroughScreenshots } from './tables.js';
import { livePageRow } from './tasks.js';

/**
 * Takes a proposal out of its screenshot, under a lock of the row, so accepting or dismissing it twice (two
 * people at once) handles it once: the second hears 19127.
 */
async function takeCandidate(tx: Tx, shot: ScreenshotRow, candidateId: string) {
  const [locked] = await tx
    .select({ candidates: walkthroughScreenshots.candidates })
    .from(walkthroughScreenshots)
    .where(eq(walkthroughScreenshots.id, shot.id))
    .for('update');
  const candidate = locked?.candidates.find((item) => item.id === candidateId);
  if (!candidate) throw fail('WALKTHROUGH_CANDIDATE_NOT_FOUND');
  await tx
    .update(walkthroughScreenshots)
    .set({
      candidates: locked.candidates.filter((item) => item.id !== candidateId),
    })
    .where(eq(walkthroughScreenshots.id, shot.id));
  return candidate;
}

/** `POST pangu/walkthrough/candidate`: a proposed difference becomes an issue saying what the design expects. */
export async function acceptCandidate(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof acceptCandidateBody>,
  lang: Lang,
) {
  const access = await walkthroughAccess(ctx.db, userId, input, 'edit');
  const shot = await screenshotOfProject(ctx.db, access.project.id, input.contrast_id);
  const page = await livePageRow(ctx.db, access.project.id, shot.pageId);
  const assigneeId = await checkAssignee(ctx.db, access.project, input.assignee_id);
  const row = await withNotices(ctx, async (tx) => {
    const candidate = await takeCandidate(tx, shot, input.candidate_id);
    return insertIssue(ctx, tx, access, userId, {
      page,
      screenshotId: shot.id,
      rect: { x: candidate.x, y: candidate.y, width: candidate.width, height: candidate.height },
      // Written in the language of the one who accepted it, when they gave no words of their own.
      description: input.description ?? expectationText(candidate.expectation, lang),
      expectation: candidate.expectation,
      severity: input.severity,
      assigneeId,
    });
  });
  return answer(ctx, access, userId, row, lang);
}

/** `DELETE pangu/walkthrough/candidate`: gone, and its region is not proposed again on this page. */
export async function dismissCandidate(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof dismissCandidateBody>,
) {
  const access = await walkthroughAccess(ctx.db, userId, input, 'edit');
  const shot = await screenshotOfProject(ctx.db, access.project.id, input.contrast_id);
  await ctx.db.transaction(async (tx) => {
    const candidate = await takeCandidate(tx, shot, input.candidate_id);
    await tx.insert(walkthroughDismissals).values({
      pageId: shot.pageId,
      x: candidate.x,
      y: candidate.y,
      width: candidate.width,
      height: candidate.height,
      createdBy: userId,
    });
  });
  await signalProjectChange(ctx, access.project, 'walkthrough');
  return {};
}
