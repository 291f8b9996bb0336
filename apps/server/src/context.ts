import type { ReadCache } from './cache/read-cache.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { JobSignal } from './jobs/signal.js';
import type { PasswordCipher } from './modules/account/rsa.js';
import type { Secrets } from './modules/account/secrets.js';
import type { EventDispatcher } from './modules/events/outbox.js';
import type { Mailer } from './modules/mail/mailer.js';
import type { FileStore } from './modules/storage/files.js';
import type { Bus } from './realtime/bus.js';

/** What every service needs, built once by boot.ts (or by a test) and handed to buildApp. */
export interface AppContext {
  db: Db;
  config: Config;
  cipher: PasswordCipher;
  secrets: Secrets;
  files: FileStore;
  mailer: Mailer;
  bus: Bus;
  /** Publishes the notices services recorded (the events outbox) on the bus. */
  events: EventDispatcher;
  cache: ReadCache;
  /** Wakes this instance's job worker after work was queued. */
  jobs: JobSignal;
  /** The time, injectable so lock and expiry rules can be tested without waiting. */
  now: () => Date;
}
