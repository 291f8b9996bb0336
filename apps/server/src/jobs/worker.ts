import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.js';
import { importFileLayers, LAYERS_JOB } from './layers.js';
import { PURGE_TRASH_JOB, purgeTrash } from './purge-trash.js';
import { claim, enqueue, finish, giveUpAbandoned, type JobRow, renewLease, retryLater } from './queue.js';
import { REMOVE_FILES_JOB, removeFiles } from './remove-files.js';
import { makeVariants, VARIANTS_JOB } from './variants.js';

export type JobHandler = (ctx: AppContext, payload: Record<string, unknown>) => Promise<void>;

const HANDLERS: Record<string, JobHandler> = {
  [VARIANTS_JOB]: makeVariants,
  [LAYERS_JOB]: importFileLayers,
  [PURGE_TRASH_JOB]: purgeTrash,
  [REMOVE_FILES_JOB]: removeFiles,
};

const POLL_MS = 2000;
const RENEW_MS = 60_000;
const PURGE_EVERY_MS = 60 * 60 * 1000;

async function run(ctx: AppContext, job: JobRow, workerId: string) {
  const handler = HANDLERS[job.kind];
  const renewal = setInterval(
    () => void renewLease(ctx.db, job, workerId, ctx.now()).catch(() => {}),
    RENEW_MS,
  );
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

/** Runs every due job, one after another, until none is left; answers how many ran. Tests call it directly. */
export async function runJobsOnce(ctx: AppContext, workerId = `worker-${randomUUID()}`): Promise<number> {
  const queue = ctx.config.jobQueue;
  await giveUpAbandoned(ctx.db, queue, ctx.now());
  let ran = 0;
  for (;;) {
    const job = await claim(ctx.db, queue, workerId, ctx.now());
    if (!job) return ran;
    await run(ctx, job, workerId);
    ran++;
  }
}

/** The purge runs once an hour on some instance; the dedupe key keeps one waiting at a time. */
export async function schedulePurge(ctx: AppContext) {
  await enqueue(ctx.db, ctx.config.jobQueue, PURGE_TRASH_JOB, {}, { dedupeKey: 'hourly' });
}

interface Log {
  warn(object: object, message: string): void;
}

/** This instance's worker: polls the jobs table, and wakes at once when a service here queued work. */
export class JobWorker {
  private readonly workerId = `worker-${randomUUID()}`;
  private running: Promise<void> | null = null;
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
    const purge = () =>
      void schedulePurge(this.ctx)
        .then(() => this.kick())
        .catch((error) => this.log.warn({ err: error }, 'could not schedule the purge'));
    purge();
    this.timers.push(setInterval(purge, PURGE_EVERY_MS));
    for (const timer of this.timers) timer.unref();
    this.kick();
  }

  private kick() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await runJobsOnce(this.ctx, this.workerId).catch((error) =>
          this.log.warn({ err: error }, 'job run failed'),
        );
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = null;
    });
  }

  /** Stops taking jobs and waits for the one under way. */
  async stop() {
    this.stopped = true;
    this.unsubscribe?.();
    for (const timer of this.timers) clearInterval(timer);
    await this.running;
  }
}
