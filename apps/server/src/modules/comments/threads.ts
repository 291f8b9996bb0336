import type { CommentThread } from '@ferry/shared';
import { and, asc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { type DesignRow, designsOfProject } from '../designs/policy.js';
import { designVersions } from '../designs/tables.js';
import { isUuid } from '../teams/policy.js';
import { type CommentAccess, type CommentRow, commentAccess, liveCommentOfProject } from './policy.js';
import { loadPeople, presentThread } from './present.js';
import { comments } from './tables.js';

/** Threads with their live replies and everyone they name: three queries however many threads there are. */
export async function presentThreads(
  db: Db | Tx,
  access: CommentAccess,
  threads: CommentRow[],
): Promise<CommentThread[]> {
  const replies = threads.length
    ? await db
        .select()
        .from(comments)
        .where(
          and(
            inArray(
              comments.parentId,
              threads.map((thread) => thread.id),
            ),
            isNull(comments.deletedAt),
          ),
        )
        .orderBy(asc(comments.createdAt), asc(comments.id))
    : [];
  const people = await loadPeople(db, [...threads, ...replies]);
  const byThread = new Map<string, CommentRow[]>();
  for (const reply of replies) {
    const list = byThread.get(reply.parentId as string) ?? [];
    list.push(reply);
    byThread.set(reply.parentId as string, list);
  }
  return threads.map((thread) => presentThread(access, people, thread, byThread.get(thread.id) ?? []));
}

/** Threads the user started, replied in, or was mentioned in (in the thread or a live reply). */
function involving(userId: string): SQL {
  return sql`(${comments.authorId} = ${userId} or ${userId} = any(${comments.mentions}) or exists (
    select 1 from ${comments} as reply
    where reply.parent_id = ${comments.id} and reply.deleted_at is null
      and (reply.author_id = ${userId} or ${userId} = any(reply.mentions))))`;
}

export interface ThreadsInput {
  team_id?: string;
  project_id: string;
  image_id: string;
  version_id?: string;
  status: 'all' | 'open' | 'resolved';
  mine: boolean;
}

/** `GET project/comments`: a design's live threads (of one version or all), oldest first. */
export async function listThreads(ctx: AppContext, userId: string, input: ThreadsInput) {
  const access = await commentAccess(ctx.db, userId, input.team_id, input.project_id);
  const [design] = await designsOfProject(ctx.db, input.project_id, [input.image_id], 'live');
  return threadsOf(ctx, access, design, input);
}

/** The threads of a design the caller may see (`mine` is the threads involving `access.userId`). */
export async function threadsOf(
  ctx: AppContext,
  access: CommentAccess,
  design: DesignRow,
  input: ThreadsInput,
) {
  if (input.version_id !== undefined) {
    const known =
      isUuid(input.version_id) &&
      (
        await ctx.db
          .select({ id: designVersions.id })
          .from(designVersions)
          .where(and(eq(designVersions.id, input.version_id), eq(designVersions.designId, design.id)))
      ).length > 0;
    if (!known) throw fail('VERSION_NOT_FOUND');
  }
  const threads = await ctx.db
    .select()
    .from(comments)
    .where(
      and(
        eq(comments.designId, design.id),
        isNull(comments.parentId),
        isNull(comments.deletedAt),
        input.version_id ? eq(comments.versionId, input.version_id) : undefined,
        input.status === 'open' ? isNull(comments.resolvedAt) : undefined,
        input.status === 'resolved' ? isNotNull(comments.resolvedAt) : undefined,
        input.mine ? involving(access.userId) : undefined,
      ),
    )
    .orderBy(asc(comments.number));
  return { threads: await presentThreads(ctx.db, access, threads) };
}

/** `GET project/comment`: the thread holding a comment (a link from a notice names a reply's own id). */
export async function getThread(
  ctx: AppContext,
  userId: string,
  input: { team_id?: string; project_id: string; comment_id: string },
): Promise<CommentThread> {
  const access = await commentAccess(ctx.db, userId, input.team_id, input.project_id);
  const { thread } = await liveCommentOfProject(ctx.db, input.project_id, input.comment_id);
  await designsOfProject(ctx.db, input.project_id, [thread.designId], 'live');
  const [view] = await presentThreads(ctx.db, access, [thread]);
  return view;
}
