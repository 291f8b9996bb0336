import type { NOTICE_ACTIONS } from '@ferry/shared';
import { request } from '../api/client';
import type { RealtimeMessage } from './message';
import type { NoticeRef } from './socket';

/**
 * The message centre's operation log (spec 002 §7 `POST msg_center/option_log/add`): what the user did with a
 * notice — shown, viewed, closed, read, shown or clicked on the desktop. It never gets in the user's way: a
 * failure is ignored.
 */
export type NoticeAction = (typeof NOTICE_ACTIONS)[number];

export function logNoticeAction(action: NoticeAction, message: RealtimeMessage, ref: NoticeRef): void {
  const body = {
    action,
    method: message.method,
    ...(ref.messageId ? { message_id: ref.messageId } : {}),
    ...(ref.eventId ? { event_id: ref.eventId } : {}),
    ...(message.teamId && !ref.messageId ? { team_id: message.teamId } : {}),
  };
  request('POST', 'msg_center/option_log/add', { body, quiet: true }).catch(() => {});
}
