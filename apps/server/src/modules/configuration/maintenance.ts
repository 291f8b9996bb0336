import { randomUUID } from 'node:crypto';
import { MaintenanceLimits, type MaintenanceNotice, maintenanceMessage } from '@ferry/shared';
import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Bus } from '../../realtime/bus.js';
import { maintenanceNotices } from './tables.js';

/** Where servers hear of a notice set or cleared from the command line (when they share a Redis bus). */
export const MAINTENANCE_CHANNEL = 'maintenance';
const ROW_ID = 'current';

type NoticeRow = typeof maintenanceNotices.$inferSelect;
const present = (row: NoticeRow): MaintenanceNotice => ({
  id: row.noticeId,
  message: row.message,
  until: row.until?.toISOString() ?? null,
});

/** The notice in force: none once its `until` has passed (the row is then removed). */
export async function currentNotice(db: Db, now: Date): Promise<MaintenanceNotice | null> {
  const [row] = await db.select().from(maintenanceNotices).where(eq(maintenanceNotices.id, ROW_ID));
  if (!row) return null;
  if (row.until && row.until <= now) {
    // Only this expired notice: one set since the read stays.
    await db
      .delete(maintenanceNotices)
      .where(and(eq(maintenanceNotices.id, ROW_ID), lte(maintenanceNotices.until, now)));
    return null;
  }
  return present(row);
}

/** Stores a new notice (replacing the one before) and tells the servers on the bus. */
export async function setNotice(db: Db, bus: Bus | undefined, message: string, until: Date | null) {
  const parsed = maintenanceMessage.safeParse(message);
  if (!parsed.success)
    throw new Error(`the message is 1 to ${MaintenanceLimits.messageMaxLength} characters`);
  const values = { id: ROW_ID, noticeId: randomUUID(), message: parsed.data, until, createdAt: new Date() };
  const [row] = await db
    .insert(maintenanceNotices)
    .values(values)
    .onConflictDoUpdate({ target: maintenanceNotices.id, set: values })
    .returning();
  const notice = present(row);
  await announce(bus, notice);
  return notice;
}

export async function clearNotice(db: Db, bus: Bus | undefined): Promise<boolean> {
  const removed = await db.delete(maintenanceNotices).where(eq(maintenanceNotices.id, ROW_ID)).returning();
  await announce(bus, null);
  return removed.length > 0;
}

/** The polling below reaches every server anyway: a bus that cannot be reached only delays the banner. */
async function announce(bus: Bus | undefined, notice: MaintenanceNotice | null) {
  await bus?.publish(MAINTENANCE_CHANNEL, JSON.stringify({ notice })).catch(() => undefined);
}

interface WatchOptions {
  db: Db;
  bus: Bus;
  now(): Date;
  /** Sends the frame to every open socket of this server. */
  broadcast(frame: { type: 'maintenance'; notice: MaintenanceNotice | null }): void;
  log: { warn(object: object, message: string): void };
  pollMs?: number;
}

/**
 * Keeps this server's open pages up to date with the notice: at once when it comes over the bus, and by
 * reading the stored notice every few seconds, since a command-line process on an in-memory bus (no Redis)
 * cannot reach the server, and a notice's `until` passes with nobody saying so. Answers a stop function.
 */
export async function watchMaintenance(options: WatchOptions): Promise<() => void> {
  let shown: string | null = null;
  const show = (notice: MaintenanceNotice | null) => {
    const key = notice ? `${notice.id}:${notice.message}:${notice.until}` : null;
    if (key === shown) return;
    shown = key;
    options.broadcast({ type: 'maintenance', notice });
  };
  const read = () =>
    currentNotice(options.db, options.now())
      .then(show)
      .catch((error) => options.log.warn({ err: error }, 'maintenance notice not read'));
  // What is in force when the server starts is not news: pages read it from the configuration call.
  shown = await currentNotice(options.db, options.now())
    .then((notice) => (notice ? `${notice.id}:${notice.message}:${notice.until}` : null))
    .catch(() => null);
  const timer = setInterval(read, options.pollMs ?? MaintenanceLimits.serverPollMs);
  timer.unref();
  const stopBus = await options.bus.subscribe(MAINTENANCE_CHANNEL, () => void read());
  return () => {
    clearInterval(timer);
    stopBus();
  };
}
