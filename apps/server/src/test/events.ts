import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { events } from '../modules/events/tables.js';
import { addressedTo } from '../modules/messages/store.js';
import { messages } from '../modules/messages/tables.js';

/** Outbox rows of notices naming this user (through their message-centre row). */
export const sentTo = (userId: string): SQL =>
  sql`${events.messageId} in (select ${messages.id} from ${messages} where ${addressedTo(userId)})`;

/** Outbox rows, oldest first, each with its message as sent: the recipients filled in from its message-centre row. */
export async function eventsAsSent(db: Db, where: SQL) {
  const rows = await db
    .select({ event: events, recipients: messages.recipientIds })
    .from(events)
    .leftJoin(messages, eq(messages.id, events.messageId))
    .where(where)
    .orderBy(asc(events.createdAt));
  return rows.map(({ event, recipients }) => ({
    ...event,
    payload: { ...event.payload, toIds: recipients ?? [] },
  }));
}
