import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

type Handler = (message: string) => void;

/** Messages between server instances: in-process by default, Redis pub/sub when REDIS_URL is set. */
export interface Bus {
  /** Rejects when the message could not be handed to the bus (Redis unreachable): the caller retries. */
  publish(channel: string, message: string): Promise<void>;
  /** Resolves once the subscription is active; answers a function that ends it. */
  subscribe(channel: string, handler: Handler): Promise<() => void>;
  /**
   * Called after the bus lost its connection and subscribed again: what was published meanwhile never
   * arrived here, so listeners tell their clients to catch up.
   */
  onResubscribed(listener: () => void): () => void;
  close(): Promise<void>;
}

export class MemoryBus implements Bus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(channel: string, message: string) {
    this.emitter.emit(channel, message);
  }

  async subscribe(channel: string, handler: Handler) {
    this.emitter.on(channel, handler);
    return () => void this.emitter.off(channel, handler);
  }

  onResubscribed() {
    // Nothing to lose in-process: the bus never disconnects.
    return () => {};
  }

  async close() {
    this.emitter.removeAllListeners();
  }
}

interface BusLog {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

/**
 * Redis pub/sub. A Redis restart crashes nothing: both connections log the error and reconnect forever;
 * the subscriber subscribes again on its own (autoResubscribe) and then tells `onResubscribed` listeners.
 * A publish while Redis is away fails within moments instead of waiting for it, so the events outbox keeps
 * the row and publishes it on a later sweep.
 */
export class RedisBus implements Bus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly resubscribed = new Set<() => void>();
  private lostConnection = false;
  private closing = false;
  log: BusLog = { warn: () => {}, info: () => {} };

  constructor(
    url: string,
    private readonly prefix = 'ferry:',
  ) {
    // A publish waits for the connection only briefly: it fails after the second reconnection attempt.
    this.publisher = new Redis(url, { maxRetriesPerRequest: 1 });
    // Subscribing waits for the connection (a server starting before Redis still subscribes).
    this.subscriber = new Redis(url, { autoResubscribe: true, maxRetriesPerRequest: null });
    this.subscriber.on('message', (channel: string, message: string) => {
      for (const handler of this.handlers.get(channel) ?? []) {
        try {
          handler(message);
        } catch (error) {
          this.log.warn({ err: error, channel }, 'bus handler failed');
        }
      }
    });
    this.watch(this.publisher, 'publisher');
    this.watch(this.subscriber, 'subscriber');
    this.subscriber.on('ready', () => {
      if (!this.lostConnection) return;
      this.lostConnection = false;
      // The resubscription was sent before 'ready' fired; a ping behind it answers once it is in place.
      this.subscriber
        .ping()
        .then(() => {
          this.log.info({}, 'bus subscriptions restored');
          for (const listener of this.resubscribed) listener();
        })
        .catch(() => {});
    });
  }

  private watch(connection: Redis, role: string) {
    let reported = false;
    connection.on('error', (error: Error) => {
      // One line per outage, not one per reconnection attempt.
      if (!reported && !this.closing) this.log.warn({ err: error.message, role }, 'Redis unavailable');
      reported = true;
    });
    connection.on('close', () => {
      if (role === 'subscriber' && !this.closing) this.lostConnection = true;
    });
    connection.on('ready', () => {
      reported = false;
    });
  }

  async publish(channel: string, message: string) {
    await this.publisher.publish(this.prefix + channel, message);
  }

  async subscribe(channel: string, handler: Handler) {
    const key = this.prefix + channel;
    let handlers = this.handlers.get(key);
    if (!handlers) {
      handlers = new Set();
      this.handlers.set(key, handlers);
      await this.subscriber.subscribe(key);
    }
    handlers.add(handler);
    return () => void handlers.delete(handler);
  }

  onResubscribed(listener: () => void) {
    this.resubscribed.add(listener);
    return () => void this.resubscribed.delete(listener);
  }

  async close() {
    this.closing = true;
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}

export function openBus(redisUrl?: string, prefix?: string): Bus {
  return redisUrl ? new RedisBus(redisUrl, prefix) : new MemoryBus();
}
