import type { RealtimeMessage } from '@ferry/shared';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { generatedId, stampedNow } from '../../db/columns.js';
import { users } from '../account/tables.js';
import { comments } from '../comments/tables.js';
import { designs } from '../designs/tables.js';
import { projects } from '../projects/tables.js';
import { teams } from '../teams/tables.js';

/**
 * A stored notice (the message centre): one row per notice, naming its recipients, written in the
 * transaction of what caused it. One row, not one per recipient: a notice to a team of 1,000 would otherwise
 * write 1,000 rows (and their index entries and key checks) before anyone could be told. `kind` is one of
 * spec 002 §5's kinds, `method` the real-time method of §4.
 */
export const messages = pgTable(
  'messages',
  {
    id: generatedId(),
    /** Who the notice is for (ids of accounts closed since then simply match nobody). */
    recipientIds: uuid('recipient_ids').array().notNull(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    /** new_comment | comment_reply | … */
    kind: text('kind').notNull(),
    /** addNewComment | replyComment | … */
    method: text('method').notNull(),
    fromUserId: uuid('from_user_id').references(() => users.id, { onDelete: 'set null' }),
    imageId: uuid('image_id').references(() => designs.id, { onDelete: 'set null' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'set null' }),
    content: text('content').notNull().default(''),
    hasAt: boolean('has_at').notNull().default(false),
    url: text('url').notNull().default(''),
    /** The real-time message of spec 002 §3 as it was sent, without its recipients (events/outbox.ts). */
    payload: jsonb('payload').$type<RealtimeMessage>().notNull(),
    createdAt: stampedNow('created_at'),
  },
  (table) => [
    index('messages_recipients_idx').using('gin', table.recipientIds),
    index('messages_created_idx').on(table.createdAt, table.id),
  ],
);

/** A recipient having read a notice: a notice without a row here is unread for them. */
export const messageReads = pgTable(
  'message_reads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.messageId] })],
);
