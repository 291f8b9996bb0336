import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listenForOperators,
  type OperatorSocket,
  operatorSocketPath,
  runInServer,
} from './operator-socket.js';
import { anonymous } from './test/api.js';
import { startTestServer, type TestServer } from './test/context.js';

let server: TestServer;
let operators: OperatorSocket;
const dataDir = () => server.ctx.config.dataDir;
const noticeShown = async () =>
  (await anonymous(server.app).get('/api/common/configuration')).result.maintenance?.message ?? null;

beforeAll(async () => {
  server = await startTestServer();
  operators = await listenForOperators(dataDir(), server.ctx.db, {
    files: server.ctx.files,
    bus: server.ctx.bus,
  });
});
afterAll(async () => {
  await operators?.close();
  await server?.close();
});

/** `npm run ferry -- …` as an operator types it, in its own process, on the server's data folder. */
function ferryCommand(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const root = path.resolve(import.meta.dirname, '../../..');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir(), LOG_LEVEL: 'silent' },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr.on('data', (chunk) => {
    err += chunk;
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out, err })));
}

describe('operator commands beside a running server', () => {
  it('runs a command in the server that owns the data folder, and says what it did', async () => {
    const answer = await runInServer(dataDir(), ['maintenance:set', 'Upgrade at 22:00'], process.stderr);
    expect(answer).toEqual({ output: 'maintenance notice set: Upgrade at 22:00' });
    expect(await noticeShown()).toBe('Upgrade at 22:00');
    expect(await runInServer(dataDir(), ['maintenance:clear'], process.stderr)).toEqual({
      output: 'maintenance notice cleared',
    });
    expect(await noticeShown()).toBeNull();
  });

  it('listens in a folder only its owner may enter, and drops a line no operator types', async () => {
    expect(statSync(path.dirname(operatorSocketPath(dataDir()))).mode & 0o777).toBe(0o700);
    const socket = createConnection(operatorSocketPath(dataDir()));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    socket.on('error', () => undefined);
    socket.write('x'.repeat(70 * 1024));
    await closed;
    expect(await noticeShown()).toBeNull();
  });

  it("hands back the command's refusal, and a line it cannot read", async () => {
    expect(await runInServer(dataDir(), ['team:plan', 'no-such-team', '2'], process.stderr)).toEqual({
      error: 'paid levels need --expires',
    });
    expect(await runInServer(dataDir(), ['nonsense'], process.stderr)).toMatchObject({
      error: expect.stringContaining('commands: team:plan'),
    });
  });

  it('answers null where no server listens: none started there, or a file left by a crash', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'ferry-operator-'));
    try {
      expect(await runInServer(empty, ['stats'], process.stderr)).toBeNull();
      mkdirSync(path.dirname(operatorSocketPath(empty)));
      writeFileSync(operatorSocketPath(empty), '');
      expect(await runInServer(empty, ['stats'], process.stderr)).toBeNull();
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('`npm run ferry` reaches the running server: the notice is shown to everyone at once', async () => {
    const set = await ferryCommand(['maintenance:set', 'Back in 10 minutes']);
    expect(set.err).not.toContain('Error');
    expect(set).toMatchObject({ code: 0, out: 'maintenance notice set: Back in 10 minutes\n' });
    expect(await noticeShown()).toBe('Back in 10 minutes');
    const refused = await ferryCommand(['maintenance:set']);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('usage: maintenance:set');
    expect((await ferryCommand(['maintenance:clear'])).out).toBe('maintenance notice cleared\n');
    expect(await noticeShown()).toBeNull();
  }, 120_000);
});
