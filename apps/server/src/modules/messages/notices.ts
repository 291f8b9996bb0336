import { NoticeLimits } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { users } from '../account/tables.js';
import { teams } from '../teams/tables.js';
import { messages, type NoticePayload } from './tables.js';

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
 * Stores one notice per recipient, in the transaction that wrote the comment. Each row keeps the real-time
 * message of spec 002 §3 (`payload`, addressed to that one recipient) so a publisher can send it as it is.
 */
export async function recordCommentNotices(tx: Tx, notice: CommentNotice, now: Date): Promise<number> {
  const recipients = [...new Set(notice.recipients)].filter((id) => id !== notice.fromUserId);
  if (recipients.length === 0) return 0;
  const [team] = await tx.select({ name: teams.name }).from(teams).where(eq(teams.id, notice.teamId));
  const [sender] = await tx.select({ name: users.name }).from(users).where(eq(users.id, notice.fromUserId));
  const method = COMMENT_NOTICES[notice.kind];
  const content = cut(notice.content, NoticeLimits.contentMax, '…');
  const url = commentUrl(notice);
  await tx.insert(messages).values(
    recipients.map((recipientId) => {
      const hasAt = notice.mentioned.has(recipientId);
      const payload: NoticePayload = {
        method,
        teamId: notice.teamId,
        projectId: notice.projectId,
        projectName: notice.projectName,
        teamName: team?.name ?? '',
        imageName: notice.imageName,
        fromUserId: notice.fromUserId,
        fromUserName: cut(sender?.name ?? '', NoticeLimits.senderNameMax),
        toIds: [recipientId],
        content,
        hasAt,
        commentId: notice.commentId,
        imageId: notice.imageId,
        versionId: notice.versionId,
        url,
      };
      return {
        recipientId,
        teamId: notice.teamId,
        projectId: notice.projectId,
        kind: notice.kind,
        method,
        fromUserId: notice.fromUserId,
        imageId: notice.imageId,
        commentId: notice.commentId,
        content,
        hasAt,
        url,
        payload,
        createdAt: now,
      };
    }),
  );
  return recipients.length;
}
