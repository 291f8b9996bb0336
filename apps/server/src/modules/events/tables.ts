import type { RealtimeMessage } from '@ferry/shared';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { generatedId, stampedNow } from '../../db/columns.js';
import { users } from '../account/tables.js';
import { messages } from '../messages/tables.js';
import { teams } from '../teams/tables.js';

/**
 * The outbox of real-time notices: written in the transaction of the change that causes them, published on
 * the bus after commit (or by a later sweep), so a rolled-back change sends nothing and a crash loses nothing.
 */
export const events = pgTable(
  'events',
  {
    id: generatedId(),
    /** Instances sharing a database and a queue publish each other's leftovers (JOB_QUEUE). */
    queue: text('queue').notNull(),
    method: text('method').notNull(),
    /**
     * The message of spec 002 §3 as sent, but for its recipients (`toIds`): they are named once, by the
     * message-centre row, not copied here (a notice to 1,000 people would store and parse them twice).
     */
    payload: jsonb('payload').$type<RealtimeMessage>().notNull(),
    /** The notice's message-centre row, naming its recipients; none for an event to rooms only. */
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    /** Socket rooms it goes to besides its recipients' own (`project:<id>`, `team:<id>`). */
    rooms: text('rooms').array().notNull().default([]),
    createdAt: stampedNow('created_at'),
    /** Set by the instance publishing it; another one takes the row over only once this has passed. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (table) => [
    index('events_unpublished_idx').on(table.queue, table.createdAt).where(sql`${table.publishedAt} is null`),
    index('events_published_idx').on(table.publishedAt),
  ],
);

/**
 * The message centre's operation log (`POST msg_center/option_log/add`): what a user did with a notice —
 * shown as a toast, viewed, closed, read, shown or clicked as a desktop notification.
 */
export const noticeActions = pgTable(
  'notice_actions',
  {
    id: generatedId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    /** The stored notice, when the action was on one of the caller's. */
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    /** The socket event's id, when the action was on a toast. */
    eventId: uuid('event_id'),
    method: text('method').notNull().default(''),
    action: text('action').notNull(),
    createdAt: stampedNow('created_at'),
  },
  (table) => [index('notice_actions_user_idx').on(table.userId, table.createdAt)],
);
