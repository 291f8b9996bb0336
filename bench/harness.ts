import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { buildContext } from '../apps/server/src/boot.js';
import { loadConfig } from '../apps/server/src/config.js';
import type { AppContext } from '../apps/server/src/context.js';

export const CONNECTIONS = 10;
export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);

export interface Measured {
  rps: number;
  p50: number;
}

/** autocannon against one URL; any non-2xx answer makes the figure worthless, so it fails loudly. */
export async function measure(url: string, headers: Record<string, string> = {}): Promise<Measured> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50 };
}

export interface BenchServer {
  app: FastifyInstance;
  ctx: AppContext;
  url: string;
  close(): Promise<void>;
}

/** The real app on a fresh embedded database (or DATABASE_URL), listening on a free port. */
export async function startBenchServer(): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ferry-bench-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SIGN_IN_RATE_LIMIT: '1000',
  });
  const booted = await buildContext(config);
  const app = await buildApp(booted.ctx);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    ctx: booted.ctx,
    url,
    close: async () => {
      await app.close();
      await booted.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function call(url: string, method: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Basic ${btoa(`${token}:`)}`;
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json();
}

export const basic = (token: string) => ({ authorization: `Basic ${btoa(`${token}:`)}` });

export function report(label: string, baseline: Measured, measured: Measured, goal: string) {
  console.log(`${label}`);
  console.log(`  baseline  ${baseline.rps.toFixed(0)} req/s, p50 ${baseline.p50} ms`);
  console.log(`  measured  ${measured.rps.toFixed(0)} req/s, p50 ${measured.p50} ms`);
  console.log(
    `  ratio     ${((measured.rps / baseline.rps) * 100).toFixed(1)}% of the baseline's req/s (${goal})`,
  );
}
