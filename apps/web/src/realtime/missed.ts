import type { MessageView } from '@ferry/shared';
import { messagesApi } from '../api/messages';
import { isNoticeMethod, normaliseMessage, type RealtimeMessage } from './message';
import type { MissedNotice, MissedSource } from './socket';

/**
 * What the message centre stored while the socket was away (docs/api.md "Real-time": `GET
 * msg_center/messages?since=`). The cursor is the newest notice's `create_time`, on the server's clock:
 * taken when the session's first connection opens, moved on by every fetch. Notices the socket had
 * already delivered come back too; the socket recognises them.
 */
const MISSED_PAGES = 5;
const MISSED_PAGE_SIZE = 50;

/** The real-time message a stored notice was sent as; null for a method this client does not know. */
export function messageOfView(view: MessageView): RealtimeMessage | null {
  const method = view.message?.method ?? view.method;
  if (!isNoticeMethod(method)) return null;
  return normaliseMessage({ ...view.message, method });
}

const newest = (views: MessageView[], current: string | null) =>
  views.reduce<string | null>(
    (latest, view) => (latest === null || view.create_time > latest ? view.create_time : latest),
    current,
  );

export function createMissedSource(): MissedSource {
  let cursor: string | null = null;
  let marking: Promise<void> | null = null;

  const mark = () => {
    marking = messagesApi.list({}, 1, 1, { quiet: true }).then((answer) => {
      cursor = newest(answer.list, cursor);
    });
    return marking;
  };

  const fetch = async () => {
    await marking?.catch(() => {});
    const found: MessageView[] = [];
    for (let page = 1; page <= MISSED_PAGES; page += 1) {
      const answer = await messagesApi.list({ since: cursor ?? undefined }, page, MISSED_PAGE_SIZE, {
        quiet: true,
      });
      found.push(...answer.list);
      if (!answer.has_next) break;
    }
    cursor = newest(found, cursor);
    return found.reverse().flatMap((view): MissedNotice[] => {
      const message = messageOfView(view);
      return message ? [{ message, messageId: view.id }] : [];
    });
  };

  return { mark, fetch };
}
