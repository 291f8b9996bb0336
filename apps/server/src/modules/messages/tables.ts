import type { RealtimeMessage } from '@ferry/shared';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { generatedId, stampedNow } from '../../db/columns.js';
import { users } from '../account/tables.js';
import { comments } from '../comments/tables.js';
import { designs } from '../designs/tables.js';
import { projects } from '../projects/tables.js';
import { teams } from '../teams/tables.js';

/**
 * A stored notice (the message centre): one row per recipient, written in the transaction of what caused it.
 * `kind` is one of spec 002 §5's kinds, `method` the real-time method of §4.
 */
export const messages = pgTable(
  'messages',
  {
    id: generatedId(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    /** The real-time message of spec 002 §3 as it was sent (events/outbox.ts). */
    payload: jsonb('payload').$type<RealtimeMessage>().notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: stampedNow('created_at'),
  },
  (table) => [
    index('messages_recipient_idx').on(table.recipientId, table.createdAt, table.id),
    index('messages_recipient_unread_idx').on(table.recipientId, table.readAt),
  ],
);
