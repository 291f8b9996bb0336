import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
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
  /**
   * A database of its own on PostgreSQL too: a test that runs the daily purge with its clock moved a day on
   * would otherwise remove every other test file's unregistered uploads from the shared database.
   */
  ownDatabase?: boolean;
}

/** Makes a fresh database beside DATABASE_URL's; answers its URL and how to drop it. */
async function freshPostgresDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `ferry_test_${randomUUID().replaceAll('-', '')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return { url: own.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
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
  const shared = process.env.DATABASE_URL;
  const own = options.ownDatabase && shared ? await freshPostgresDatabase(shared) : null;
  const config = loadConfig({
    ...process.env,
    ...(own ? { DATABASE_URL: own.url } : {}),
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
      await own?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
