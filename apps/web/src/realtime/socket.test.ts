import '../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeMessage } from './message';
import { type ConnectionStatus, type Delivery, type NoticeRef, RealtimeSocket } from './socket';
import { commentNotice, ManualClock, startRealtimeServer, type TestRealtimeServer } from './testing';

const servers: TestRealtimeServer[] = [];
const sockets: RealtimeSocket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.stop();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(options: Parameters<typeof startRealtimeServer>[0] = {}) {
  const server = await startRealtimeServer(options);
  servers.push(server);
  return server;
}

function connect(
  server: { url: string },
  options: { token?: string; missed?: () => RealtimeMessage[] } = {},
) {
  const clock = new ManualClock();
  const received: { message: RealtimeMessage; delivery: Delivery; ref: NoticeRef }[] = [];
  const statuses: { status: ConnectionStatus; restored: boolean; reason?: string }[] = [];
  const missedCalls = { marks: 0, fetches: 0 };
  const log = { error: vi.fn(), warn: vi.fn() };
  const socket = new RealtimeSocket({
    url: server.url,
    token: options.token ?? 'good-token',
    clock,
    log,
    onMessage: (message, delivery, ref) => received.push({ message, delivery, ref }),
    onStatus: (status, detail) => statuses.push({ status, ...detail }),
    missed: {
      mark: async () => {
        missedCalls.marks += 1;
      },
      fetch: async () => {
        missedCalls.fetches += 1;
        return (options.missed?.() ?? []).map((message, n) => ({ message, messageId: `m${n}` }));
      },
    },
  });
  sockets.push(socket);
  socket.start();
  return { socket, clock, received, statuses, missedCalls, log };
}

const isOpen = (socket: RealtimeSocket) => expect(socket.state).toBe('open');

describe('the real-time socket (spec 002 §4, §9)', () => {
  it('authenticates with the session token as its first frame and hands on the notices it receives', async () => {
    const server = await serve();
    const client = connect(server);
    await vi.waitFor(() => isOpen(client.socket));
    expect(server.frames[0]).toEqual({ type: 'auth', token: 'good-token' });

    server.event(commentNotice({ content: 'First' }));
    await vi.waitFor(() => expect(client.received).toHaveLength(1));
    expect(client.received[0].delivery).toBe('live');
    expect(client.received[0].message).toMatchObject({
      method: 'addNewComment',
      content: 'First',
      hasAt: true,
    });
  });

  it('delivers a notice that arrives again within 2 s once, and again after the window', async () => {
    const server = await serve();
    const client = connect(server);
    await vi.waitFor(() => isOpen(client.socket));
    const notice = commentNotice();
    server.event(notice);
    server.event(notice);
    server.event(commentNotice({ commentId: 'c2' }));
    await vi.waitFor(() => expect(client.received.map((r) => r.message.commentId)).toEqual(['c1', 'c2']));

    client.clock.advance(1999);
    server.event(notice);
    server.event(commentNotice({ commentId: 'c3' }));
    await vi.waitFor(() => expect(client.received.at(-1)?.message.commentId).toBe('c3'));
    expect(client.received).toHaveLength(3);

    client.clock.advance(2000);
    server.event(notice);
    await vi.waitFor(() => expect(client.received).toHaveLength(4));
    expect(client.received[3].message.commentId).toBe('c1');
  });

  it('the same event id twice is the same notice', async () => {
    const server = await serve();
    const client = connect(server);
    await vi.waitFor(() => isOpen(client.socket));
    server.event(commentNotice(), 'e-7');
    server.event(commentNotice({ content: 'Published again after a sweep' }), 'e-7');
    server.event(commentNotice({ commentId: 'c2' }), 'e-8');
    await vi.waitFor(() => expect(client.received.map((r) => r.ref.eventId)).toEqual(['e-7', 'e-8']));
  });

  it('logs an unknown method as an error and hands nothing on', async () => {
    const server = await serve();
    const client = connect(server);
    await vi.waitFor(() => isOpen(client.socket));
    server.send({ type: 'event', id: 'x', message: { method: 'launchRocket', teamId: 'team-a' } });
    server.event(commentNotice());
    await vi.waitFor(() => expect(client.received).toHaveLength(1));
    expect(client.log.error).toHaveBeenCalledWith('unknown notification method', 'launchRocket');
    expect(client.received[0].message.method).toBe('addNewComment');
  });

  it('reconnects after 5 s, 10 s, 15 s, 15 s and 15 s, then stops', async () => {
    const server = await serve();
    const client = connect(server);
    await vi.waitFor(() => isOpen(client.socket));
    await server.close();
    servers.length = 0;
    await vi.waitFor(() => expect(client.socket.state).toBe('lost'));

    const waits: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await vi.waitFor(() => expect(client.clock.pending()).toHaveLength(1));
      const [wait] = client.clock.pending();
      waits.push(wait);
      client.clock.fire(wait);
    }
    await vi.waitFor(() => expect(client.socket.state).toBe('stopped'));
    expect(waits).toEqual([5000, 10000, 15000, 15000, 15000]);
    expect(client.clock.pending()).toEqual([]);
    expect(client.statuses.map((s) => s.status)).toEqual(['open', 'lost', 'stopped']);
    expect(client.statuses.at(-1)?.reason).toBe('gave-up');
  });

  it('marks the message centre when it first opens; after reconnecting fetches what it missed, skipping what it had', async () => {
    const server = await serve();
    const had = commentNotice({ commentId: 'c1' });
    const missedOne = commentNotice({ commentId: 'c2', content: 'While you were away' });
    const client = connect(server, {
      missed: () => [had, missedOne].map((m) => ({ ...m }) as RealtimeMessage),
    });
    await vi.waitFor(() => isOpen(client.socket));
    expect(client.missedCalls).toEqual({ marks: 1, fetches: 0 });
    server.event(had);
    await vi.waitFor(() => expect(client.received).toHaveLength(1));

    server.dropAll();
    await vi.waitFor(() => expect(client.socket.state).toBe('lost'));
    client.clock.advance(10_000);
    client.clock.fire(5000);
    await vi.waitFor(() => isOpen(client.socket));
    await vi.waitFor(() => expect(client.received).toHaveLength(2));

    expect(client.missedCalls).toEqual({ marks: 1, fetches: 1 });
    expect(client.received[1]).toMatchObject({ delivery: 'missed', message: { commentId: 'c2' } });
    expect(client.received[1].ref).toEqual({ messageId: 'm1' });
    expect(client.statuses.map((s) => [s.status, s.restored])).toEqual([
      ['open', false],
      ['lost', false],
      ['open', true],
    ]);
  });

  it('a resync from the server fetches what may have been missed without reconnecting', async () => {
    const server = await serve();
    const client = connect(server, { missed: () => [commentNotice({ commentId: 'c8' }) as RealtimeMessage] });
    await vi.waitFor(() => isOpen(client.socket));
    server.send({ type: 'resync' });
    await vi.waitFor(() => expect(client.received).toHaveLength(1));
    expect(client.received[0]).toMatchObject({ delivery: 'missed', message: { commentId: 'c8' } });
    expect(client.missedCalls.fetches).toBe(1);
    expect(client.statuses.map((s) => s.status)).toEqual(['open']);
  });

  it('sends a heartbeat every 15 s; a heartbeat unanswered within 5 s drops the connection and reconnects', async () => {
    const server = await serve();
    const client = connect(server);
    await vi.waitFor(() => isOpen(client.socket));
    expect(client.clock.pending()).toEqual([15000]);

    client.clock.fire(15000);
    await vi.waitFor(() => expect(server.frames.at(-1)).toEqual({ type: 'ping' }));
    // The pong settles the 5 s deadline; the next heartbeat waits.
    await vi.waitFor(() => expect(client.clock.pending()).toEqual([15000]));
    expect(client.socket.state).toBe('open');

    server.silence();
    client.clock.fire(15000);
    await vi.waitFor(() => expect(server.frames.filter((f) => f.type === 'ping')).toHaveLength(2));
    expect(client.clock.pending()).toEqual([5000, 15000]);
    client.clock.fire(5000);
    expect(client.socket.state).toBe('lost');
    expect(client.clock.pending()).toEqual([5000]);
  });

  it('a refused session stops without reconnecting', async () => {
    const server = await serve();
    const client = connect(server, { token: 'stale' });
    await vi.waitFor(() => expect(client.socket.state).toBe('stopped'));
    expect(client.statuses.at(-1)).toMatchObject({ status: 'stopped', reason: '40100' });
    expect(client.clock.pending()).toEqual([]);
    client.socket.revive();
    expect(client.socket.state).toBe('stopped');
  });

  it('tells the server which project the tab has open, again after a reconnect', async () => {
    const server = await serve();
    const client = connect(server);
    await vi.waitFor(() => isOpen(client.socket));
    client.socket.watch({ teamId: 'team-a', projectId: 'p1' });
    await vi.waitFor(() =>
      expect(server.frames.at(-1)).toEqual({ type: 'watch', teamId: 'team-a', projectId: 'p1' }),
    );
    server.dropAll();
    await vi.waitFor(() => expect(client.socket.state).toBe('lost'));
    client.clock.fire(5000);
    await vi.waitFor(() => expect(server.frames.filter((f) => f.type === 'watch')).toHaveLength(2));
    client.socket.watch(null);
    await vi.waitFor(() => expect(server.frames.at(-1)).toEqual({ type: 'unwatch' }));
  });
});
