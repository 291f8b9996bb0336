import { randomUUID } from 'node:crypto';
import type { RealtimeMessage } from '@ferry/shared';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppContext, NoticePublisher } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import type { Bus } from '../../realtime/bus.js';
import type { Envelope } from '../../realtime/hub.js';
import { recipientsOf, storeForRecipients } from '../messages/store.js';
import { events } from './tables.js';

/** The bus channel every instance's hub listens on. */
export const EVENTS_CHANNEL = 'events';

const BATCH_SIZE = 200;
/** An instance publishing a batch holds it this long; if it dies, another takes the rows over after. */
const LEASE = sql`now() + interval '30 seconds'`;
/** Published rows are only an outbox: the message centre keeps the notices. */
const KEEP_PUBLISHED = sql`now() - interval '1 day'`;
const CLEAN_EVERY_MS = 10 * 60 * 1000;

/** A held envelope whose transaction never committed is forgotten after this long. */
const HOLD_MS = 60 * 1000;

/** What recording needs of the context: the outbox's queue, its publisher and the time. */
export type OutboxContext = Pick<AppContext, 'config' | 'now' | 'events'>;

export interface RecordOptions {
  /** Rooms besides the recipients' own: everyone watching the project or team gets the event too. */
  rooms?: string[];
}

/**
 * Records a notice in the caller's transaction: one outbox row for the sockets, and one message-centre row
 * naming the recipients. Nothing is sent before the transaction commits (see `withNotices`); a rollback sends
 * nothing. The recipients are stored once, by the message-centre row the event points at; this instance keeps
 * the envelope in memory, so publishing it after commit reads nothing back.
 */
export async function recordNotice(
  ctx: OutboxContext,
  tx: Tx,
  message: RealtimeMessage,
  options: RecordOptions = {},
): Promise<void> {
  const toIds = [...new Set(message.toIds)];
  const rooms = options.rooms ?? [];
  if (toIds.length === 0 && rooms.length === 0) return;
  const payload = { ...message, toIds };
  const messageId = toIds.length > 0 ? await storeForRecipients(tx, payload, ctx.now()) : null;
  const id = randomUUID();
  await tx.insert(events).values({
    id,
    queue: ctx.config.jobQueue,
    method: message.method,
    payload: { ...payload, toIds: [] },
    messageId,
    rooms,
  });
  ctx.events.hold({ id, rooms, message: payload });
}

interface Log {
  warn(object: object, message: string): void;
}

/**
 * Publishes the outbox on the bus: at once when woken after a commit, and every `sweepMs` for rows a crash
 * or a bus outage left behind. Rows are claimed with a lease under SKIP LOCKED, so instances sharing the
 * database never publish the same row twice while its lease holds; a row is marked once the bus took it.
 */
export class EventDispatcher implements NoticePublisher {
  log: Log = { warn: () => {} };
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private again = false;
  private stopped = false;
  private lastCleanup = 0;
  /** Envelopes recorded by this instance, by event id, until published (or their transaction is long gone). */
  private readonly held = new Map<string, { envelope: Envelope; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly queue: string,
    private readonly sweepMs: number,
  ) {}

  /** Keeps a recorded event's envelope for its publication after commit. */
  hold(envelope: Envelope) {
    this.held.set(envelope.id, { envelope, at: Date.now() });
  }

  /** The claimed rows' envelopes: held ones from memory, the rest (another instance's, a crash's) read. */
  private async envelopesOf(ids: string[]): Promise<Envelope[]> {
    const found = new Map<string, Envelope>();
    for (const id of ids) {
      const held = this.held.get(id);
      if (held) found.set(id, held.envelope);
    }
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      const rows = await this.db
        .select({ id: events.id, payload: events.payload, rooms: events.rooms, messageId: events.messageId })
        .from(events)
        .where(inArray(events.id, missing));
      const recipients = await recipientsOf(
        this.db,
        rows.flatMap((row) => row.messageId ?? []),
      );
      for (const { id, payload, rooms, messageId } of rows) {
        // Rows of the previous version name their recipients in the payload.
        const toIds = (messageId && recipients.get(messageId)) || payload.toIds;
        found.set(id, { id, rooms, message: { ...payload, toIds } });
      }
    }
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  /** Forgets what was published, and what a rolled-back transaction held. */
  private release(published: string[]) {
    for (const id of published) this.held.delete(id);
    const stale = Date.now() - HOLD_MS;
    for (const [id, { at }] of this.held) if (at < stale) this.held.delete(id);
  }

  /** Starts the periodic sweep (main.ts; tests that exercise it). */
  start() {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.wake(), this.sweepMs);
    this.timer.unref();
  }

  /** Publishes what is waiting, without making the caller wait. */
  wake() {
    if (this.stopped) return;
    void this.flush().catch((error) => this.log.warn({ err: error }, 'publishing events failed'));
  }

  /**
   * Publishes everything waiting, batch after batch; answers how many were published. A call made while a
   * flush runs makes that flush look once more, so a row committed meanwhile is not left for the sweep.
   */
  flush(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let total = 0;
      do {
        this.again = false;
        for (;;) {
          const { published, claimed } = await this.publishBatch();
          total += published;
          if (claimed < BATCH_SIZE || published < claimed) break;
        }
      } while (this.again && !this.stopped);
      await this.cleanUp();
      return total;
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async publishBatch(): Promise<{ published: number; claimed: number }> {
    const waiting = this.db
      .select({ id: events.id })
      .from(events)
      .where(
        and(
          eq(events.queue, this.queue),
          isNull(events.publishedAt),
          or(isNull(events.leaseUntil), lt(events.leaseUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(events.createdAt))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    const claimed = await this.db
      .update(events)
      .set({ leaseUntil: LEASE })
      .where(inArray(events.id, waiting))
      .returning({ id: events.id, createdAt: events.createdAt });
    claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const published: string[] = [];
    try {
      for (const envelope of await this.envelopesOf(claimed.map((row) => row.id))) {
        await this.bus.publish(EVENTS_CHANNEL, JSON.stringify(envelope));
        published.push(envelope.id);
      }
    } catch (error) {
      this.log.warn({ err: error }, 'bus unavailable: events stay in the outbox for the next sweep');
      const left = claimed.map((row) => row.id).filter((id) => !published.includes(id));
      await this.db.update(events).set({ leaseUntil: null }).where(inArray(events.id, left));
    }
    if (published.length > 0) {
      await this.db
        .update(events)
        .set({ publishedAt: sql`now()`, leaseUntil: null })
        .where(inArray(events.id, published));
    }
    this.release(published);
    return { published: published.length, claimed: claimed.length };
  }

  private async cleanUp() {
    if (Date.now() - this.lastCleanup < CLEAN_EVERY_MS) return;
    this.lastCleanup = Date.now();
    await this.db
      .delete(events)
      .where(and(eq(events.queue, this.queue), lt(events.publishedAt, KEEP_PUBLISHED)));
  }

  /** Stops the sweep and waits for a flush under way (before the database closes). */
  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }
}
