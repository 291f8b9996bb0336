import type {
  createDocumentCommentBody,
  DocumentCommentsAnswer,
  DocumentCommentThread,
  DocumentCommentView,
  deleteDocumentCommentBody,
  documentCommentsQuery,
  updateDocumentCommentBody,
} from '@ferry/shared';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { withNotices } from '../../notices.js';
import { signalProjectChange } from '../../realtime/signals.js';
import {
  type CommentAccess,
  checkMentions,
  commentAccess,
  commentAudience,
  mayDelete,
  mayEdit,
  mayResolve,
} from '../comments/policy.js';
import { loadPeople, type People, person } from '../comments/present.js';
import { isUuid } from '../teams/policy.js';
import { documentComments } from './comment-tables.js';
import { type DocumentRow, documentOfProject, type VersionRow } from './policy.js';
import { latestVersions } from './service.js';
import { documents, documentVersions } from './tables.js';

/**
 * Comments pinned on the pages of product documents (docs/api.md "Product documents"). Everyone who sees the
 * project reads and writes them, by the rules of design comments (modules/comments/policy.ts): the author edits;
 * the author, the tenant owner, the super admin and the project's managers delete; the thread's author and the
 * project's editors resolve.
 */

export type DocumentCommentRow = typeof documentComments.$inferSelect;

function presentComment(access: CommentAccess, people: People, row: DocumentCommentRow): DocumentCommentView {
  return {
    id: row.id,
    doc_id: row.documentId,
    version_id: row.versionId,
    parent_id: row.parentId,
    page: row.page,
    position:
      row.positionX !== null && row.positionY !== null ? { x: row.positionX, y: row.positionY } : null,
    content: row.content,
    mentions: row.mentions.map((id) => person(people, id)),
    author: person(people, row.authorId),
    resolved: row.resolvedAt !== null,
    edited: row.editedAt !== null,
    create_time: row.createdAt.toISOString(),
    update_time: row.updatedAt.toISOString(),
    can_edit: mayEdit(access, row),
    can_delete: mayDelete(access, row),
    can_resolve: row.parentId === null && mayResolve(access, row),
  };
}

async function presentOne(db: Db, access: CommentAccess, row: DocumentCommentRow) {
  return presentComment(access, await loadPeople(db, [row]), row);
}

/** The named version of the document, else its newest; anything else answers 19107. */
async function versionOf(db: Db | Tx, document: DocumentRow, versionId: string | undefined) {
  if (versionId === undefined) {
    const newest = (await latestVersions(db, [document.id])).get(document.id);
    if (!newest) throw fail('DOCUMENT_VERSION_NOT_FOUND');
    return newest;
  }
  if (!isUuid(versionId)) throw fail('DOCUMENT_VERSION_NOT_FOUND');
  const [version] = await db
    .select()
    .from(documentVersions)
    .where(and(eq(documentVersions.id, versionId), eq(documentVersions.documentId, document.id)));
  if (!version) throw fail('DOCUMENT_VERSION_NOT_FOUND');
  return version;
}

/** A thread is pinned on a drawn page of a ready version: 1…page_count. */
function checkPage(version: VersionRow, page: number) {
  if (version.status !== 'ready') throw fail('DOCUMENT_NOT_READY');
  const pages = version.pageCount ?? 0;
  if (page > pages) {
    throw fail('INVALID_INPUT', {
      zh: pages ? `页码超出范围（1–${pages}）` : '该文档没有可评论的页面',
      en: pages ? `The page is out of range (1–${pages})` : 'This document has no pages to comment on',
    });
  }
}

/**
 * A comment of this project by id with the thread holding it. An id of another project, or a made-up one, is
 * "not found"; a deleted comment, or one of a deleted thread, answers 19051.
 */
async function liveComment(db: Db | Tx, projectId: string, commentId: string) {
  const byId = async (id: string) => {
    if (!isUuid(id)) throw fail('NOT_FOUND');
    const [row] = await db
      .select()
      .from(documentComments)
      .where(and(eq(documentComments.id, id), eq(documentComments.projectId, projectId)));
    if (!row) throw fail('NOT_FOUND');
    return row;
  };
  const comment = await byId(commentId);
  const thread = comment.parentId ? await byId(comment.parentId) : comment;
  if (comment.deletedAt || thread.deletedAt) throw fail('COMMENT_DELETED');
  return { comment, thread };
}

/** Threads are numbered per document from 1; the document row is locked so two new threads never share one. */
async function nextThreadNumber(tx: Tx, documentId: string): Promise<number> {
  await tx.select({ id: documents.id }).from(documents).where(eq(documents.id, documentId)).for('update');
  const [row] = await tx
    .select({ last: sql<number>`coalesce(max(${documentComments.number}), 0)::int` })
    .from(documentComments)
    .where(and(eq(documentComments.documentId, documentId), isNull(documentComments.parentId)));
  return row.last + 1;
}

/** Tells whom a comment concerns: the mentioned, and for a reply the thread's author and its repliers. */
async function notify(
  tx: Tx,
  ctx: AppContext,
  access: CommentAccess,
  document: DocumentRow,
  comment: DocumentCommentRow,
  told: { mentions: string[]; thread: DocumentCommentRow | null; edited?: boolean },
) {
  const repliers = told.thread
    ? await tx
        .selectDistinct({ authorId: documentComments.authorId })
        .from(documentComments)
        .where(and(eq(documentComments.parentId, told.thread.id), isNull(documentComments.deletedAt)))
    : [];
  const participants = told.thread ? [told.thread.authorId, ...repliers.map((row) => row.authorId)] : [];
  await ctx.notices.documentComment(
    tx,
    {
      kind: comment.parentId ? 'comment_reply' : 'new_comment',
      teamId: access.project.teamId,
      projectId: access.project.id,
      projectName: access.project.name,
      document: { id: document.id, name: document.name, kind: document.kind },
      versionId: comment.versionId,
      page: comment.page,
      commentId: comment.id,
      fromUserId: comment.authorId,
      content: comment.content,
      recipients: await commentAudience(tx, access.project, told.mentions, participants),
      mentioned: new Set(told.mentions),
    },
    { toWatchers: !told.edited },
  );
}

/** `GET project/doc/comments`: a version's live threads (the newest version by default) with their live replies. */
export async function listDocumentComments(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof documentCommentsQuery>,
): Promise<DocumentCommentsAnswer> {
  const access = await commentAccess(ctx.db, userId, input.team_id, input.project_id);
  const document = await documentOfProject(ctx.db, access.project.id, input.doc_id);
  const version = await versionOf(ctx.db, document, input.version_id);
  const rows = await ctx.db
    .select()
    .from(documentComments)
    .where(and(eq(documentComments.versionId, version.id), isNull(documentComments.deletedAt)))
    .orderBy(asc(documentComments.createdAt), asc(documentComments.id));
  const threads = rows.filter((row) => row.parentId === null).sort((a, b) => a.number - b.number);
  const people = await loadPeople(ctx.db, rows);
  return {
    version_id: version.id,
    threads: threads.map(
      (thread): DocumentCommentThread => ({
        ...presentComment(access, people, thread),
        number: thread.number,
        replies: rows
          .filter((row) => row.parentId === thread.id)
          .map((reply) => presentComment(access, people, reply)),
      }),
    ),
  };
}

/** `POST project/doc/comment`: a thread pinned on a page, or a reply in one (a reply to a reply joins its thread). */
export async function createDocumentComment(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof createDocumentCommentBody>,
): Promise<DocumentCommentView> {
  const access = await commentAccess(ctx.db, userId, input.team_id, input.project_id);
  const document = await documentOfProject(ctx.db, access.project.id, input.doc_id);
  let thread: DocumentCommentRow | null = null;
  let pin: { versionId: string; page: number; position: { x: number; y: number } | null };
  if (input.parent_id !== undefined) {
    thread = (await liveComment(ctx.db, access.project.id, input.parent_id)).thread;
    if (thread.documentId !== document.id) throw fail('NOT_FOUND');
    pin = { versionId: thread.versionId, page: thread.page, position: null };
  } else {
    if (input.page === undefined || !input.position) {
      throw fail('INVALID_INPUT', {
        zh: '评论需要页码和位置',
        en: 'A comment needs a page and a position',
      });
    }
    const version = await versionOf(ctx.db, document, input.version_id);
    checkPage(version, input.page);
    pin = { versionId: version.id, page: input.page, position: input.position };
  }
  const mentions = await checkMentions(ctx.db, access.project, input.mentions);
  const now = ctx.now();
  const row = await withNotices(ctx, async (tx) => {
    const [inserted] = await tx
      .insert(documentComments)
      .values({
        projectId: access.project.id,
        documentId: document.id,
        versionId: pin.versionId,
        parentId: thread?.id ?? null,
        number: thread ? 0 : await nextThreadNumber(tx, document.id),
        page: pin.page,
        positionX: pin.position?.x ?? null,
        positionY: pin.position?.y ?? null,
        authorId: userId,
        content: input.content,
        mentions,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await notify(tx, ctx, access, document, inserted, { mentions, thread });
    return inserted;
  });
  await signalProjectChange(ctx, access.project, 'documents');
  return presentOne(ctx.db, access, row);
}

/**
 * `PUT project/doc/comment`: the author rewrites a comment (people newly mentioned hear of it), and/or a
 * thread is resolved or reopened by the design comments' rule.
 */
export async function updateDocumentComment(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof updateDocumentCommentBody>,
): Promise<DocumentCommentView> {
  if (input.content === undefined && input.resolved === undefined) {
    throw fail('INVALID_INPUT', { zh: '没有要修改的内容', en: 'Nothing to change' });
  }
  const access = await commentAccess(ctx.db, userId, input.team_id, input.project_id);
  const { comment } = await liveComment(ctx.db, access.project.id, input.comment_id);
  if (input.content !== undefined && !mayEdit(access, comment)) throw fail('COMMENT_NO_PERMISSION');
  if (input.resolved !== undefined) {
    if (comment.parentId !== null) {
      throw fail('INVALID_INPUT', { zh: '只能解决评论主题', en: 'Only a thread can be resolved' });
    }
    if (!mayResolve(access, comment)) throw fail('COMMENT_NO_PERMISSION');
  }
  const document = await documentOfProject(ctx.db, access.project.id, comment.documentId);
  const mentions =
    input.content === undefined
      ? comment.mentions
      : await checkMentions(ctx.db, access.project, input.mentions ?? comment.mentions);
  const newlyMentioned = mentions.filter((id) => !comment.mentions.includes(id));
  const now = ctx.now();
  const row = await withNotices(ctx, async (tx) => {
    const [updated] = await tx
      .update(documentComments)
      .set({
        ...(input.content === undefined
          ? {}
          : { content: input.content, mentions, editedAt: now, updatedAt: now }),
        // Resolving again keeps who resolved it first and when.
        ...(input.resolved === undefined
          ? {}
          : input.resolved
            ? { resolvedAt: comment.resolvedAt ?? now, resolvedBy: comment.resolvedBy ?? userId }
            : { resolvedAt: null, resolvedBy: null }),
      })
      .where(eq(documentComments.id, comment.id))
      .returning();
    if (newlyMentioned.length > 0) {
      await notify(tx, ctx, access, document, updated, {
        mentions: newlyMentioned,
        thread: null,
        edited: true,
      });
    }
    return updated;
  });
  await signalProjectChange(ctx, access.project, 'documents');
  return presentOne(ctx.db, access, row);
}

/** `DELETE project/doc/comment`: a thread's first comment takes its replies with it; a reply goes alone. */
export async function deleteDocumentComment(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof deleteDocumentCommentBody>,
) {
  const access = await commentAccess(ctx.db, userId, input.team_id, input.project_id);
  const { comment } = await liveComment(ctx.db, access.project.id, input.comment_id);
  if (!mayDelete(access, comment)) throw fail('COMMENT_NO_PERMISSION');
  await ctx.db
    .update(documentComments)
    .set({ deletedAt: ctx.now(), deletedBy: userId })
    .where(
      and(
        or(eq(documentComments.id, comment.id), eq(documentComments.parentId, comment.id)),
        isNull(documentComments.deletedAt),
      ),
    );
  await signalProjectChange(ctx, access.project, 'documents');
  return {};
}
