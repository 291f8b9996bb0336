import { createHash, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
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

  /**
   * A JSON answer kept as its bytes with an ETag of them: a hit costs no serialisation, and the tag changes
   * exactly when what the caller would read changes.
   */
  rememberAnswer(key: string, load: () => Promise<unknown>): Promise<CachedAnswer> {
    return this.remember(key, async () => jsonAnswer(await load()));
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

export interface CachedAnswer {
  body: Buffer;
  etag: string;
}

export function jsonAnswer(value: unknown): CachedAnswer {
  const body = Buffer.from(JSON.stringify(value));
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/** Whether an If-None-Match header (a list, weak tags allowed) names this tag. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
}

/**
 * Sends a cached answer, or 304 with no body when the caller already holds it. The browser keeps the
 * answer (private: it depends on who asks) and must revalidate every time (no-cache).
 */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply.header('etag', answer.etag).header('cache-control', 'private, no-cache');
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}
