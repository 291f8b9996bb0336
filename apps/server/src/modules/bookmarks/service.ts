import {
  BookmarkLimits,
  type BookmarkPage,
  type BookmarkType,
  type BookmarkView,
  type createBookmarksBody,
  isWebUrl,
  type listBookmarksQuery,
  type updateBookmarkBody,
} from '@ferry/shared';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { lockUntilCommit } from '../../db/locks.js';
import { isForeignKeyViolation } from '../../http/db-errors.js';
import { fail } from '../../http/errors.js';
import { signalProjectChange } from '../../realtime/signals.js';
import { projectAccessFor } from '../projects/policy.js';
import { rowsOfProject } from '../projects/rows.js';
import { isUuid } from '../teams/policy.js';
import { bookmarks } from './tables.js';

export type BookmarkRow = typeof bookmarks.$inferSelect;
type NewBookmark = Omit<typeof bookmarks.$inferInsert, 'projectId' | 'sortOrder' | 'createdBy'>;
interface ProjectInput {
  project_id: string;
  team_id?: string;
}

export function present(row: BookmarkRow): BookmarkView {
  return {
    id: row.id,
    bookmark_id: row.id,
    project_id: row.projectId,
    name: row.name,
    type: row.type,
    url: row.url,
    filename: row.fileName,
    size: row.fileSize,
    order: row.sortOrder,
    click_count: row.clickCount,
    created_by: row.createdBy,
    create_time: row.createdAt.toISOString(),
    update_time: row.updatedAt.toISOString(),
  };
}

const listOrder = [asc(bookmarks.sortOrder), asc(bookmarks.createdAt), asc(bookmarks.id)];

/** One change of a project's bookmarks at a time: the limit and the numbering are read, then written. */
const lockProjectBookmarks = (tx: Tx, projectId: string) => lockUntilCommit(tx, `bookmarks:${projectId}`);

async function countBookmarks(db: Db | Tx, projectId: string, where?: SQL) {
  const [row] = await db
    .select({ n: count() })
    .from(bookmarks)
    .where(and(eq(bookmarks.projectId, projectId), where));
  return Number(row.n);
}

/** Refuses when `adding` more would pass the project's limit (19103). Answers how many it holds. */
export async function requireRoom(db: Db | Tx, projectId: string, adding: number) {
  const held = await countBookmarks(db, projectId);
  if (held + adding > BookmarkLimits.perProject) throw fail('BOOKMARK_LIMIT');
  return held;
}

/**
 * Adds bookmarks at the end of the project's list, in one transaction that holds the project's bookmarks:
 * two calls never pass the limit together. A project deleted meanwhile answers that it is gone (19029), not 500.
 */
export async function insertBookmarks(
  ctx: AppContext,
  userId: string,
  projectId: string,
  values: NewBookmark[],
) {
  const inserted = ctx.db.transaction(async (tx) => {
    await lockProjectBookmarks(tx, projectId);
    const held = await requireRoom(tx, projectId, values.length);
    const now = ctx.now();
    return tx
      .insert(bookmarks)
      .values(
        values.map((value, index) => ({
          ...value,
          projectId,
          sortOrder: held + index + 1,
          createdBy: userId,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning();
  });
  return inserted.catch((error) => {
    throw isForeignKeyViolation(error) ? fail('PROJECT_NOT_FOUND') : error;
  });
}

/** `GET project/bookmark`: by order, then creation; a page of them, `bookmark_types` filtering. */
export async function listBookmarks(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof listBookmarksQuery>,
): Promise<BookmarkPage> {
  const access = await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'view');
  const projectId = access.project.id;
  const types = input.bookmark_types?.length ? input.bookmark_types : undefined;
  const ofTypes = types ? inArray(bookmarks.type, types as BookmarkType[]) : undefined;
  const offset = (input.pageNo - 1) * input.pageSize;
  const [total, rows] = await Promise.all([
    countBookmarks(ctx.db, projectId, ofTypes),
    ctx.db
      .select()
      .from(bookmarks)
      .where(and(eq(bookmarks.projectId, projectId), ofTypes))
      .orderBy(...listOrder)
      .limit(input.pageSize)
      .offset(offset),
  ]);
  return { bookmarks: rows.map(present), total, has_next: offset + rows.length < total };
}

function requireWebUrl(url: string) {
  if (!isWebUrl(url)) throw fail('BOOKMARK_URL_INVALID');
}

/** `POST project/bookmark`: links, checked whole before any is written, added last in the given order. */
export async function createLinkBookmarks(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof createBookmarksBody>,
) {
  const access = await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'edit');
  for (const bookmark of input.bookmarks) requireWebUrl(bookmark.url);
  const rows = await insertBookmarks(
    ctx,
    userId,
    access.project.id,
    input.bookmarks.map(({ name, url }) => ({ type: 'url' as const, name, url })),
  );
  await signalProjectChange(ctx, access.project, 'bookmarks');
  return { bookmarks: rows.map(present) };
}

/** Bookmarks of the project by id; an id of another project, or none, answers NOT_FOUND (19007). */
export const bookmarksOfProject = (db: Db | Tx, projectId: string, ids: string[]) =>
  rowsOfProject(db, bookmarks, projectId, ids);

/** The project a bookmark belongs to, for calls that name only the bookmark; none is NOT_FOUND. */
export async function projectOfBookmark(db: Db | Tx, bookmarkId: string) {
  if (!isUuid(bookmarkId)) throw fail('NOT_FOUND');
  const [row] = await db
    .select({ projectId: bookmarks.projectId })
    .from(bookmarks)
    .where(eq(bookmarks.id, bookmarkId));
  if (!row) throw fail('NOT_FOUND');
  return row.projectId;
}

/** Numbers the project's bookmarks 1…n in the given order, writing only those whose number changed. */
async function renumber(tx: Tx, ordered: BookmarkRow[]) {
  const moved = ordered
    .map((row, index) => ({ id: row.id, order: index + 1, before: row.sortOrder }))
    .filter((row) => row.order !== row.before);
  if (moved.length === 0) return;
  const values = moved.map((row) => sql`(${row.id}::uuid, ${row.order}::int)`);
  await tx.execute(sql`
    update ${bookmarks} set sort_order = moved.sort_order
    from (values ${sql.join(values, sql`, `)}) as moved (id, sort_order)
    where ${bookmarks.id} = moved.id`);
}

async function orderedBookmarks(tx: Tx, projectId: string) {
  return tx
    .select()
    .from(bookmarks)
    .where(eq(bookmarks.projectId, projectId))
    .orderBy(...listOrder);
}

/**
 * `PUT project/bookmark`: a new name, a new address (links only) and/or a new place: `order` is the 1-based
 * place it moves to (past the end: last), the others renumbered in the same transaction.
 */
export async function updateBookmark(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof updateBookmarkBody>,
) {
  const access = await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'edit');
  const projectId = access.project.id;
  if (input.url !== undefined) requireWebUrl(input.url);
  const row = await ctx.db.transaction(async (tx) => {
    await lockProjectBookmarks(tx, projectId);
    const [bookmark] = await bookmarksOfProject(tx, projectId, [input.bookmark_id]);
    if (input.url !== undefined && bookmark.type !== 'url') {
      throw fail('INVALID_INPUT', { zh: '文件书签没有链接', en: 'A file bookmark has no link to change' });
    }
    if (input.order !== undefined) {
      const others = (await orderedBookmarks(tx, projectId)).filter((other) => other.id !== bookmark.id);
      others.splice(Math.min(input.order, others.length + 1) - 1, 0, bookmark);
      await renumber(tx, others);
    }
    const [updated] = await tx
      .update(bookmarks)
      .set({
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.url === undefined ? {} : { url: input.url }),
        updatedAt: ctx.now(),
      })
      .where(eq(bookmarks.id, bookmark.id))
      .returning();
    return updated;
  });
  await signalProjectChange(ctx, access.project, 'bookmarks');
  return present(row);
}

/**
 * `DELETE project/bookmark`: every id must be a bookmark of the project, or nothing is deleted. The files
 * go once the rows are gone; the rest are renumbered.
 */
export async function deleteBookmarks(
  ctx: AppContext,
  userId: string,
  input: ProjectInput & { bookmarks: string[] },
) {
  const access = await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'edit');
  const projectId = access.project.id;
  const gone = await ctx.db.transaction(async (tx) => {
    await lockProjectBookmarks(tx, projectId);
    const rows = await bookmarksOfProject(tx, projectId, input.bookmarks);
    await tx.delete(bookmarks).where(
      inArray(
        bookmarks.id,
        rows.map((row) => row.id),
      ),
    );
    await renumber(tx, await orderedBookmarks(tx, projectId));
    return rows;
  });
  for (const row of gone) if (row.fileKey) await removeFile(ctx, row.fileKey);
  await signalProjectChange(ctx, access.project, 'bookmarks');
  return { bookmarks: gone.map((row) => row.id) };
}

/** A file whose row is gone: a failed removal is logged, since the change itself has been made. */
export async function removeFile(ctx: AppContext, key: string) {
  await ctx.files.remove(key).catch((error) => ctx.events.log.warn({ err: error, key }, 'file not removed'));
}

/**
 * `POST project/bookmark/click`: anyone who sees the project, which the bookmark names when the call does not
 * (spec 001 §7 sends only `bookmark_id`); counted in one statement.
 */
export async function clickBookmark(
  ctx: AppContext,
  userId: string,
  input: Partial<ProjectInput> & { bookmark_id: string },
) {
  const projectId = input.project_id ?? (await projectOfBookmark(ctx.db, input.bookmark_id));
  const access = await projectAccessFor(ctx.db, userId, input.team_id, projectId, 'view');
  if (!isUuid(input.bookmark_id)) throw fail('NOT_FOUND');
  const [row] = await ctx.db
    .update(bookmarks)
    .set({ clickCount: sql`${bookmarks.clickCount} + 1` })
    .where(and(eq(bookmarks.id, input.bookmark_id), eq(bookmarks.projectId, access.project.id)))
    .returning({ id: bookmarks.id, clickCount: bookmarks.clickCount });
  if (!row) throw fail('NOT_FOUND');
  return { bookmark_id: row.id, click_count: row.clickCount };
}
