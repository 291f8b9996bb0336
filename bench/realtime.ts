/**
 * Figure 5: delivery latency of one notice to 1,000 connected sockets through two instances and Redis. The
 * notice is recorded on instance A in a transaction (outbox row and 1,000 message-centre rows, as a real
 * change does), published after commit on Redis, and sent by instance B's hub to the 1,000 sockets connected
 * to it. The baseline is a bare `ws` server in the same process sending the frame a Ferry socket received
 * (the same bytes) to as many sockets. Both sides' sockets are plain `ws` clients that parse nothing, so the
 * clients cost the same on each side. Latency is from just before the change starts (or the bare send) to
 * each socket's receipt; p50 and p95 over every delivery of every round.
 */
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { WebSocket, WebSocketServer } from 'ws';
import { buildMessage } from '../apps/server/src/modules/events/message.js';
import { recordNotice } from '../apps/server/src/modules/events/outbox.js';
import { withNotices } from '../apps/server/src/notices.js';
import { startTestServer } from '../apps/server/src/test/context.js';
import { buildTeam, buildUser } from '../apps/server/src/test/factories.js';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const ROUNDS = Number(process.env.BENCH_RUNS ?? 20);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] as number;
const now = () => performance.now();

/** Resolves when every socket has received one more frame of the round; each receipt time is kept. */
function awaitRound(sockets: WebSocket[], isDelivery: (data: string) => boolean, start: () => number) {
  const latencies: number[] = [];
  return {
    latencies,
    done: new Promise<void>((resolve) => {
      let left = sockets.length;
      for (const socket of sockets) {
        const onMessage = (data: unknown) => {
          if (!isDelivery(String(data))) return;
          latencies.push(now() - start());
          socket.off('message', onMessage);
          if (--left === 0) resolve();
        };
        socket.on('message', onMessage);
      }
    }),
  };
}

interface Rounds {
  /** Every delivery's latency, sorted. */
  latencies: number[];
  /**
   * The CPU time this process spent per round (servers, database and clients alike): unlike latencies it
   * hardly moves when other processes load the machine.
   */
  cpuMs: number;
}

/** ROUNDS rounds of `send`, each ending once every socket has its delivery. */
async function measureRounds(
  sockets: WebSocket[],
  isDelivery: (data: string) => boolean,
  send: () => unknown,
): Promise<Rounds> {
  const latencies: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let round = 0; round < ROUNDS; round++) {
    let started = 0;
    const round$ = awaitRound(sockets, isDelivery, () => started);
    started = now();
    await send();
    await round$.done;
    latencies.push(...round$.latencies);
  }
  const cpu = process.cpuUsage(cpuBefore);
  return { latencies: latencies.sort((x, y) => x - y), cpuMs: (cpu.user + cpu.system) / 1000 / ROUNDS };
}

/** A plain client of Ferry's `/ws`, signed in: it answers once the server said `ready`. */
async function signedInSocket(url: string, token: string) {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const ready = new Promise<void>((resolve) => {
    const onMessage = (data: unknown) => {
      if (!String(data).includes('"type":"ready"')) return;
      socket.off('message', onMessage);
      resolve();
    };
    socket.on('message', onMessage);
  });
  socket.send(JSON.stringify({ type: 'auth', token }));
  await ready;
  return socket;
}

async function redisReachable() {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

async function bareBroadcast(payload: string) {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const clients = await Promise.all(
    Array.from({ length: SOCKETS }, async () => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}`);
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      return socket;
    }),
  );
  while (server.clients.size < SOCKETS) await new Promise((resolve) => setTimeout(resolve, 10));
  const rounds = await measureRounds(
    clients,
    () => true,
    () => {
      for (const client of server.clients) client.send(payload);
    },
  );
  for (const client of clients) client.terminate();
  await new Promise((resolve) => server.close(resolve));
  return rounds;
}

export async function realtimeDelivery() {
  if (!(await redisReachable())) {
    console.log(`5. Real-time delivery: needs Redis at ${REDIS_URL} (set REDIS_URL); not measured\n`);
    return;
  }
  const env = { REDIS_URL };
  const a = await startTestServer(env);
  const b = await startTestServer(env, { sameDatabaseAs: a });
  const team = await buildTeam(a.ctx);
  const users = [];
  for (let i = 0; i < SOCKETS; i++) users.push(await buildUser(a.ctx));
  const url = await b.listen();
  const sockets = await Promise.all(users.map((user) => signedInSocket(url, user.token)));
  const message = buildMessage({
    method: 'notifyProject',
    teamId: team.id,
    toIds: users.map((user) => user.id),
    content: 'The checkout screens are ready for review',
    fromUserId: team.owner.id,
    fromUserName: 'Bench',
  });

  // The frame each socket gets from Ferry (the message naming only its own user), sent as is by the baseline.
  let frame = '';
  sockets[0]?.on('message', (data) => {
    if (!frame && String(data).includes('"type":"event"')) frame = String(data);
  });
  const ferry = await measureRounds(
    sockets,
    (data) => data.includes('"type":"event"'),
    () => withNotices(a.ctx, (tx) => recordNotice(a.ctx, tx, message)),
  );
  for (const socket of sockets) socket.terminate();
  await b.close();
  await a.close();

  const bare = await bareBroadcast(frame);
  const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
  const line = ({ latencies, cpuMs }: Rounds) =>
    `p50 ${fmt(percentile(latencies, 50))}  p95 ${fmt(percentile(latencies, 95))}  CPU ${fmt(cpuMs)} a round`;
  const ratio = (p: number) => percentile(ferry.latencies, p) / percentile(bare.latencies, p);
  console.log(
    `5. Real-time: one notice to ${SOCKETS} sockets, recorded on instance A, sent by B via Redis (${ROUNDS} rounds)`,
  );
  console.log(`    bare ws broadcast   ${line(bare)}`);
  console.log(`    Ferry A → Redis → B ${line(ferry)}`);
  console.log(
    `    → ${ratio(50).toFixed(1)}× the bare p50, ${ratio(95).toFixed(1)}× its p95, ${(ferry.cpuMs / bare.cpuMs).toFixed(1)}× its CPU; goal ≤ 1.5×\n`,
  );
}
