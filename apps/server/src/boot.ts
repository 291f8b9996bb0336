import path from 'node:path';
import { ReadCache } from './cache/read-cache.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { JobSignal } from './jobs/signal.js';
import { PasswordCipher } from './modules/account/rsa.js';
import { loadSecrets } from './modules/account/secrets.js';
import { Mailer } from './modules/mail/mailer.js';
import { type FileStore, LocalFileStore } from './modules/storage/files.js';
import { S3FileStore } from './modules/storage/s3-store.js';
import { type Bus, openBus } from './realtime/bus.js';

export interface Booted {
  ctx: AppContext;
  /** Closes the mailer, the bus and the database. */
  close(): Promise<void>;
}

/** Opens and migrates the database, loads the shared keys, joins the bus: everything buildApp needs. */
export async function buildContext(
  config: Config,
  options: { now?: () => Date; bus?: Bus; inMemoryDatabase?: boolean } = {},
): Promise<Booted> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: options.inMemoryDatabase ? 'memory://' : config.dataDir,
  });
  await migrate(database);
  const cipher = await PasswordCipher.load(database.db);
  const secrets = await loadSecrets(database.db);
  const bus = options.bus ?? openBus(config.redisUrl);
  const cache = new ReadCache(bus);
  await cache.listen();
  const mailer = new Mailer(database.db, config.smtpUrl);
  const now = options.now ?? (() => new Date());
  const files: FileStore = config.s3
    ? new S3FileStore(config.s3, now)
    : new LocalFileStore(path.join(config.dataDir, 'files'), secrets.files);
  const ctx: AppContext = {
    db: database.db,
    config,
    cipher,
    secrets,
    files,
    mailer,
    bus,
    cache,
    jobs: new JobSignal(),
    now,
  };
  return {
    ctx,
    close: async () => {
      mailer.close();
      if (!options.bus) await bus.close();
      await database.close();
    },
  };
}
