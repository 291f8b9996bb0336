import { NoticeLimits } from '@ferry/shared';
import type { Tx } from '../../db/client.js';
import type { CommentNotice, CommentNoticeKind } from '../../notices.js';
import { projectRoom } from '../../realtime/hub.js';
import { cut } from '../messages/templates.js';
import { noticeNames } from './audience.js';
import { buildMessage } from './message.js';
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

/**
 * Records a comment's notices in the transaction that wrote the comment: one real-time event for the
 * mentioned (`hasAt`) and one for everyone else concerned, each stored for its recipients in the message centre
 * by the same call (outbox.ts), so the socket and the message centre never disagree. Sockets with the
 * project open get the events too, to refresh their comment lists (an edit that tells nobody sends nothing:
 * `toWatchers` false). Answers how many people were told.
 */
export async function recordCommentNotices(
  ctx: OutboxContext,
  tx: Tx,
  notice: CommentNotice,
  options: { toWatchers: boolean } = { toWatchers: true },
): Promise<number> {
  const recipients = [...new Set(notice.recipients)].filter((id) => id !== notice.fromUserId);
  const names = await noticeNames(tx, { teamId: notice.teamId, actorId: notice.fromUserId });
  const base = {
    ...names,
    ...(notice.guestName === undefined ? {} : { fromUserName: notice.guestName }),
    method: COMMENT_METHODS[notice.kind],
    teamId: notice.teamId,
    projectId: notice.projectId,
    projectName: notice.projectName,
    imageName: notice.imageName,
    designName: notice.imageName,
    isDesign: true,
    content: cut(notice.content, NoticeLimits.contentMax, '…'),
    commentId: notice.commentId,
    imageId: notice.imageId,
    versionId: notice.versionId,
    url: commentUrl(notice),
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
