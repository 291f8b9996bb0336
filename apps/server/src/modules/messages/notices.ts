import { NoticeLimits } from '@ferry/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { projectRoom } from '../../realtime/hub.js';
import { noticeNames } from '../events/audience.js';
import { buildMessage } from '../events/message.js';
import { recordNotice } from '../events/outbox.js';

/** The notice kinds of spec 002 §5 that comments cause, with their real-time methods (§4). */
export const COMMENT_NOTICES = {
  new_comment: 'addNewComment',
  comment_reply: 'replyComment',
} as const;
export type CommentNoticeKind = keyof typeof COMMENT_NOTICES;

export interface CommentNotice {
  kind: CommentNoticeKind;
  teamId: string;
  projectId: string;
  projectName: string;
  imageId: string;
  imageName: string;
  versionId: string;
  /** The comment that caused the notice (a reply's own id: its link opens the thread). */
  commentId: string;
  fromUserId: string;
  content: string;
  /** Who hears of it; the sender and repeats are left out here. */
  recipients: string[];
  /** Those of them the comment mentions (`has_at`). */
  mentioned: Set<string>;
}

/** Cuts by characters, not UTF-16 units, so a name or text never ends in half an emoji. */
export function cut(text: string, max: number, ellipsis = ''): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join('') + ellipsis;
}

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
 * mentioned (`hasAt`) and one for everyone else concerned, each stored per recipient for the message centre
 * by the same call (events/outbox.ts), so the socket and the message centre never disagree. Sockets with the
 * project open get the events too, to refresh their comment lists (an edit that tells nobody sends nothing:
 * `toWatchers` false). Answers how many people were told.
 */
export async function recordCommentNotices(
  ctx: AppContext,
  tx: Tx,
  notice: CommentNotice,
  options: { toWatchers: boolean } = { toWatchers: true },
): Promise<number> {
  const recipients = [...new Set(notice.recipients)].filter((id) => id !== notice.fromUserId);
  const names = await noticeNames(tx, { teamId: notice.teamId, actorId: notice.fromUserId });
  const base = {
    ...names,
    method: COMMENT_NOTICES[notice.kind],
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
