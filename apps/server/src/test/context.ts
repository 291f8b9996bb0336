import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { buildContext } from '../boot.js';
import { loadConfig } from '../config.js';
import type { AppContext } from '../context.js';
import type { Database } from '../db/client.js';
import type { Bus } from '../realtime/bus.js';
import { pgliteTemplate } from './pglite-template.js';

export interface TestServer {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  /** Listens on a free port of 127.0.0.1 (once); answers the socket's address, `ws://…/ws`. */
  listen(): Promise<string>;
  /** Moves the server's clock, for lock and expiry rules. */
  advance(ms: number): void;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** A bus shared with other test servers (instances talking to each other without Redis). */
  bus?: Bus;
  /** Another instance on the same database and job queue (PGlite: the same in-memory database). */
  sameDatabaseAs?: TestServer;
}

/**
 * A real app on a real database: an in-memory PGlite per test file, or the PostgreSQL server of
 * DATABASE_URL (shared; tests never depend on what else is in it).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const peer = options.sameDatabaseAs;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ferry-test-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    SIGN_IN_RATE_LIMIT: '100000',
    LOG_LEVEL: 'silent',
    // Test files share a PostgreSQL database: each server runs only the jobs it queued.
    JOB_QUEUE: peer?.ctx.config.jobQueue ?? `test-${randomUUID()}`,
    ...env,
  });
  let offset = 0;
  const booted = await buildContext(config, {
    now: () => new Date(Date.now() + offset),
    inMemoryDatabase: true,
    databaseTemplate: pgliteTemplate(),
    bus: options.bus,
    // On PostgreSQL a second instance opens its own pool, as another process would.
    database: peer?.database.kind === 'pglite' ? peer.database : undefined,
  });
  const { ctx } = booted;
  const app = await buildApp(ctx);
  await app.ready();
  let address: Promise<string> | null = null;
  return {
    app,
    ctx,
    database: booted.database,
    listen: () => {
      address ??= app
        .listen({ port: 0, host: '127.0.0.1' })
        .then((url) => `${url.replace(/^http/, 'ws')}/ws`);
      return address;
    },
    advance: (ms) => {
      offset += ms;
    },
    close: async () => {
      await app.close();
      await booted.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
