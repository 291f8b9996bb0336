import { JobLimits } from '@ferry/shared';
import type { AppContext } from '../context.js';
import { DOCUMENT_PAGES_JOB, drawDocumentPages } from './documents.js';
import { importFileLayers, LAYERS_JOB } from './layers.js';
import { beat, newWorkerId, releaseOrphans, retire } from './owners.js';
import { PURGE_TRASH_JOB, purgeTrash } from './purge-trash.js';
import { claim, enqueue, finish, giveUpAbandoned, type JobRow, renewLease, retryLater } from './queue.js';
import { REMOVE_FILES_JOB, removeFiles } from './remove-files.js';
import { makeVariants, VARIANTS_JOB } from './variants.js';
import {
  compareScreenshotJob,
  removeWalkthroughFiles,
  WALKTHROUGH_COMPARE_JOB,
  WALKTHROUGH_REMOVE_FILES_JOB,
} from './walkthrough.js';

export type JobHandler = (ctx: AppContext, payload: Record<string, unknown>) => Promise<void>;

const HANDLERS: Record<string, JobHandler> = {
  [VARIANTS_JOB]: makeVariants,
  [LAYERS_JOB]: importFileLayers,
  [PURGE_TRASH_JOB]: purgeTrash,
  [REMOVE_FILES_JOB]: removeFiles,
  [DOCUMENT_PAGES_JOB]: drawDocumentPages,
  [WALKTHROUGH_COMPARE_JOB]: compareScreenshotJob,
  [WALKTHROUGH_REMOVE_FILES_JOB]: removeWalkthroughFiles,
};

const POLL_MS = 2000;
const PURGE_EVERY_MS = 60 * 60 * 1000;

/** The heartbeat, then the jobs of workers that died are freed (taken at once), then those tried too often end. */
async function sweep(ctx: AppContext, workerId: string) {
  const queue = ctx.config.jobQueue;
  await beat(ctx.db, queue, workerId, ctx.now());
  await releaseOrphans(ctx.db, queue, ctx.now());
  await giveUpAbandoned(ctx.db, queue, ctx.now());
}

async function run(ctx: AppContext, job: JobRow, workerId: string) {
  const handler = HANDLERS[job.kind];
  // The lease and the heartbeat go on together, so a one-off runner's long job is not taken for an orphan.
  const renewal = setInterval(() => {
    const now = ctx.now();
    void renewLease(ctx.db, job, workerId, now)
      .then(() => beat(ctx.db, ctx.config.jobQueue, workerId, now))
      .catch(() => {});
  }, JobLimits.heartbeatMs);
  try {
    if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
    await handler(ctx, job.payload);
    await finish(ctx.db, job, workerId, ctx.now());
  } catch (error) {
    await retryLater(ctx.db, job, workerId, ctx.now(), error);
  } finally {
    clearInterval(renewal);
  }
}

/** Runs every due job, one after another, as a worker of its own until none is left; answers how many ran. */
export async function runJobsOnce(ctx: AppContext): Promise<number> {
  const workerId = newWorkerId();
  await sweep(ctx, workerId);
  let ran = 0;
  try {
    for (;;) {
      const job = await claim(ctx.db, ctx.config.jobQueue, workerId, ctx.now());
      if (!job) return ran;
      await run(ctx, job, workerId);
      ran++;
    }
  } finally {
    await retire(ctx.db, workerId);
  }
}

/** The purge runs once an hour on some instance; the dedupe key keeps one waiting at a time. */
export async function schedulePurge(ctx: AppContext) {
  await enqueue(ctx.db, ctx.config.jobQueue, PURGE_TRASH_JOB, {}, { dedupeKey: 'hourly' });
}

interface Log {
  warn(object: object, message: string): void;
}

/**
 * This instance's worker: up to `JOB_CONCURRENCY` jobs at once, taken in turns by team. It polls the jobs
 * table, wakes at once when a service here queued work, and keeps a heartbeat; at start and on each beat it
 * frees the jobs of workers that died, so a restarted server takes up its predecessor's work at once.
 */
export class JobWorker {
  readonly workerId = newWorkerId();
  private readonly slots = new Set<Promise<void>>();
  private ready = false;
  private starting: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private timers: NodeJS.Timeout[] = [];
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: Log,
  ) {}

  start() {
    this.unsubscribe = this.ctx.jobs.onWake(() => this.kick());
    this.timers.push(setInterval(() => this.kick(), POLL_MS));
    this.timers.push(setInterval(() => void this.sweep(), JobLimits.heartbeatMs));
    const purge = () =>
      void schedulePurge(this.ctx)
        .then(() => this.kick())
        .catch((error) => this.log.warn({ err: error }, 'could not schedule the purge'));
    this.timers.push(setInterval(purge, PURGE_EVERY_MS));
    for (const timer of this.timers) timer.unref();
    // No claim before the first heartbeat: another instance would take this worker's jobs for orphans.
    this.starting = this.sweep().then(() => {
      this.ready = true;
      purge();
      this.kick();
    });
  }

  private sweep() {
    return sweep(this.ctx, this.workerId).catch((error) => this.log.warn({ err: error }, 'job sweep failed'));
  }

  private kick() {
    if (this.stopped || !this.ready) return;
    if (this.slots.size >= this.ctx.config.jobConcurrency) {
      this.again = true;
      return;
    }
    const slot: Promise<void> = this.drain()
      .catch((error) => this.log.warn({ err: error }, 'job run failed'))
      .finally(() => this.slots.delete(slot));
    this.slots.add(slot);
  }

  /** One slot: takes jobs until none is due; each job taken lets another slot look for the next. */
  private async drain() {
    while (!this.stopped) {
      this.again = false;
      const job = await claim(this.ctx.db, this.ctx.config.jobQueue, this.workerId, this.ctx.now());
      if (!job) {
        if (this.again) continue;
        return;
      }
      this.kick();
      await run(this.ctx, job, this.workerId);
    }
  }

  /** Stops taking jobs, waits for those under way, and removes the heartbeat. */
  async stop() {
    this.stopped = true;
    this.unsubscribe?.();
    for (const timer of this.timers) clearInterval(timer);
    await this.starting;
    await Promise.all(this.slots);
    await retire(this.ctx.db, this.workerId).catch(() => {});
  }
}
