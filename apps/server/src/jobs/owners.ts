import { randomUUID } from 'node:crypto';
import { JobLimits } from '@ferry/shared';
import { and, eq, isNotNull, isNull, lt, notExists } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { jobs, jobWorkers } from './tables.js';

/** A fresh id for each worker: a restarted process is a new owner, so its predecessor's jobs are orphans. */
export const newWorkerId = () => `worker-${randomUUID()}`;

/** Records that this worker is alive; written at start and every heartbeat while it runs. */
export async function beat(db: Db, queue: string, workerId: string, now: Date) {
  await db
    .insert(jobWorkers)
    .values({ id: workerId, queue, seenAt: now })
    .onConflictDoUpdate({ target: jobWorkers.id, set: { seenAt: now } });
}

/** A worker stopping cleanly leaves no heartbeat behind. */
export async function retire(db: Db, workerId: string) {
  await db.delete(jobWorkers).where(eq(jobWorkers.id, workerId));
}

/**
 * Frees the jobs held by workers that are gone: killed with no heartbeat for `workerGoneMs`, or never
 * recorded. Such a job is claimed again at once rather than when its 5-minute lease runs out.
 */
export async function releaseOrphans(db: Db, queue: string, now: Date) {
  const gone = new Date(now.getTime() - JobLimits.workerGoneMs);
  await db.delete(jobWorkers).where(and(eq(jobWorkers.queue, queue), lt(jobWorkers.seenAt, gone)));
  const alive = db.select({ id: jobWorkers.id }).from(jobWorkers).where(eq(jobWorkers.id, jobs.lockedBy));
  await db
    .update(jobs)
    .set({ lockedBy: null, lockedUntil: null })
    .where(
      and(
        eq(jobs.queue, queue),
        isNull(jobs.doneAt),
        isNull(jobs.failedAt),
        isNotNull(jobs.lockedUntil),
        notExists(alive),
      ),
    );
}
