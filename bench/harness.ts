import { type ChildProcess, spawn } from 'node:child_process';
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

export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The baseline and the measured URL in turns, ROUNDS times each, and the median of each side: on a machine
 * whose load changes from one second to the next, both sides see the same spells of it.
 */
export async function compare(
  baselineUrl: string,
  url: string,
  headers: Record<string, string>,
): Promise<{ baseline: Measured; measured: Measured }> {
  const baselines: Measured[] = [];
  const measureds: Measured[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    baselines.push(await measure(baselineUrl));
    measureds.push(await measure(url, headers));
  }
  const summary = (runs: Measured[]) => ({
    rps: medianOf(runs.map((run) => run.rps)),
    p50: medianOf(runs.map((run) => run.p50)),
  });
  return { baseline: summary(baselines), measured: summary(measureds) };
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

const CHILD = path.join(import.meta.dirname, 'server-child.ts');

/** A server of bench/server-child.ts in its own process: its URL, the tasks it runs, its end. */
export interface ServerProcess {
  url: string;
  run<T>(task: string, ...args: unknown[]): Promise<T>;
  close(): Promise<void>;
}

/**
 * Starts `ferry` (the real app, fresh data) or `bare` (hello-world and a prebuilt payload) in a child process,
 * so the load generator here and the server there never share an event loop. With BENCH_CPU_PROF=DIR the
 * Ferry child writes a V8 CPU profile there when it closes.
 */
export async function startServerProcess(kind: 'ferry' | 'bare'): Promise<ServerProcess> {
  const profile = process.env.BENCH_CPU_PROF;
  const flags = kind === 'ferry' && profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...flags, '--import', 'tsx', CHILD, kind], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 0;
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench ${kind} server exited (${code}) before listening`)));
    child.on('message', (message: { ready?: string; id?: number; result?: unknown; error?: string }) => {
      if (message.ready) return resolve(message.ready);
      const waiting = pending.get(message.id as number);
      pending.delete(message.id as number);
      if (message.error) waiting?.reject(new Error(message.error));
      else waiting?.resolve(message.result);
    });
  });
  const run = <T>(task: string, ...args: unknown[]) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ id, task, args });
    });
  return {
    url,
    run,
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await run('close');
      await exited;
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
  console.log(`${label}, median of ${ROUNDS} alternating rounds`);
  console.log(`  baseline  ${baseline.rps.toFixed(0)} req/s, p50 ${baseline.p50} ms`);
  console.log(`  measured  ${measured.rps.toFixed(0)} req/s, p50 ${measured.p50} ms`);
  console.log(
    `  ratio     ${((measured.rps / baseline.rps) * 100).toFixed(1)}% of the baseline's req/s (${goal})`,
  );
}
