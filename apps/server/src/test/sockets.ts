import { WebSocket } from 'ws';

export type Frame = any;

/** Long enough for any real delivery; a test that waits this long has failed. */
const WAIT_MS = 10_000;

/**
 * A real WebSocket client of `/ws` for tests: keeps every frame received, and waits for the next one that
 * matches, or for the close.
 */
export class TestSocket {
  readonly frames: Frame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly waiting = new Set<() => void>();

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)));
      for (const check of this.waiting) check();
    });
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => {
        resolve({ code, reason: String(reason) });
        for (const check of this.waiting) check();
      });
    });
  }

  /** Opens a socket; `autoPong: false` makes one that never answers the server's pings. */
  static async open(url: string, options: { autoPong?: boolean } = {}): Promise<TestSocket> {
    const socket = new WebSocket(url, { autoPong: options.autoPong ?? true });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return new TestSocket(socket);
  }

  /** Opens a socket and authenticates it with a session token; answers once the server said `ready`. */
  static async signedIn(url: string, token: string, options: { autoPong?: boolean } = {}) {
    const client = await TestSocket.open(url, options);
    client.send({ type: 'auth', token });
    await client.next((frame) => frame.type === 'ready');
    return client;
  }

  send(frame: object) {
    this.socket.send(JSON.stringify(frame));
  }

  /** The first frame received that matches (already received or still to come). */
  next(matches: (frame: Frame) => boolean, label = 'a matching frame'): Promise<Frame> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(check);
        reject(new Error(`no ${label} within ${WAIT_MS} ms; got ${JSON.stringify(this.frames)}`));
      }, WAIT_MS);
      const check = () => {
        const found = this.frames.find(matches);
        if (found === undefined && this.socket.readyState !== WebSocket.CLOSED) return;
        clearTimeout(timer);
        this.waiting.delete(check);
        if (found === undefined) reject(new Error(`socket closed before ${label}`));
        else resolve(found);
      };
      this.waiting.add(check);
      check();
    });
  }

  /** The next event of a method (a frame of type `event`). */
  event(method: string): Promise<Frame> {
    return this.next((frame) => frame.type === 'event' && frame.message.method === method, `${method} event`);
  }

  events(): Frame[] {
    return this.frames.filter((frame) => frame.type === 'event');
  }

  /** Round trip: once the pong is back, every frame the server sent before it has arrived. */
  async roundTrip() {
    const before = this.frames.filter((frame) => frame.type === 'pong').length;
    this.send({ type: 'ping' });
    await this.next(() => this.frames.filter((frame) => frame.type === 'pong').length > before, 'pong');
  }

  close() {
    this.socket.close();
  }
}
