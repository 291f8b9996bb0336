import type { AddressInfo } from 'node:net';
import type { MessageView } from '@ferry/shared';
import { type WebSocket as ServerSocket, WebSocketServer } from 'ws';
import { kindGroup, NOTICE_KINDS, normaliseMessage, type RealtimeMessage } from './message';
import type { RealtimeClock } from './socket';

/**
 * Test helpers for the real-time client: a clock whose timers run when the test says so (the waits
 * themselves are what the tests check), and a small WebSocket server speaking the protocol of
 * docs/api.md "Real-time" on a real port.
 */
export class ManualClock implements RealtimeClock {
  private time = 0;
  private next = 0;
  private readonly timers = new Map<number, { run: () => void; ms: number }>();

  setTimeout(run: () => void, ms: number): unknown {
    this.next += 1;
    this.timers.set(this.next, { run, ms });
    return this.next;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  now(): number {
    return this.time;
  }

  advance(ms: number): void {
    this.time += ms;
  }

  /** The waits asked for and not yet run, in the order they were asked. */
  pending(): number[] {
    return [...this.timers.values()].map((timer) => timer.ms);
  }

  /** Runs the oldest pending timer of `ms` (moving the clock on by that much). */
  fire(ms: number): void {
    const entry = [...this.timers.entries()].find(([, timer]) => timer.ms === ms);
    if (!entry) throw new Error(`no ${ms} ms timer pending (pending: ${this.pending().join(', ')})`);
    this.timers.delete(entry[0]);
    this.time += ms;
    entry[1].run();
  }
}

export interface FrameLog {
  type: string;
  [key: string]: unknown;
}

export interface TestRealtimeServer {
  url: string;
  port: number;
  /** Frames the clients sent, in order. */
  frames: FrameLog[];
  /** Open, authenticated sockets. */
  clients(): ServerSocket[];
  /** Sends a notice to every authenticated socket (a new event id unless one is given). */
  event(message: Partial<RealtimeMessage>, id?: string): void;
  send(frame: object): void;
  /** Stops answering pings (a connection that died without closing). */
  silence(): void;
  /** Closes every socket (the network dropped). */
  dropAll(): void;
  close(): Promise<void>;
}

/** A `/ws` server: `auth` with `token` answers `ready`, any other token is refused with 4401. */
export async function startRealtimeServer(
  options: { token?: string; port?: number } = {},
): Promise<TestRealtimeServer> {
  const token = options.token ?? 'good-token';
  const server = new WebSocketServer({ host: '127.0.0.1', port: options.port ?? 0, path: '/ws' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  const frames: FrameLog[] = [];
  const ready = new Set<ServerSocket>();
  let silent = false;
  let events = 0;

  server.on('connection', (socket) => {
    socket.on('close', () => ready.delete(socket));
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as FrameLog;
      frames.push(frame);
      if (frame.type === 'auth') {
        if (frame.token !== token) {
          socket.close(4401, '40100');
          return;
        }
        ready.add(socket);
        socket.send(JSON.stringify({ type: 'ready', userId: 'u1' }));
      } else if (frame.type === 'ping' && !silent) {
        socket.send(JSON.stringify({ type: 'pong' }));
      }
    });
  });

  const send = (frame: object) => {
    for (const socket of ready) socket.send(JSON.stringify(frame));
  };
  return {
    url: `ws://127.0.0.1:${port}/ws`,
    port,
    frames,
    clients: () => [...ready],
    event: (message, id) => {
      events += 1;
      send({ type: 'event', id: id ?? `e-${events}`, message });
    },
    send,
    silence: () => {
      silent = true;
    },
    dropAll: () => {
      for (const socket of server.clients) socket.terminate();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of server.clients) socket.terminate();
        server.close(() => resolve());
      }),
  };
}

/** A comment notice as the server sends it. */
export function commentNotice(overrides: Partial<RealtimeMessage> = {}): Partial<RealtimeMessage> {
  return {
    method: 'addNewComment',
    teamId: 'team-a',
    projectId: 'p1',
    projectName: 'Checkout',
    teamName: 'Alpha',
    imageName: 'Cart',
    imageId: 'img-1',
    versionId: 'v1',
    commentId: 'c1',
    fromUserId: 'u2',
    fromUserName: 'Bella',
    // The signed-in user of the web test fixtures.
    toIds: ['user-1'],
    content: 'Please align the total',
    hasAt: true,
    url: '/web/#/item/project/detailDetach?project_id=p1&tid=team-a&pid=p1&image_id=img-1&version_id=v1&comment_id=c1',
    ...overrides,
  };
}

/** A stored notice of the message centre, as `GET msg_center/messages` lists it. */
export function messageView(
  id: string,
  fields: Partial<RealtimeMessage> = {},
  overrides: Partial<MessageView> = {},
): MessageView {
  const message = normaliseMessage({ ...commentNotice(), ...fields } as RealtimeMessage);
  const kind = NOTICE_KINDS[message.method];
  return {
    id,
    kind,
    method: message.method,
    team_id: message.teamId,
    project_id: message.projectId || null,
    project_name: message.projectName,
    image_id: message.imageId || null,
    image_name: message.imageName,
    comment_id: message.commentId || null,
    from_user: { user_id: message.fromUserId, name: message.fromUserName, avatar: '' },
    content: message.content,
    has_at: message.hasAt,
    url: message.url,
    read: false,
    create_time: '2026-03-01T10:00:00.000Z',
    group: kindGroup(kind),
    title: `${message.fromUserName} ${kind}`,
    text: message.content,
    message,
    ...overrides,
  };
}
