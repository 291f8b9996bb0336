import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { usersWhoSee } from '../comments/policy.js';
import { requireDesignProject } from '../designs/policy.js';
import { type ProjectAccess, type ProjectRow, projectAccessFor } from '../projects/policy.js';
import { isUuid } from '../teams/policy.js';
import { walkthroughIssues, walkthroughPages, walkthroughScreenshots } from './tables.js';

export type PageRow = typeof walkthroughPages.$inferSelect;
export type ScreenshotRow = typeof walkthroughScreenshots.$inferSelect;
export type IssueRow = typeof walkthroughIssues.$inferSelect;

/**
 * Who may do what in design QA: whoever sees the project reads its walkthrough (onlookers too); its editors
 * add pages, screenshots and issues, align, accept and dismiss, and set results. An issue's assignee may also
 * move it along (solve, reopen, a status) without being an editor. Another team's project does not exist;
 * share-link visitors never reach these calls (modules/share/visits.ts lists none of them).
 */
export async function walkthroughAccess(
  db: Db | Tx,
  userId: string,
  input: { team_id?: string; project_id: string },
  need: 'view' | 'edit',
): Promise<ProjectAccess> {
  const access = await projectAccessFor(db, userId, input.team_id, input.project_id, need);
  requireDesignProject(access);
  return access;
}

export const mayEditWalkthrough = (access: ProjectAccess) => access.abilities.can_edit;

/** Solving, reopening and statuses: the project's editors, and the issue's assignee. */
export const mayMoveIssue = (access: ProjectAccess, userId: string, issue: Pick<IssueRow, 'assigneeId'>) =>
  mayEditWalkthrough(access) || issue.assigneeId === userId;

export function requireMoveIssue(access: ProjectAccess, userId: string, issue: IssueRow) {
  if (!mayMoveIssue(access, userId, issue)) throw fail('NO_PERMISSION');
}

/** A page of the project; any other id (another project's, made up) is 19124. */
export async function pageOfProject(db: Db | Tx, projectId: string, pageId: string): Promise<PageRow> {
  if (!isUuid(pageId)) throw fail('WALKTHROUGH_PAGE_NOT_FOUND');
  const [row] = await db
    .select()
    .from(walkthroughPages)
    .where(and(eq(walkthroughPages.projectId, projectId), eq(walkthroughPages.id, pageId)));
  if (!row) throw fail('WALKTHROUGH_PAGE_NOT_FOUND');
  return row;
}

/** A screenshot of the project (of `pageId` when given); anything else is 19125. */
export async function screenshotOfProject(
  db: Db | Tx,
  projectId: string,
  screenshotId: string,
  pageId?: string,
): Promise<ScreenshotRow> {
  if (!isUuid(screenshotId)) throw fail('WALKTHROUGH_SCREENSHOT_NOT_FOUND');
  const [row] = await db
    .select()
    .from(walkthroughScreenshots)
    .where(and(eq(walkthroughScreenshots.projectId, projectId), eq(walkthroughScreenshots.id, screenshotId)));
  if (!row || (pageId && row.pageId !== pageId)) throw fail('WALKTHROUGH_SCREENSHOT_NOT_FOUND');
  return row;
}

/** An issue of the project; anything else is 19126. */
export async function issueOfProject(db: Db | Tx, projectId: string, issueId: string): Promise<IssueRow> {
  if (!isUuid(issueId)) throw fail('WALKTHROUGH_ISSUE_NOT_FOUND');
  const [row] = await db
    .select()
    .from(walkthroughIssues)
    .where(and(eq(walkthroughIssues.projectId, projectId), eq(walkthroughIssues.id, issueId)));
  if (!row) throw fail('WALKTHROUGH_ISSUE_NOT_FOUND');
  return row;
}

/** An issue is assigned to someone who sees the project (19128 otherwise); null or absent leaves it unassigned. */
export async function checkAssignee(db: Db | Tx, project: ProjectRow, assigneeId: string | null | undefined) {
  if (!assigneeId) return null;
  const seeing = await usersWhoSee(db, project, [assigneeId]);
  if (!seeing.has(assigneeId)) throw fail('WALKTHROUGH_ASSIGNEE_INVALID');
  return assigneeId;
}
