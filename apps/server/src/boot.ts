import path from 'node:path';
import { ReadCache } from './cache/read-cache.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { type Database, openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { JobSignal } from './jobs/signal.js';
import { dummyHash } from './modules/account/passwords.js';
import { PasswordCipher } from './modules/account/rsa.js';
import { loadSecrets } from './modules/account/secrets.js';
import { chatFieldsOfUser } from './modules/chat-accounts/service.js';
import { fullestProjectDesigns } from './modules/designs/quota.js';
import { EventDispatcher } from './modules/events/outbox.js';
import { outboxNotices } from './modules/events/recorder.js';
import { Mailer } from './modules/mail/mailer.js';
import { dropProjectMemberships, projectCounts } from './modules/projects/counts.js';
import { forgetMovedDesigns } from './modules/prototypes/service.js';
import { type FileStore, LocalFileStore } from './modules/storage/files.js';
import { S3FileStore } from './modules/storage/s3-store.js';
import { listTeams } from './modules/teams/service.js';
import { dropPagesOfDesigns } from './modules/walkthrough/removal.js';
import { type Bus, openBus } from './realtime/bus.js';
import { signalProjectChange } from './realtime/signals.js';

export interface Booted {
  ctx: AppContext;
  database: Database;
  /** Closes the events dispatcher, the mailer, the bus and the database. */
  close(): Promise<void>;
}

/**
 * Opens and migrates the database, loads the shared keys, joins the bus: everything buildApp needs. A bus or
 * a database passed in is shared with another instance (tests of several instances) and left open on close.
 */
export async function buildContext(
  config: Config,
  options: {
    now?: () => Date;
    bus?: Bus;
    database?: Database;
    inMemoryDatabase?: boolean;
    /** An in-memory database's starting data folder (tests: migrated once per run). */
    databaseTemplate?: Blob;
  } = {},
): Promise<Booted> {
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: options.inMemoryDatabase ? 'memory://' : config.dataDir,
      template: options.databaseTemplate,
    }));
  if (!options.database) await migrate(database);
  const cipher = await PasswordCipher.load(database.db);
  const secrets = await loadSecrets(database.db);
  // Made now, so the first sign-in of an unknown address does not pay for it (and take longer than others).
  await dummyHash();
  const bus = options.bus ?? openBus(config.redisUrl);
  const cache = new ReadCache(bus);
  await cache.listen();
  const mailer = new Mailer(database.db, config.smtpUrl);
  const events = new EventDispatcher(database.db, bus, config.jobQueue, config.realtime.sweepMs);
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
    events,
    notices: outboxNotices({ config, now, events }),
    cache,
    teamContents: { projectCounts, fullestProjectDesigns, dropMemberships: dropProjectMemberships },
    designMoves: {
      forget: async (tx, fromProjectId, designIds) => {
        await forgetMovedDesigns(tx, fromProjectId, designIds);
        await dropPagesOfDesigns(tx, config.jobQueue, designIds, fromProjectId);
      },
      announce: async (project) => {
        await signalProjectChange(ctx, project, 'prototype');
        await signalProjectChange(ctx, project, 'walkthrough');
      },
    },
    teamsOfUser: (userId, lang) => listTeams(ctx, userId, lang),
    chatFieldsOfUser: (userId) => chatFieldsOfUser(ctx, userId),
    jobs: new JobSignal(),
    now,
  };
  return {
    ctx,
    database,
    close: async () => {
      await events.stop();
      mailer.close();
      if (!options.bus) await bus.close();
      if (!options.database) await database.close();
    },
  };
}
