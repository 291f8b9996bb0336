import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { buildMessage } from '../modules/events/message.js';
import { EventDispatcher, recordNotice } from '../modules/events/outbox.js';
import { events } from '../modules/events/tables.js';
import { asUser } from '../test/api.js';
import { startTestServer, type TestServer } from '../test/context.js';
import { eventsAsSent, sentTo } from '../test/events.js';
import { addMember, buildTeam } from '../test/factories.js';
import { TestSocket } from '../test/sockets.js';
import { RedisBus } from './bus.js';

/**
 * Redis going away and coming back. The restart runs against a private redis-server started on a free port
 * (the machine's own Redis is never touched); it needs the `redis-server` program, which .ci/run installs
 * with Redis. Without it (and without REDIS_URL) that test is reported as skipped; the outage test runs always.
 */

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const probe = new Redis(port, '127.0.0.1', {
    lazyConnect: true,
    retryStrategy: () => 50,
    maxRetriesPerRequest: null,
  });
  probe.on('error', () => {});
  await probe.connect().catch(() => {});
  await probe.ping();
  probe.disconnect();
  return child;
}

async function stopRedis(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers.reverse()) await server.close();
});

describe('the bus during a Redis outage', () => {
  it('a publish to an unreachable Redis fails without crashing, and the event stays in the outbox', async () => {
    const server = await startTestServer();
    servers.push(server);
    const team = await buildTeam(server.ctx);
    const deadBus = new RedisBus(`redis://127.0.0.1:${await freePort()}`);
    const dispatcher = new EventDispatcher(server.ctx.db, deadBus, server.ctx.config.jobQueue, 60_000);
    await server.ctx.db.transaction((tx) =>
      recordNotice(
        server.ctx,
        tx,
        buildMessage({ method: 'notifyProject', teamId: team.id, toIds: [team.owner.id] }),
      ),
    );
    expect(await dispatcher.flush()).toBe(0);
    const waiting = await server.ctx.db.select().from(events).where(sentTo(team.owner.id));
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ publishedAt: null, leaseUntil: null });
    await dispatcher.stop();
    await deadBus.close();
  });

  it.runIf(hasRedisServer || process.env.REDIS_URL)(
    'Redis restarted: nothing crashes, sockets stay open, the bus resubscribes and the outbox delivers what was held',
    async () => {
      const port = await freePort();
      let redis = await startRedis(port);
      const env = { REDIS_URL: `redis://127.0.0.1:${port}`, EVENTS_SWEEP_MS: '100' };
      const a = await startTestServer(env);
      servers.push(a);
      const b = await startTestServer(env, { sameDatabaseAs: a });
      servers.push(b);
      const team = await buildTeam(a.ctx);
      const member = await addMember(a.ctx, team, 'member');
      const owner = asUser(a.app, team.owner.token);
      const onB = await TestSocket.signedIn(await b.listen(), member.token);
      const setRole = (role: string) =>
        owner.put('/api/account/team_user_role', { team_id: team.id, user_id: member.id, role });

      expect((await setRole('admin')).code).toBe('00000');
      expect((await onB.event('changeTeamJurisdiction')).message.type).toBe('admin');

      await stopRedis(redis);
      // The change itself is made while Redis is away; its notice waits in the outbox.
      expect((await setRole('onlooker')).code).toBe('00000');
      await a.ctx.events.flush();
      const held = await eventsAsSent(
        a.ctx.db,
        sql`${events.payload}->>'type' = 'onlooker' and ${sentTo(member.id)}`,
      );
      expect(held).toHaveLength(1);
      expect(held[0].publishedAt).toBeNull();
      expect(onB.socket.readyState).toBe(onB.socket.OPEN);
      // A client catching up reads it from the message centre already: it was stored with the change.
      const missed = await asUser(b.app, member.token).get('/api/msg_center/messages?page_size=1');
      expect(missed.body.data.list[0].message).toEqual(held[0].payload);

      redis = await startRedis(port);
      try {
        // B's subscriber is back and tells its sockets to catch up on what they missed.
        await onB.next((frame) => frame.type === 'resync', 'resync');
        a.ctx.events.start();
        const delivered = await onB.next(
          (frame) => frame.type === 'event' && frame.message.type === 'onlooker',
          'the held event',
        );
        expect(delivered.id).toBe(held[0].id);
        // The row is marked once the bus took it, which may be after B has already sent it on.
        await a.ctx.events.flush();
        const [published] = await a.ctx.db.select().from(events).where(eq(events.id, held[0].id));
        expect(published.publishedAt).not.toBeNull();
        onB.close();
      } finally {
        for (const server of servers.splice(0).reverse()) await server.close();
        await stopRedis(redis);
      }
    },
    60_000,
  );
});
