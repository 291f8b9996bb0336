import { chmodSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Socket } from 'node:net';
import path from 'node:path';
import { type CommandIo, runCommand } from './cli.js';
import type { Db } from './db/client.js';

/**
 * Operator commands while the server runs on the embedded database: PGlite is one process's, so a second
 * process opening DATA_DIR/db would corrupt it. The server listens on a Unix socket in a folder of DATA_DIR
 * only its owner may enter (whatever the umask made of the socket file itself) and runs the commands
 * `npm run ferry` hands it. One JSON line in (`{args}`), JSON lines out: `{progress}` while it works, then
 * `{output}` or `{error}`.
 */
export const operatorSocketPath = (dataDir: string) => path.join(dataDir, 'operator', 'ferry.sock');

/** A command line is a few words: anything longer is not an operator's. */
const MAX_LINE = 64 * 1024;

type Reply = { progress: string } | { output: string } | { error: string };

/** The operator socket, closed once the commands it is running have finished (they use the database). */
export interface OperatorSocket {
  close(): Promise<void>;
}

export async function listenForOperators(
  dataDir: string,
  db: Db,
  io: Omit<CommandIo, 'progress'>,
): Promise<OperatorSocket> {
  const socketPath = operatorSocketPath(dataDir);
  mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  chmodSync(path.dirname(socketPath), 0o700);
  // One left by a server that crashed: nothing listens on it any more.
  if (existsSync(socketPath)) rmSync(socketPath, { force: true });
  const running = new Set<Promise<unknown>>();
  const server = createServer((socket) => serve(socket, db, io, running));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ path: socketPath }, resolve);
  });
  return {
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await Promise.allSettled(running);
    },
  };
}

function serve(socket: Socket, db: Db, io: Omit<CommandIo, 'progress'>, running: Set<Promise<unknown>>) {
  let received = '';
  const send = (reply: Reply) => socket.write(`${JSON.stringify(reply)}\n`);
  socket.setEncoding('utf8');
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk: string) => {
    received += chunk;
    const end = received.indexOf('\n');
    if (end < 0) {
      if (received.length > MAX_LINE) socket.destroy();
      return;
    }
    socket.removeAllListeners('data');
    let args: unknown;
    try {
      args = (JSON.parse(received.slice(0, end)) as { args?: unknown }).args;
    } catch {
      args = undefined;
    }
    if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string')) {
      send({ error: 'expected one JSON line {"args": [...]}' });
      socket.end();
      return;
    }
    const progress = { write: (text: string) => send({ progress: text }) };
    const command = runCommand(db, args, { ...io, progress })
      .then((output) => send({ output }))
      .catch((error: unknown) => send({ error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        socket.end();
        running.delete(command);
      });
    running.add(command);
  });
}

/**
 * Runs `args` in the server listening on DATA_DIR's socket; answers null when none listens (then the
 * command opens the database itself). Progress is written to `progress` as the server sends it.
 */
export function runInServer(
  dataDir: string,
  args: string[],
  progress: { write(text: string): unknown },
): Promise<{ output: string } | { error: string } | null> {
  const socketPath = operatorSocketPath(dataDir);
  if (!existsSync(socketPath)) return Promise.resolve(null);
  return new Promise((resolve) => {
    const socket = createConnection(socketPath);
    let received = '';
    let settled = false;
    const settle = (value: { output: string } | { error: string } | null) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ args })}\n`));
    // Refused or gone: no server runs on this folder.
    socket.on('error', () => settle(null));
    socket.on('data', (chunk: string) => {
      received += chunk;
      for (let end = received.indexOf('\n'); end >= 0; end = received.indexOf('\n')) {
        let reply: Reply;
        try {
          reply = JSON.parse(received.slice(0, end)) as Reply;
        } catch {
          settle({ error: 'the server answered something unreadable' });
          socket.destroy();
          return;
        }
        received = received.slice(end + 1);
        if ('progress' in reply) progress.write(reply.progress);
        else settle(reply);
      }
    });
    socket.on('close', () => settle({ error: 'the server closed the connection before answering' }));
  });
}
