import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { buildContext } from '../boot.js';
import { loadConfig } from '../config.js';
import type { AppContext } from '../context.js';

export interface TestServer {
  app: FastifyInstance;
  ctx: AppContext;
  /** Moves the server's clock, for lock and expiry rules. */
  advance(ms: number): void;
  close(): Promise<void>;
}

/**
 * A real app on a real database: an in-memory PGlite per test file, or the PostgreSQL server of
 * DATABASE_URL (shared; tests never depend on what else is in it).
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ferry-test-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    SIGN_IN_RATE_LIMIT: '100000',
    LOG_LEVEL: 'silent',
    // Test files share a PostgreSQL database: each server runs only the jobs it queued.
    JOB_QUEUE: `test-${randomUUID()}`,
    ...env,
  });
  let offset = 0;
  const booted = await buildContext(config, {
    now: () => new Date(Date.now() + offset),
    inMemoryDatabase: true,
  });
  const { ctx } = booted;
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    ctx,
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
