import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { generatedId, stampedNow } from '../db/columns.js';

/**
 * Background work. A worker claims a row by setting a lease (`locked_until`) under `FOR UPDATE SKIP LOCKED`
 * and holds no transaction while it works; a worker that dies leaves the lease to run out, and the job is
 * claimed again. Handlers are therefore idempotent.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: generatedId(),
    /** Instances sharing a database share the default queue; each test server has a queue of its own. */
    queue: text('queue').notNull().default('default'),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** At most one unfinished job per kind and key (a scheduled purge, the variants of one file). */
    dedupeKey: text('dedupe_key'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: stampedNow('created_at'),
  },
  (table) => [
    index('jobs_waiting_idx')
      .on(table.queue, table.runAt)
      .where(sql`${table.doneAt} is null and ${table.failedAt} is null`),
    uniqueIndex('jobs_open_dedupe_unique')
      .on(table.queue, table.kind, table.dedupeKey)
      .where(sql`${table.doneAt} is null and ${table.failedAt} is null`),
  ],
);
