import {
  kindGroup,
  NOTICE_KINDS,
  NOTICE_METHODS,
  type NoticeGroup,
  type NoticeMethod,
  type RealtimeMessage,
} from '@ferry/shared';

export type { NoticeMethod, RealtimeMessage };
/**
 * The real-time message of spec 002 §3 and its methods (packages/shared api/notices.ts), with what the
 * client adds: the method check, a message with every field present, and what makes two deliveries the
 * same notice.
 */
export { kindGroup, NOTICE_KINDS, NOTICE_METHODS };
export type DotGroup = NoticeGroup;
export const DOT_GROUPS: readonly DotGroup[] = ['project', 'team', 'other'];

export function isNoticeMethod(value: unknown): value is NoticeMethod {
  return typeof value === 'string' && (NOTICE_METHODS as readonly string[]).includes(value);
}

export const isCommentMethod = (method: NoticeMethod) =>
  method === 'addNewComment' || method === 'replyComment';

/** A message with every field present, from what a frame or the message centre carried. */
export function normaliseMessage(raw: Partial<RealtimeMessage> & { method: NoticeMethod }): RealtimeMessage {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    method: raw.method,
    type: text(raw.type),
    code: typeof raw.code === 'number' ? raw.code : 0,
    teamId: text(raw.teamId),
    projectId: text(raw.projectId),
    projectName: text(raw.projectName),
    teamName: text(raw.teamName),
    imageName: text(raw.imageName),
    designName: text(raw.designName),
    fromUserId: text(raw.fromUserId),
    fromUserName: text(raw.fromUserName),
    fromNickName: text(raw.fromNickName),
    toIds: Array.isArray(raw.toIds) ? raw.toIds : [],
    toType: raw.toType === 'project' || raw.toType === 'team' ? raw.toType : 'user',
    content: text(raw.content),
    hasAt: raw.hasAt === true,
    isDesign: raw.isDesign === true,
    isMulti: raw.isMulti === true,
    axureType: text(raw.axureType),
    versionId: text(raw.versionId),
    pageId: text(raw.pageId),
    imageId: text(raw.imageId),
    commentId: text(raw.commentId),
    url: text(raw.url),
    // A new version's notice: the versions it compares and the counts its text words.
    ...(raw.compare ? { compare: raw.compare } : {}),
  };
}

/** What makes two deliveries the same notice (the duplicate window, and a missed fetch after a reconnect). */
export function messageKey(message: RealtimeMessage): string {
  return [
    message.method,
    message.teamId,
    message.projectId,
    message.imageId,
    message.commentId,
    message.fromUserId,
    message.type,
    message.hasAt,
    message.content,
    message.url,
  ].join('\u0001');
}
