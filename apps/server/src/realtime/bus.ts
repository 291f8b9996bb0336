import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/** Messages between server instances: in-process by default, Redis pub/sub when REDIS_URL is set. */
export interface Bus {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: (message: string) => void): Promise<void>;
  close(): Promise<void>;
}

export class MemoryBus implements Bus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(channel: string, message: string) {
    this.emitter.emit(channel, message);
  }

  async subscribe(channel: string, handler: (message: string) => void) {
    this.emitter.on(channel, handler);
  }

  async close() {
    this.emitter.removeAllListeners();
  }
}

export class RedisBus implements Bus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly handlers = new Map<string, Array<(message: string) => void>>();

  constructor(
    url: string,
    private readonly prefix = 'ferry:',
  ) {
    this.publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    this.subscriber = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    this.subscriber.on('message', (channel: string, message: string) => {
      for (const handler of this.handlers.get(channel) ?? []) handler(message);
    });
  }

  async publish(channel: string, message: string) {
    await this.publisher.publish(this.prefix + channel, message);
  }

  async subscribe(channel: string, handler: (message: string) => void) {
    const key = this.prefix + channel;
    if (!this.handlers.has(key)) {
      this.handlers.set(key, []);
      await this.subscriber.subscribe(key);
    }
    this.handlers.get(key)!.push(handler);
  }

  async close() {
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}

export function openBus(redisUrl?: string, prefix?: string): Bus {
  return redisUrl ? new RedisBus(redisUrl, prefix) : new MemoryBus();
}
