import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stampedNow } from '../../db/columns.js';
import { users } from '../account/tables.js';

/** The operator's maintenance notice: at most one row (id `current`), removed by `maintenance:clear`. */
export const maintenanceNotices = pgTable('maintenance_notices', {
  id: text('id').primaryKey(),
  /** A new id per notice, so a banner closed for one notice shows again for the next. */
  noticeId: uuid('notice_id').notNull(),
  message: text('message').notNull(),
  /** The notice clears itself at this time; null when it stays until cleared. */
  until: timestamp('until', { withTimezone: true }),
  createdAt: stampedNow('created_at'),
});

/** The satisfaction survey: one answer per user (score 0–10, comment ≤ 500), or a dismissal (no score). */
export const userNps = pgTable('user_nps', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  score: integer('score'),
  comment: text('comment').notNull().default(''),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
  dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
});

/** Timing analytics: how many reports of a metric fell into each bucket (spec 000 §9). */
export const timingCounts = pgTable(
  'timing_counts',
  {
    metric: text('metric').notNull(),
    bucket: text('bucket').notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.metric, table.bucket] })],
);

/**
 * Named lists of teams and users an operator keeps (`list:add <list> <team-id|email>`): what the
 * `*_in_list` calls answer; the list `master` is the operators' own.
 */
export const allowLists = pgTable(
  'allow_lists',
  {
    listId: text('list_id').notNull(),
    /** `team:<uuid>` or `user:<uuid>` */
    member: text('member').notNull(),
    createdAt: stampedNow('created_at'),
  },
  (table) => [primaryKey({ columns: [table.listId, table.member] })],
);
