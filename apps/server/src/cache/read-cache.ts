import { randomUUID } from 'node:crypto';
import type { Bus } from '../realtime/bus.js';

const CHANNEL = 'cache-bump';

/**
 * A cache for the hottest reads (the session behind a token, the sign-in summary). Any change made through
 * the API clears all of it, here and, through the bus, on every other instance; entries also expire, which
 * bounds staleness from changes made outside the API. Reads that raced a change are not stored.
 */
export class ReadCache {
  private readonly entries = new Map<string, { value: unknown; expires: number }>();
  private generation = 0;
  private readonly instance = randomUUID();

  constructor(
    private readonly bus: Bus,
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 50_000,
  ) {}

  async listen() {
    await this.bus.subscribe(CHANNEL, (from) => {
      if (from !== this.instance) this.clear();
    });
  }

  async remember<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value as T;
    const startedAt = this.generation;
    const value = await load();
    if (startedAt === this.generation) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
    }
    return value;
  }

  /** Called after every change: forget everything here and tell the other instances. */
  async bump() {
    this.clear();
    await this.bus.publish(CHANNEL, this.instance);
  }

  private clear() {
    this.generation++;
    this.entries.clear();
  }
}
