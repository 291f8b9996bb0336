import { NoticeLimits, type RealtimeMessage } from '@ferry/shared';
import type { Tx } from '../../db/client.js';
import type { CommentNotice, CommentNoticeKind, DocumentCommentNotice } from '../../notices.js';
import { projectRoom } from '../../realtime/hub.js';
import { cut } from '../messages/templates.js';
import { noticeNames } from './audience.js';
import { buildMessage, noticeUrls } from './message.js';
import { type OutboxContext, recordNotice } from './outbox.js';

/** The real-time method (spec 002 §4) of each notice kind comments cause (§5). */
const COMMENT_METHODS = {
  new_comment: 'addNewComment',
  comment_reply: 'replyComment',
} as const satisfies Record<CommentNoticeKind, string>;

/** The web route of a comment: the detail view of its design and version, with the thread open. */
export function commentUrl(
  notice: Pick<CommentNotice, 'teamId' | 'projectId' | 'imageId' | 'versionId' | 'commentId'>,
) {
  const query = new URLSearchParams({
    project_id: notice.projectId,
    tid: notice.teamId,
    pid: notice.projectId,
    image_id: notice.imageId,
    version_id: notice.versionId,
    comment_id: notice.commentId,
  });
  return `/web/#/item/project/detailDetach?${query.toString()}`;
}

/** The product-document view at the page, with the thread open (spec 002 §2: pageId, commentId). */
export function documentCommentUrl(notice: DocumentCommentNotice) {
  const { document } = notice;
  const at = new URLSearchParams({ pageId: String(notice.page), commentId: notice.commentId });
  return `${noticeUrls.document(notice.teamId, notice.projectId, document.id, notice.versionId, document.kind)}&${at}`;
}

/**
 * Records a comment's notices in the transaction that wrote the comment: one real-time event for the
 * mentioned (`hasAt`) and one for everyone else concerned, each stored for its recipients in the message centre
 * by the same call (outbox.ts), so the socket and the message centre never disagree. Sockets with the
 * project open get the events too, to refresh their comment lists (an edit that tells nobody sends nothing:
 * `toWatchers` false). Answers how many people were told.
 */
export function recordCommentNotices(
  ctx: OutboxContext,
  tx: Tx,
  notice: CommentNotice,
  options: { toWatchers: boolean } = { toWatchers: true },
): Promise<number> {
  return recordNotices(ctx, tx, notice, options, {
    ...(notice.guestName === undefined ? {} : { fromUserName: notice.guestName }),
    imageName: notice.imageName,
    designName: notice.imageName,
    isDesign: true,
    imageId: notice.imageId,
    url: commentUrl(notice),
  });
}

/** The same for a comment on a document's page: `isDesign` false, the document's name, the page as `pageId`. */
export function recordDocumentCommentNotices(
  ctx: OutboxContext,
  tx: Tx,
  notice: DocumentCommentNotice,
  options: { toWatchers: boolean } = { toWatchers: true },
): Promise<number> {
  return recordNotices(ctx, tx, notice, options, {
    imageName: notice.document.name,
    isDesign: false,
    pageId: String(notice.page),
    url: documentCommentUrl(notice),
  });
}

/** The fields naming what was commented on: a design or a document's page. */
type Subject = Partial<
  Pick<
    RealtimeMessage,
    'fromUserName' | 'imageName' | 'designName' | 'isDesign' | 'imageId' | 'pageId' | 'url'
  >
>;

async function recordNotices(
  ctx: OutboxContext,
  tx: Tx,
  notice: Omit<CommentNotice, 'imageId' | 'imageName'>,
  options: { toWatchers: boolean },
  subject: Subject,
): Promise<number> {
  const recipients = [...new Set(notice.recipients)].filter((id) => id !== notice.fromUserId);
  const names = await noticeNames(tx, { teamId: notice.teamId, actorId: notice.fromUserId });
  const base = {
    ...names,
    method: COMMENT_METHODS[notice.kind],
    teamId: notice.teamId,
    projectId: notice.projectId,
    projectName: notice.projectName,
    content: cut(notice.content, NoticeLimits.contentMax, '…'),
    commentId: notice.commentId,
    versionId: notice.versionId,
    ...subject,
  };
  const mentioned = recipients.filter((id) => notice.mentioned.has(id));
  const others = recipients.filter((id) => !notice.mentioned.has(id));
  const rooms = [projectRoom(notice.projectId)];
  if (mentioned.length > 0) {
    await recordNotice(ctx, tx, buildMessage({ ...base, toIds: mentioned, hasAt: true }), { rooms });
  }
  // A new comment nobody is told of still reaches the sockets watching the project.
  if (others.length > 0 || (mentioned.length === 0 && options.toWatchers)) {
    await recordNotice(ctx, tx, buildMessage({ ...base, toIds: others, hasAt: false }), { rooms });
  }
  return recipients.length;
}
