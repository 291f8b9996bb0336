import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** How a connection ended: the server closed it cleanly, reset it, or it is still open. */
export type ConnectionEnd = 'closed' | 'reset' | 'open';

/**
 * One HTTP/1.1 connection on a plain socket, to send exactly the bytes a test needs (a cut body, a lying
 * Content-Length, two requests in a row) and to see how the server answers and ends it.
 */
export class RawConnection {
  private received = Buffer.alloc(0);
  private ended: ConnectionEnd = 'open';
  private readonly waiters = new Set<() => void>();

  private constructor(readonly socket: net.Socket) {
    socket.on('data', (chunk) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.wake();
    });
    socket.on('end', () => this.finish('closed'));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      this.finish(error.code === 'ECONNRESET' ? 'reset' : 'closed'),
    );
    socket.on('close', () => this.finish('closed'));
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  write(data: string | Buffer): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.destroyed) return resolve();
      this.socket.write(data, () => resolve());
    });
  }

  /** The next whole response; rejects when the connection ends first or nothing comes within the time. */
  async response(timeoutMs = 10_000): Promise<RawResponse> {
    const parsed = await this.until(() => this.takeResponse(), timeoutMs);
    if (!parsed) throw new Error(`no response (connection ${this.ended})`);
    return parsed;
  }

  /** Waits for the server to end the connection; answers how it ended ('open' if it did not in time). */
  async end(timeoutMs = 10_000): Promise<ConnectionEnd> {
    await this.until(() => (this.ended === 'open' ? undefined : true), timeoutMs);
    return this.ended;
  }

  destroy() {
    this.socket.destroy();
  }

  private finish(how: ConnectionEnd) {
    if (this.ended === 'open') this.ended = how;
    this.wake();
  }

  private wake() {
    for (const waiter of this.waiters) waiter();
  }

  private until<T>(check: () => T | undefined, timeoutMs: number): Promise<T | undefined> {
    return new Promise((resolve) => {
      const attempt = () => {
        const value = check();
        if (value === undefined && this.ended === 'open') return;
        clearTimeout(timer);
        this.waiters.delete(attempt);
        resolve(value);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(attempt);
        resolve(undefined);
      }, timeoutMs);
      this.waiters.add(attempt);
      attempt();
    });
  }

  private takeResponse(): RawResponse | undefined {
    const headEnd = this.received.indexOf('\r\n\r\n');
    if (headEnd < 0) return undefined;
    const [statusLine, ...lines] = this.received.subarray(0, headEnd).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    const bodyStart = headEnd + 4;
    if (this.received.length < bodyStart + length) return undefined;
    const body = this.received.subarray(bodyStart, bodyStart + length).toString('utf8');
    this.received = this.received.subarray(bodyStart + length);
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }
}

/** A request's head with the given headers (Host added); the body is written separately. */
export function requestHead(method: string, path: string, headers: Record<string, string | number> = {}) {
  const lines = Object.entries({ host: 'localhost', ...headers }).map(([name, value]) => `${name}: ${value}`);
  return `${method} ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}
