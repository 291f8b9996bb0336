import { buildApp } from './app.js';
import { buildContext } from './boot.js';
import { loadConfig } from './config.js';
import { JobWorker } from './jobs/worker.js';
import { listenForOperators } from './operator-socket.js';
import { RedisBus } from './realtime/bus.js';

/** Boot: config → database (migrated) → app → listen → events sweep and job worker. */
async function main() {
  const config = loadConfig();
  const booted = await buildContext(config);
  const { ctx } = booted;
  const app = await buildApp(ctx, { logger: { level: config.logLevel } });
  // Mail left in the outbox by a crash or an SMTP outage goes out now and is retried every half minute.
  ctx.mailer.log = app.log;
  const deliverMail = () =>
    void ctx.mailer.deliver().catch((error) => app.log.warn({ err: error }, 'mail delivery failed'));
  deliverMail();
  setInterval(deliverMail, 30_000).unref();
  // Notices: published after each change commits; the sweep publishes what a crash or a Redis outage held.
  ctx.events.log = app.log;
  if (ctx.bus instanceof RedisBus) ctx.bus.log = app.log;
  ctx.events.start();
  ctx.events.wake();
  // Variants, clean-ups: jobs a crash interrupted are taken up again once their lease runs out.
  const worker = new JobWorker(ctx, app.log);
  worker.start();
  // `npm run ferry` cannot open the embedded database beside us: it hands its commands over instead.
  const operators = config.databaseUrl
    ? null
    : await listenForOperators(config.dataDir, ctx.db, { files: ctx.files, bus: ctx.bus });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await operators?.close();
    await worker.stop();
    await booted.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `embedded PostgreSQL in ${config.dataDir}/db`;
  app.log.info(`Ferry is running: open http://localhost:${config.port}/web/ (data: ${where})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
