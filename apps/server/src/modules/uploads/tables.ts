import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stampedNow } from '../../db/columns.js';
import { users } from '../account/tables.js';
import { teams } from '../teams/tables.js';

/**
 * Files received through an upload policy and not yet (or already) registered as designs. A file that is
 * never registered is removed by the purge job after a day.
 */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    size: integer('size').notNull(),
    /** The type told by the leading bytes. */
    fileType: text('file_type').notNull(),
    createdAt: stampedNow('created_at'),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
  },
  (table) => [index('uploads_waiting_idx').on(table.createdAt)],
);
