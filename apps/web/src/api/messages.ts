import type { MessageView } from '@ferry/shared';
import type { NoticeTemplates } from '../realtime/wording';
import { api, request } from './client';

/**
 * The message centre (docs/api.md "Message centre" and "Real-time"): the caller's stored notices, paged and
 * filtered, read marks, and the notification templates. These calls answer `data`.
 */
export interface MessagePage {
  list: MessageView[];
  has_next: boolean;
  unread: number;
}

export interface MessageFilter {
  kind?: string;
  unread?: boolean;
  /** Only notices stored after this time (a `create_time` the server answered). */
  since?: string;
}

export const MESSAGE_PAGE_SIZE = 20;

export const messageKeys = {
  all: ['messages'] as const,
  list: (filter: Pick<MessageFilter, 'kind' | 'unread'>) =>
    [...messageKeys.all, 'list', filter.kind ?? '', !!filter.unread] as const,
  unread: () => [...messageKeys.all, 'unread'] as const,
  templates: (lang: string) => ['messageTemplates', lang] as const,
};

export const messagesApi = {
  /** `quiet`: a failure shows nothing (the background fetches of the real-time connection). */
  list: (
    filter: MessageFilter,
    page: number,
    pageSize = MESSAGE_PAGE_SIZE,
    options: { quiet?: boolean } = {},
  ) =>
    request<MessagePage>('GET', 'msg_center/messages', {
      query: {
        page,
        page_size: pageSize,
        kind: filter.kind || undefined,
        unread: filter.unread ? true : undefined,
        since: filter.since,
      },
      quiet: options.quiet,
    }),
  /** The caller's unread notices, in all and per new-message dot. */
  unread: () =>
    api.get<{ unread: number; groups: Record<'project' | 'team' | 'other', number> }>(
      'msg_center/messages/unread',
    ),
  /** Marks the caller's notices read, by id or all of them; answers the unread count left. */
  read: (target: { ids: string[] } | { all: true }) =>
    api.post<{ unread: number }>('msg_center/messages/read', target),
  templates: (sourceType?: string) =>
    api.get<{ source_type: string; templates: NoticeTemplates }>('msg_center/templates', {
      source_type: sourceType,
    }),
};
