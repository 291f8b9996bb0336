import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { generatedId, stampedNow } from '../db/columns.js';

/**
 * Background work. A worker claims a row by setting a lease (`locked_until`) under `FOR UPDATE SKIP LOCKED`
 * and holds no transaction while it works; a job whose worker died (no heartbeat in job_workers) or whose
 * lease ran out is claimed again. Handlers are therefore idempotent.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: generatedId(),
    /** Instances sharing a database share the default queue; each test server has a queue of its own. */
    queue: text('queue').notNull().default('default'),
    kind: text('kind').notNull(),
    /** Whose work it is (the team of an uploaded file): teams take turns (job_turns); jobs of no team share one turn. */
    team: text('team'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** At most one unfinished job per kind and key (a scheduled purge, the variants of one file). */
    dedupeKey: text('dedupe_key'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** The worker (one per server process, job_workers) holding the lease. */
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

/**
 * The live workers, one per server process: each writes its `seen_at` every few seconds. A job whose
 * `locked_by` has no row here, or a stale one, belongs to a process that died, and is taken again at once
 * instead of after its lease.
 */
export const jobWorkers = pgTable('job_workers', {
  id: text('id').primaryKey(),
  queue: text('queue').notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});

/**
 * When each team (`''` for jobs of no team) last had a job claimed: the next claim serves the team that
 * waited longest, so one team's queue of slow files never holds up another team's.
 */
export const jobTurns = pgTable(
  'job_turns',
  {
    queue: text('queue').notNull(),
    team: text('team').notNull(),
    servedAt: timestamp('served_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.queue, table.team] })],
);
