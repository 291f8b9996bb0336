import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { generatedId, stampedNow } from '../../db/columns.js';

/** Every mail is written here in the transaction that causes it, then delivered; nothing is lost on a crash. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: generatedId(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: stampedNow('created_at'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (table) => [index('mail_outbox_pending_idx').on(table.sentAt)],
);
