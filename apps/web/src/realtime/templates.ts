import { messageKeys, messagesApi } from '../api/messages';
import { queryClient } from '../queryClient';
import type { NoticeTemplates } from './wording';

/**
 * The notification templates (spec 002 §7 "Notification templates fetch", source type `ts`), fetched once
 * per page load; null when they cannot be had, and notices are then titled by their kind.
 */
const SOURCE_TYPE = 'ts';
const templatesQuery = {
  queryKey: messageKeys.templates(SOURCE_TYPE),
  queryFn: async () => (await messagesApi.templates(SOURCE_TYPE)).templates,
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
} as const;

export async function loadTemplates(): Promise<NoticeTemplates | null> {
  try {
    return await queryClient.fetchQuery(templatesQuery);
  } catch {
    return null;
  }
}
