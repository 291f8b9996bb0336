import { and, asc, eq, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { jobs, jobTurns } from './tables.js';

export type JobRow = typeof jobs.$inferSelect;

/** How long a claimed job is its worker's; a worker that stops renewing it (killed) loses it after this. */
export const LEASE_MS = 5 * 60 * 1000;

export interface EnqueueOptions {
  /** With a key, a second job of the same kind and key is not added while the first is unfinished. */
  dedupeKey?: string;
  runAt?: Date;
  maxAttempts?: number;
  /** The team whose work it is: teams take turns, so another team's queue never holds this job up. */
  team?: string;
}

/** Adds a job, in the caller's transaction when given one, so the job exists exactly when the change does. */
export async function enqueue(
  db: Db | Tx,
  queue: string,
  kind: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
) {
  await db
    .insert(jobs)
    .values({
      queue,
      kind,
      payload,
      dedupeKey: options.dedupeKey ?? null,
      team: options.team ?? null,
      ...(options.runAt ? { runAt: options.runAt } : {}),
      ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
    })
    .onConflictDoNothing();
}

const open = and(isNull(jobs.doneAt), isNull(jobs.failedAt));

/** Jobs of no team take their turns together, as one more team. */
const turnOf = sql<string>`coalesce(${jobs.team}, '')`;

/**
 * Takes a due job whose lease is free or ran out: the oldest one of the team served least recently, so teams
 * take turns. The row lock (`FOR UPDATE SKIP LOCKED`) lasts only for this statement, so instances never take
 * the same job, and no transaction stays open during the work: on PGlite one would hold the only connection.
 */
export async function claim(db: Db, queue: string, workerId: string, now: Date): Promise<JobRow | null> {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .leftJoin(jobTurns, and(eq(jobTurns.queue, jobs.queue), eq(jobTurns.team, turnOf)))
    .where(
      and(
        open,
        eq(jobs.queue, queue),
        lte(jobs.runAt, now),
        lt(jobs.attempts, jobs.maxAttempts),
        or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, now)),
      ),
    )
    .orderBy(sql`${jobTurns.servedAt} asc nulls first`, asc(jobs.runAt))
    .limit(1)
    .for('update', { of: jobs, skipLocked: true });
  const [row] = await db
    .update(jobs)
    .set({
      lockedBy: workerId,
      lockedUntil: new Date(now.getTime() + LEASE_MS),
      attempts: sql`${jobs.attempts} + 1`,
    })
    .where(sql`${jobs.id} = (${due})`)
    .returning();
  if (!row) return null;
  await db
    .insert(jobTurns)
    .values({ queue, team: row.team ?? '', servedAt: now })
    .onConflictDoUpdate({ target: [jobTurns.queue, jobTurns.team], set: { servedAt: now } });
  return row;
}

/** Keeps a long job's lease while its worker is alive. */
export async function renewLease(db: Db, job: JobRow, workerId: string, now: Date) {
  await db
    .update(jobs)
    .set({ lockedUntil: new Date(now.getTime() + LEASE_MS) })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)));
}

export async function finish(db: Db, job: JobRow, workerId: string, now: Date) {
  await db
    .update(jobs)
    .set({ doneAt: now, lockedUntil: null })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)));
}

/** A failed try waits longer each time (30 s, 2 min, 8 min …); the last one gives up. */
export async function retryLater(db: Db, job: JobRow, workerId: string, now: Date, error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  const lastTry = job.attempts >= job.maxAttempts;
  await db
    .update(jobs)
    .set({
      lockedUntil: null,
      lastError: message.slice(0, 2000),
      runAt: new Date(now.getTime() + 30_000 * 4 ** (job.attempts - 1)),
      ...(lastTry ? { failedAt: now } : {}),
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)));
}

/** Jobs whose every try was taken by workers that died: given up, so they stop counting as waiting. */
export async function giveUpAbandoned(db: Db, queue: string, now: Date) {
  await db
    .update(jobs)
    .set({ failedAt: now, lastError: 'abandoned by its workers' })
    .where(
      and(
        open,
        eq(jobs.queue, queue),
        gte(jobs.attempts, jobs.maxAttempts),
        or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, now)),
      ),
    );
}
