import {
  type createPagesBody,
  type Lang,
  type pageQuery,
  type taskPagesQuery,
  WalkthroughLimits,
  type WalkthroughPageSummary,
  type WalkthroughPageView,
  type WalkthroughTaskView,
} from '@ferry/shared';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { signalProjectChange } from '../../realtime/signals.js';
import { peopleWhoSee } from '../comments/policy.js';
import { designsOfProject } from '../designs/policy.js';
import { urlExpiry } from '../storage/url-expiry.js';
import { liveDesign, livePageCount, pagesWithDesigns } from './design-reads.js';
import { removeScreenshotFiles } from './files.js';
import { mayEditWalkthrough, type PageRow, pageOfProject, walkthroughAccess } from './policy.js';
import { emptyCounts, issueCounts, presentIssues, presentScreenshot } from './present.js';
import { walkthroughIssues, walkthroughPages, walkthroughScreenshots, walkthroughTasks } from './tables.js';

/** The project's task, made on first use (one per project; a race of two first uses makes one). */
export async function ensureTask(db: Db | Tx, projectId: string) {
  await db.insert(walkthroughTasks).values({ projectId }).onConflictDoNothing();
  const [task] = await db.select().from(walkthroughTasks).where(eq(walkthroughTasks.projectId, projectId));
  return task;
}

type PageJoin = Awaited<ReturnType<ReturnType<typeof pagesWithDesigns>['where']>>[number];

async function summaries(ctx: AppContext, db: Db | Tx, rows: PageJoin[]): Promise<WalkthroughPageSummary[]> {
  const ids = rows.map((row) => row.page.id);
  const counts = await issueCounts(db, { pageIds: ids });
  const shots = ids.length
    ? await db
        .select({ pageId: walkthroughScreenshots.pageId, n: count() })
        .from(walkthroughScreenshots)
        .where(inArray(walkthroughScreenshots.pageId, ids))
        .groupBy(walkthroughScreenshots.pageId)
    : [];
  const shotsOf = new Map(shots.map((row) => [row.pageId, Number(row.n)]));
  const expires = urlExpiry(ctx.now());
  return rows.map((row) => {
    const thumb = row.variants.p25 ?? row.variants.webP ?? row.variants.org;
    return {
      page_id: row.page.id,
      image_id: row.page.designId,
      version_id: row.versionId,
      name: row.name,
      thumbnail: thumb ? ctx.files.signedUrl(thumb.key, expires) : '',
      width: row.width,
      height: row.height,
      screenshots: shotsOf.get(row.page.id) ?? 0,
      counts: counts.get(row.page.id) ?? emptyCounts(),
      result: row.page.result,
      create_time: row.page.createdAt.toISOString(),
    };
  });
}

/** `GET pangu/walkthrough/task/pages`: the task, its counts and a page of its pages, oldest first. */
export async function taskPages(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof taskPagesQuery>,
): Promise<WalkthroughTaskView> {
  const access = await walkthroughAccess(ctx.db, userId, input, 'view');
  const task = await ensureTask(ctx.db, access.project.id);
  const where = and(eq(walkthroughPages.taskId, task.id), liveDesign);
  const rows = await pagesWithDesigns(ctx.db)
    .where(where)
    .orderBy(asc(walkthroughPages.createdAt), asc(walkthroughPages.id))
    .limit(input.page_size + 1)
    .offset((input.page - 1) * input.page_size);
  const total = await livePageCount(ctx.db, task.id);
  const counts = await issueCounts(ctx.db, { projectId: access.project.id });
  return {
    task_id: task.id,
    project_id: access.project.id,
    result: task.result,
    counts: counts.get('') as WalkthroughTaskView['counts'],
    pages: await summaries(ctx, ctx.db, rows.slice(0, input.page_size)),
    total: Number(total),
    has_next: rows.length > input.page_size,
    can_edit: mayEditWalkthrough(access),
  };
}

/** `POST pangu/walkthrough/page`: live designs of the project become pages at their current versions. */
export async function createPages(ctx: AppContext, userId: string, input: z.infer<typeof createPagesBody>) {
  const access = await walkthroughAccess(ctx.db, userId, input, 'edit');
  const projectId = access.project.id;
  const chosen = await designsOfProject(ctx.db, projectId, input.image_ids, 'live');
  if (chosen.some((design) => !design.currentVersionId)) throw fail('IMAGE_DELETED');
  const pageIds = await ctx.db.transaction(async (tx) => {
    const task = await ensureTask(tx, projectId);
    // One page count at a time per task.
    await tx.select().from(walkthroughTasks).where(eq(walkthroughTasks.id, task.id)).for('update');
    const [{ n }] = await tx
      .select({ n: count() })
      .from(walkthroughPages)
      .where(eq(walkthroughPages.taskId, task.id));
    const existing = await tx
      .select({ id: walkthroughPages.id, designId: walkthroughPages.designId })
      .from(walkthroughPages)
      .where(
        and(
          eq(walkthroughPages.taskId, task.id),
          inArray(
            walkthroughPages.designId,
            chosen.map((d) => d.id),
          ),
        ),
      );
    const have = new Map(existing.map((row) => [row.designId, row.id]));
    const fresh = chosen.filter((design) => !have.has(design.id));
    if (Number(n) + fresh.length > WalkthroughLimits.pagesPerProject) throw fail('WALKTHROUGH_LIMIT');
    const inserted = fresh.length
      ? await tx
          .insert(walkthroughPages)
          .values(
            fresh.map((design) => ({
              taskId: task.id,
              projectId,
              designId: design.id,
              versionId: design.currentVersionId as string,
              createdBy: userId,
            })),
          )
          .returning({ id: walkthroughPages.id, designId: walkthroughPages.designId })
      : [];
    for (const row of inserted) have.set(row.designId, row.id);
    return chosen.map((design) => have.get(design.id) as string);
  });
  await signalProjectChange(ctx, access.project, 'walkthrough');
  const rows = await pagesWithDesigns(ctx.db).where(inArray(walkthroughPages.id, pageIds));
  const byId = new Map(rows.map((row) => [row.page.id, row]));
  return {
    pages: await summaries(
      ctx,
      ctx.db,
      pageIds.map((id) => byId.get(id) as PageJoin),
    ),
  };
}

/** A page whose design is live; one in the recycle bin answers that the design was deleted. */
async function livePage(db: Db | Tx, projectId: string, pageId: string): Promise<PageJoin> {
  const page = await pageOfProject(db, projectId, pageId);
  const [row] = await pagesWithDesigns(db).where(eq(walkthroughPages.id, page.id));
  if (!row || row.designDeletedAt) throw fail('IMAGE_DELETED');
  return row;
}

/** The page a screenshot or issue call names: it must be live. */
export async function livePageRow(db: Db | Tx, projectId: string, pageId: string): Promise<PageRow> {
  return (await livePage(db, projectId, pageId)).page;
}

/** `GET pangu/walkthrough/page`: the design, its screenshots with their comparisons, the issues, who may be assigned. */
export async function pageDetail(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof pageQuery>,
  lang: Lang,
): Promise<WalkthroughPageView> {
  const access = await walkthroughAccess(ctx.db, userId, input, 'view');
  const row = await livePage(ctx.db, access.project.id, input.page_id);
  const [summary] = await summaries(ctx, ctx.db, [row]);
  const [shots, issues, people] = await Promise.all([
    ctx.db
      .select()
      .from(walkthroughScreenshots)
      .where(eq(walkthroughScreenshots.pageId, row.page.id))
      .orderBy(asc(walkthroughScreenshots.createdAt), asc(walkthroughScreenshots.id)),
    ctx.db
      .select()
      .from(walkthroughIssues)
      .where(eq(walkthroughIssues.pageId, row.page.id))
      .orderBy(desc(walkthroughIssues.number)),
    peopleWhoSee(ctx.db, access.project),
  ]);
  const expires = urlExpiry(ctx.now());
  const picture = row.variants.webP ?? row.variants.org;
  return {
    ...summary,
    task_id: row.page.taskId,
    project_id: access.project.id,
    picture: picture ? ctx.files.signedUrl(picture.key, expires) : '',
    layers_url:
      row.layersKey && row.layersStatus === 'ready' ? ctx.files.signedUrl(row.layersKey, expires) : '',
    design_status: row.status,
    contrast_images: shots.map((shot) => presentScreenshot(ctx, shot, lang)),
    issues: await presentIssues(ctx.db, access, userId, issues, lang),
    assignees: people.map((person) => ({ id: person.userId, name: person.name })),
    can_edit: mayEditWalkthrough(access),
  };
}

/** `DELETE pangu/walkthrough/page`: the page, its screenshots (and their files) and its issues. */
export async function deletePage(ctx: AppContext, userId: string, input: z.infer<typeof pageQuery>) {
  const access = await walkthroughAccess(ctx.db, userId, input, 'edit');
  const page = await pageOfProject(ctx.db, access.project.id, input.page_id);
  const shots = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(walkthroughScreenshots)
      .where(eq(walkthroughScreenshots.pageId, page.id));
    await tx.delete(walkthroughPages).where(eq(walkthroughPages.id, page.id));
    return rows;
  });
  await removeScreenshotFiles(ctx, shots);
  await signalProjectChange(ctx, access.project, 'walkthrough');
  return {};
}
