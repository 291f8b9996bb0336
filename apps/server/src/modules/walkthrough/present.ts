import {
  expectationText,
  type Lang,
  WALKTHROUGH_ISSUE_STATES,
  type WalkthroughCounts,
  type WalkthroughIssueView,
  type WalkthroughScreenshotView,
} from '@ferry/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { users } from '../account/tables.js';
import type { ProjectAccess } from '../projects/policy.js';
import { urlExpiry } from '../storage/url-expiry.js';
import { type IssueRow, mayEditWalkthrough, mayMoveIssue, type ScreenshotRow } from './policy.js';
import { walkthroughIssues } from './tables.js';

/** Rows → the walkthrough's answers (spec field names), with what the caller may do. */

export type People = Map<string, { id: string; name: string }>;

export async function loadPeople(db: Db | Tx, ids: (string | null)[]): Promise<People> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

const someone = (people: People, id: string | null) => (id ? (people.get(id) ?? { id, name: '' }) : null);

export function presentIssue(
  access: ProjectAccess,
  userId: string,
  people: People,
  row: IssueRow,
  lang: Lang,
): WalkthroughIssueView {
  return {
    issue_id: row.id,
    number: row.number,
    page_id: row.pageId,
    contrast_id: row.screenshotId ?? '',
    rect: { x: row.x, y: row.y, width: row.width, height: row.height },
    description: row.description,
    expected_text: row.expectation ? expectationText(row.expectation, lang) : '',
    severity: row.severity,
    state: row.state,
    assignee: someone(people, row.assigneeId),
    creator: someone(people, row.createdBy),
    solved_by: someone(people, row.solvedBy),
    solve_time: row.solvedAt?.toISOString() ?? '',
    create_time: row.createdAt.toISOString(),
    update_time: row.updatedAt.toISOString(),
    can_edit: mayEditWalkthrough(access),
    can_solve: mayMoveIssue(access, userId, row),
  };
}

export async function presentIssues(
  db: Db | Tx,
  access: ProjectAccess,
  userId: string,
  rows: IssueRow[],
  lang: Lang,
) {
  const people = await loadPeople(
    db,
    rows.flatMap((row) => [row.assigneeId, row.createdBy, row.solvedBy]),
  );
  return rows.map((row) => presentIssue(access, userId, people, row, lang));
}

export function presentScreenshot(
  ctx: AppContext,
  row: ScreenshotRow,
  lang: Lang,
): WalkthroughScreenshotView {
  const expires = urlExpiry(ctx.now());
  return {
    contrast_id: row.id,
    page_id: row.pageId,
    name: row.name,
    width: row.width,
    height: row.height,
    url: ctx.files.signedUrl(row.fileKey, expires),
    scale: row.scale,
    offset_x: row.offsetX,
    offset_y: row.offsetY,
    detected_scale: row.detectedScale,
    diff_status: row.diffStatus,
    diff_error: row.diffError,
    diff_ratio: row.diffRatio,
    diff_url: row.diffKey ? ctx.files.signedUrl(row.diffKey, expires) : '',
    candidates: row.candidates.map((candidate) => ({
      ...candidate,
      expected_text: expectationText(candidate.expectation, lang),
    })),
    uploaded_by: row.uploadedBy ?? '',
    create_time: row.createdAt.toISOString(),
  };
}

export const emptyCounts = (): WalkthroughCounts => ({
  open: 0,
  in_progress: 0,
  solved: 0,
  ignored: 0,
  total: 0,
});

/** Issues by state, of some pages or of a whole project: per page, and all of them under the key ''. */
export async function issueCounts(db: Db | Tx, of: { projectId: string } | { pageIds: string[] }) {
  const byPage = new Map<string, WalkthroughCounts>();
  const all = emptyCounts();
  byPage.set('', all);
  if ('pageIds' in of && of.pageIds.length === 0) return byPage;
  const rows = await db
    .select({
      pageId: walkthroughIssues.pageId,
      state: walkthroughIssues.state,
      n: sql<number>`count(*)::int`,
    })
    .from(walkthroughIssues)
    .where(
      'pageIds' in of
        ? inArray(walkthroughIssues.pageId, of.pageIds)
        : eq(walkthroughIssues.projectId, of.projectId),
    )
    .groupBy(walkthroughIssues.pageId, walkthroughIssues.state);
  for (const row of rows) {
    if (!WALKTHROUGH_ISSUE_STATES.includes(row.state)) continue;
    const counts = byPage.get(row.pageId) ?? emptyCounts();
    counts[row.state] += row.n;
    counts.total += row.n;
    all[row.state] += row.n;
    all.total += row.n;
    byPage.set(row.pageId, counts);
  }
  return byPage;
}
