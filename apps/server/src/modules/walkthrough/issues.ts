import {
  type createIssueBody,
  type issueBody,
  type issueListBody,
  type issueStatusBody,
  type Lang,
  type updateIssueBody,
  type WalkthroughExpectation,
  type WalkthroughIssueState,
  WalkthroughLimits,
  type WalkthroughRect,
  type WalkthroughSeverity,
} from '@ferry/shared';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { type WalkthroughIssueNotice, withNotices } from '../../notices.js';
import { signalProjectChange } from '../../realtime/signals.js';
import type { ProjectAccess } from '../projects/policy.js';
import { designOfPage } from './design-reads.js';
import {
  checkAssignee,
  type IssueRow,
  issueOfProject,
  type PageRow,
  requireMoveIssue,
  screenshotOfProject,
  walkthroughAccess,
} from './policy.js';
import { issueCounts, loadPeople, presentIssue, presentIssues } from './present.js';
import { walkthroughIssues, walkthroughTasks } from './tables.js';
import { livePageRow } from './tasks.js';

export interface NewIssue {
  page: PageRow;
  screenshotId: string | null;
  rect: WalkthroughRect;
  description: string;
  expectation: WalkthroughExpectation | null;
  severity: WalkthroughSeverity;
  assigneeId: string | null;
}

/** Tells the people concerned of an issue's change, in the change's transaction. */
async function notify(
  ctx: AppContext,
  tx: Tx,
  access: ProjectAccess,
  actorId: string,
  issue: IssueRow,
  kind: WalkthroughIssueNotice['kind'],
) {
  // Solving and reopening concern its author too.
  const recipients = kind === 'assigned' ? [issue.assigneeId] : [issue.assigneeId, issue.createdBy];
  const design = await designOfPage(tx, issue.pageId);
  await ctx.notices.walkthroughIssue(tx, {
    kind,
    actorId,
    teamId: access.project.teamId,
    projectId: access.project.id,
    issue: { id: issue.id, number: issue.number, description: issue.description },
    page: { id: issue.pageId, designId: design?.id ?? '', designName: design?.name ?? '' },
    recipients: recipients.filter((id): id is string => Boolean(id)),
  });
}

/** Writes an issue (numbered next in its project, within the page's limit) and tells its assignee. */
export async function insertIssue(
  ctx: AppContext,
  tx: Tx,
  access: ProjectAccess,
  userId: string,
  issue: NewIssue,
) {
  const projectId = access.project.id;
  // Numbers are handed out one at a time per project.
  await tx.select().from(walkthroughTasks).where(eq(walkthroughTasks.id, issue.page.taskId)).for('update');
  const [{ n }] = await tx
    .select({ n: count() })
    .from(walkthroughIssues)
    .where(eq(walkthroughIssues.pageId, issue.page.id));
  if (Number(n) >= WalkthroughLimits.issuesPerPage) throw fail('WALKTHROUGH_LIMIT');
  const [{ next }] = await tx
    .select({ next: sql<number>`coalesce(max(${walkthroughIssues.number}), 0)::int + 1` })
    .from(walkthroughIssues)
    .where(eq(walkthroughIssues.projectId, projectId));
  const [row] = await tx
    .insert(walkthroughIssues)
    .values({
      pageId: issue.page.id,
      projectId,
      screenshotId: issue.screenshotId,
      number: next,
      ...issue.rect,
      description: issue.description,
      expectation: issue.expectation,
      severity: issue.severity,
      assigneeId: issue.assigneeId,
      createdBy: userId,
    })
    .returning();
  if (row.assigneeId) await notify(ctx, tx, access, userId, row, 'assigned');
  return row;
}

/** After an issue's change commits: the project's open screens re-read it, and the caller gets it presented. */
export async function answer(
  ctx: AppContext,
  access: ProjectAccess,
  userId: string,
  row: IssueRow,
  lang: Lang,
) {
  await signalProjectChange(ctx, access.project, 'walkthrough');
  const people = await loadPeople(ctx.db, [row.assigneeId, row.createdBy, row.solvedBy]);
  return presentIssue(access, userId, people, row, lang);
}

/** `POST pangu/walkthrough/issue`: an issue drawn by hand on a page (on one of its screenshots, or the design). */
export async function createIssue(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof createIssueBody>,
  lang: Lang,
) {
  const access = await walkthroughAccess(ctx.db, userId, input, 'edit');
  const page = await livePageRow(ctx.db, access.project.id, input.page_id);
  const screenshot = input.contrast_id
    ? await screenshotOfProject(ctx.db, access.project.id, input.contrast_id, page.id)
    : null;
  const assigneeId = await checkAssignee(ctx.db, access.project, input.assignee_id);
  const row = await withNotices(ctx, (tx) =>
    insertIssue(ctx, tx, access, userId, {
      page,
      screenshotId: screenshot?.id ?? null,
      rect: input.rect,
      description: input.description,
      expectation: null,
      severity: input.severity,
      assigneeId,
    }),
  );
  return answer(ctx, access, userId, row, lang);
}

/** `PUT pangu/walkthrough/issue`: editors change what is given; a new assignee hears of it. */
export async function updateIssue(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof updateIssueBody>,
  lang: Lang,
) {
  const access = await walkthroughAccess(ctx.db, userId, input, 'edit');
  const issue = await issueOfProject(ctx.db, access.project.id, input.issue_id);
  const assigneeId =
    input.assignee_id === undefined
      ? issue.assigneeId
      : await checkAssignee(ctx.db, access.project, input.assignee_id);
  const row = await withNotices(ctx, async (tx) => {
    const [updated] = await tx
      .update(walkthroughIssues)
      .set({
        ...(input.description ? { description: input.description } : {}),
        ...(input.severity ? { severity: input.severity } : {}),
        ...(input.rect ? input.rect : {}),
        assigneeId,
        updatedAt: ctx.now(),
      })
      .where(eq(walkthroughIssues.id, issue.id))
      .returning();
    if (updated.assigneeId && updated.assigneeId !== issue.assigneeId)
      await notify(ctx, tx, access, userId, updated, 'assigned');
    return updated;
  });
  return answer(ctx, access, userId, row, lang);
}

/** `DELETE pangu/walkthrough/issue`. */
export async function deleteIssue(ctx: AppContext, userId: string, input: z.infer<typeof issueBody>) {
  const access = await walkthroughAccess(ctx.db, userId, input, 'edit');
  const issue = await issueOfProject(ctx.db, access.project.id, input.issue_id);
  await ctx.db.delete(walkthroughIssues).where(eq(walkthroughIssues.id, issue.id));
  await signalProjectChange(ctx, access.project, 'walkthrough');
  return {};
}

/**
 * An issue moved to another state by an editor or its assignee: solving tells its creator and assignee,
 * reopening a solved or ignored one tells them too.
 */
async function moveIssue(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof issueBody>,
  state: WalkthroughIssueState,
  lang: Lang,
) {
  const access = await walkthroughAccess(ctx.db, userId, input, 'view');
  const issue = await issueOfProject(ctx.db, access.project.id, input.issue_id);
  requireMoveIssue(access, userId, issue);
  const row = await withNotices(ctx, async (tx) => {
    const now = ctx.now();
    const [updated] = await tx
      .update(walkthroughIssues)
      .set({
        state,
        updatedAt: now,
        ...(state === 'solved' ? { solvedBy: userId, solvedAt: now } : { solvedBy: null, solvedAt: null }),
      })
      .where(eq(walkthroughIssues.id, issue.id))
      .returning();
    if (state === 'solved' && issue.state !== 'solved')
      await notify(ctx, tx, access, userId, updated, 'solved');
    const closed = issue.state === 'solved' || issue.state === 'ignored';
    if (state === 'open' && closed) await notify(ctx, tx, access, userId, updated, 'reopened');
    return updated;
  });
  return answer(ctx, access, userId, row, lang);
}

/** `POST pangu/walkthrough/issue/solve`. */
export const solveIssue = (ctx: AppContext, userId: string, input: z.infer<typeof issueBody>, lang: Lang) =>
  moveIssue(ctx, userId, input, 'solved', lang);

/** `PUT pangu/walkthrough/issue/solve`: reopened. */
export const reopenIssue = (ctx: AppContext, userId: string, input: z.infer<typeof issueBody>, lang: Lang) =>
  moveIssue(ctx, userId, input, 'open', lang);

/** `POST pangu/walkthrough/issue/status`: in progress, or ignored. */
export const setIssueStatus = (
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof issueStatusBody>,
  lang: Lang,
) => moveIssue(ctx, userId, input, input.status, lang);

/** `DELETE pangu/walkthrough/issue/status`: back to open. */
export const clearIssueStatus = reopenIssue;

/** `POST pangu/walkthrough/issue/list`: the project's issues (newest first), narrowed, with counts by state. */
export async function listIssues(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof issueListBody>,
  lang: Lang,
) {
  const access = await walkthroughAccess(ctx.db, userId, input, 'view');
  const projectId = access.project.id;
  const page = input.page_id ? await livePageRow(ctx.db, projectId, input.page_id) : null;
  const where = and(
    eq(walkthroughIssues.projectId, projectId),
    page ? eq(walkthroughIssues.pageId, page.id) : undefined,
    input.states?.length ? inArray(walkthroughIssues.state, input.states) : undefined,
    input.assignee_id ? eq(walkthroughIssues.assigneeId, input.assignee_id) : undefined,
  );
  const rows = await ctx.db
    .select()
    .from(walkthroughIssues)
    .where(where)
    .orderBy(desc(walkthroughIssues.number))
    .limit(input.page_size + 1)
    .offset((input.page - 1) * input.page_size);
  const [{ total }] = await ctx.db.select({ total: count() }).from(walkthroughIssues).where(where);
  const counts = await issueCounts(ctx.db, page ? { pageIds: [page.id] } : { projectId });
  return {
    issues: await presentIssues(ctx.db, access, userId, rows.slice(0, input.page_size), lang),
    counts: counts.get(''),
    total: Number(total),
    has_next: rows.length > input.page_size,
  };
}
