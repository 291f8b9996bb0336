import type { CommentThread, CommentView, MentionCandidate } from '@ferry/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { type CommentNoticeKind, withNotices } from '../../notices.js';
import { type DesignRow, designsOfProject } from '../designs/policy.js';
import { designs, designVersions } from '../designs/tables.js';
import { isUuid } from '../teams/policy.js';
import {
  type CommentAccess,
  type CommentRow,
  checkMentions,
  commentAccess,
  commentAudience,
  liveCommentOfProject,
  mayDelete,
  mayEdit,
  mayResolve,
  peopleWhoSee,
} from './policy.js';
import { loadPeople, presentComment } from './present.js';
import { comments } from './tables.js';
import { presentThreads } from './threads.js';

export interface CreateInput {
  team_id?: string;
  project_id: string;
  image_id: string;
  version_id?: string;
  parent_id?: string;
  content: string;
  position?: { x: number; y: number };
  layer_id?: string;
  mentions: string[];
}

async function presentOne(ctx: AppContext, access: CommentAccess, row: CommentRow): Promise<CommentView> {
  return presentComment(access, await loadPeople(ctx.db, [row]), row);
}

/** The version a new thread is pinned on: the named one of this design, else the current one. */
async function threadVersion(ctx: AppContext, design: DesignRow, versionId: string | undefined) {
  const wanted = versionId ?? design.currentVersionId;
  if (!wanted || !isUuid(wanted)) throw fail('VERSION_NOT_FOUND');
  const [version] = await ctx.db
    .select({ id: designVersions.id })
    .from(designVersions)
    .where(and(eq(designVersions.id, wanted), eq(designVersions.designId, design.id)));
  if (!version) throw fail('VERSION_NOT_FOUND');
  return version.id;
}

/** Threads are numbered per design from 1; the design row is locked so two new threads never share one. */
async function nextThreadNumber(tx: Tx, designId: string): Promise<number> {
  await tx.select({ id: designs.id }).from(designs).where(eq(designs.id, designId)).for('update');
  const [row] = await tx
    .select({ last: sql<number>`coalesce(max(${comments.number}), 0)::int` })
    .from(comments)
    .where(and(eq(comments.designId, designId), isNull(comments.parentId)));
  return row.last + 1;
}

/**
 * A thread pinned on a design's version, written in the caller's transaction with no notice: the project's
 * welcome comment on the first-run path, made for the one person who sees the project.
 */
export async function addPinnedThread(
  tx: Tx,
  thread: { projectId: string; designId: string; versionId: string; authorId: string; content: string },
  position: { x: number; y: number },
  now: Date,
) {
  const [row] = await tx
    .insert(comments)
    .values({
      ...thread,
      number: await nextThreadNumber(tx, thread.designId),
      positionX: position.x,
      positionY: position.y,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: comments.id });
  return row.id;
}

/**
 * Who hears of a comment: the mentioned; for a new thread also the design's followers (with no following
 * of designs, the people who commented on it), for a reply the thread's author and everyone who replied.
 */
async function audience(
  tx: Tx,
  access: CommentAccess,
  design: DesignRow,
  mentions: string[],
  thread: CommentRow | null,
): Promise<string[]> {
  const authors = await tx
    .selectDistinct({ authorId: comments.authorId })
    .from(comments)
    .where(
      and(
        thread ? eq(comments.parentId, thread.id) : eq(comments.designId, design.id),
        isNull(comments.deletedAt),
      ),
    );
  return commentAudience(tx, access.project, mentions, [
    thread?.authorId,
    ...authors.map((row) => row.authorId),
  ]);
}

async function notify(
  tx: Tx,
  ctx: AppContext,
  access: CommentAccess,
  design: DesignRow,
  comment: CommentRow,
  recipients: string[],
  mentioned: string[],
  edited = false,
) {
  const kind: CommentNoticeKind = comment.parentId ? 'comment_reply' : 'new_comment';
  await ctx.notices.comment(
    tx,
    {
      kind,
      teamId: access.project.teamId,
      projectId: access.project.id,
      projectName: access.project.name,
      imageId: design.id,
      imageName: design.name,
      versionId: comment.versionId,
      commentId: comment.id,
      fromUserId: comment.authorId ?? '',
      guestName: comment.guestName ?? undefined,
      content: comment.content,
      recipients,
      mentioned: new Set(mentioned),
    },
    { toWatchers: !edited },
  );
}

/** `GET project/comment/people`: everyone a comment of the project may mention, the caller included. */
export async function mentionCandidates(
  ctx: AppContext,
  userId: string,
  input: { team_id: string; project_id: string },
): Promise<{ people: MentionCandidate[] }> {
  const access = await commentAccess(ctx.db, userId, input.team_id, input.project_id);
  const people = await peopleWhoSee(ctx.db, access.project);
  return {
    people: people.map((row) => ({
      user_id: row.userId,
      name: row.name,
      email: row.email,
      color: row.color,
      remark: row.remark,
    })),
  };
}

/** `POST project/comment`: a new thread on a design, or a reply in one (a reply to a reply joins its thread). */
export async function createComment(
  ctx: AppContext,
  userId: string,
  input: CreateInput,
): Promise<CommentView> {
  const access = await commentAccess(ctx.db, userId, input.team_id, input.project_id);
  return postComment(ctx, access, { userId }, input);
}

/** Who writes a comment: a member, or a share link's visitor under the name they gave. */
export type CommentWriter = { userId: string } | { guestName: string };

/** The thread a reply joins: of this design, live. */
export async function threadToJoin(ctx: AppContext, projectId: string, designId: string, parentId: string) {
  const { thread } = await liveCommentOfProject(ctx.db, projectId, parentId);
  if (thread.designId !== designId) throw fail('NOT_FOUND');
  return thread;
}

/**
 * Writes a comment the caller was found to be allowed to write, tells whom it concerns, and runs `written` in
 * the same transaction (a share link records its visitor's comment there).
 */
export async function postComment(
  ctx: AppContext,
  access: CommentAccess,
  writer: CommentWriter,
  input: CreateInput,
  written?: (tx: Tx, row: CommentRow) => Promise<void>,
): Promise<CommentView> {
  const [design] = await designsOfProject(ctx.db, input.project_id, [input.image_id], 'live');
  let thread: CommentRow | null = null;
  let versionId: string;
  if (input.parent_id !== undefined) {
    thread = await threadToJoin(ctx, input.project_id, design.id, input.parent_id);
    versionId = thread.versionId;
  } else {
    if (!input.position && !input.layer_id) {
      throw fail('INVALID_INPUT', {
        zh: '评论需要位置或图层',
        en: 'A comment needs a position or a layer',
      });
    }
    versionId = await threadVersion(ctx, design, input.version_id);
  }
  const mentions = await checkMentions(ctx.db, access.project, input.mentions);
  const now = ctx.now();
  const row = await withNotices(ctx, async (tx) => {
    const [inserted] = await tx
      .insert(comments)
      .values({
        projectId: access.project.id,
        designId: design.id,
        versionId,
        parentId: thread?.id ?? null,
        number: thread ? 0 : await nextThreadNumber(tx, design.id),
        authorId: 'userId' in writer ? writer.userId : null,
        guestName: 'guestName' in writer ? writer.guestName : null,
        content: input.content,
        positionX: thread ? null : (input.position?.x ?? null),
        positionY: thread ? null : (input.position?.y ?? null),
        layerId: thread ? null : (input.layer_id ?? null),
        mentions,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await written?.(tx, inserted);
    await notify(
      tx,
      ctx,
      access,
      design,
      inserted,
      await audience(tx, access, design, mentions, thread),
      mentions,
    );
    return inserted;
  });
  return presentOne(ctx, access, row);
}

/**
 * `PUT project/comment`: the author rewrites a comment. An edit started from an older `update_time` than the
 * stored one answers 19052 and changes nothing; people newly mentioned hear of it.
 */
export async function updateComment(
  ctx: AppContext,
  userId: string,
  input: {
    team_id?: string;
    project_id: string;
    comment_id: string;
    content: string;
    mentions: string[];
    update_time?: string;
  },
): Promise<CommentView> {
  const access = await commentAccess(ctx.db, userId, input.team_id, input.project_id);
  const { comment } = await liveCommentOfProject(ctx.db, input.project_id, input.comment_id);
  if (!mayEdit(access, comment)) throw fail('COMMENT_NO_PERMISSION');
  const [design] = await designsOfProject(ctx.db, input.project_id, [comment.designId], 'live');
  if (input.update_time !== undefined) {
    const seen = new Date(input.update_time).getTime();
    if (Number.isNaN(seen) || seen < comment.updatedAt.getTime()) throw fail('COMMENT_UPDATE_FAILED');
  }
  const mentions = await checkMentions(ctx.db, access.project, input.mentions);
  const newlyMentioned = mentions.filter((id) => !comment.mentions.includes(id));
  const now = ctx.now();
  const row = await withNotices(ctx, async (tx) => {
    // Only if nobody changed it since it was read: a concurrent edit makes this one stale.
    const [updated] = await tx
      .update(comments)
      .set({ content: input.content, mentions, editedAt: now, updatedAt: now })
      .where(and(eq(comments.id, comment.id), eq(comments.updatedAt, comment.updatedAt)))
      .returning();
    if (!updated) throw fail('COMMENT_UPDATE_FAILED');
    await notify(tx, ctx, access, design, updated, newlyMentioned, newlyMentioned, true);
    return updated;
  });
  return presentOne(ctx, access, row);
}

/** `DELETE project/comment`: a thread's first comment takes the thread with it; a reply goes alone. */
export async function deleteComment(
  ctx: AppContext,
  userId: string,
  input: { team_id?: string; project_id: string; comment_id: string },
) {
  const access = await commentAccess(ctx.db, userId, input.team_id, input.project_id);
  const { comment } = await liveCommentOfProject(ctx.db, input.project_id, input.comment_id);
  if (!mayDelete(access, comment)) throw fail('COMMENT_NO_PERMISSION');
  await ctx.db
    .update(comments)
    .set({ deletedAt: ctx.now(), deletedBy: userId })
    .where(and(eq(comments.id, comment.id), isNull(comments.deletedAt)));
  return {};
}

/** `POST project/comment/resolve`: resolves or reopens the thread holding the comment. */
export async function resolveComment(
  ctx: AppContext,
  userId: string,
  input: { team_id?: string; project_id: string; comment_id: string; resolved: boolean },
): Promise<CommentThread> {
  const access = await commentAccess(ctx.db, userId, input.team_id, input.project_id);
  const { thread } = await liveCommentOfProject(ctx.db, input.project_id, input.comment_id);
  if (!mayResolve(access, thread)) throw fail('COMMENT_NO_PERMISSION');
  await designsOfProject(ctx.db, input.project_id, [thread.designId], 'live');
  // Resolution leaves `updated_at` alone: it belongs to the text, which an editor may be changing.
  const [row] = await ctx.db
    .update(comments)
    .set(
      input.resolved
        ? { resolvedAt: thread.resolvedAt ?? ctx.now(), resolvedBy: thread.resolvedBy ?? userId }
        : { resolvedAt: null, resolvedBy: null },
    )
    .where(eq(comments.id, thread.id))
    .returning();
  const [view] = await presentThreads(ctx.db, access, [row]);
  return view;
}
