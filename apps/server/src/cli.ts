/**
 * Operator commands: `npm run ferry -- <command> …`. Billing is outside Ferry, so plans are set here.
 *   team:plan <team-id> <level 1|2|3> [--expires YYYY-MM-DD]
 *   team:type <team-id> <normal|enterprise|enterprise2|enterprise3>
 *   user:disable <email> | user:enable <email>
 *   search:reindex   rebuild the text layers search reads from the stored LayerDocs, then refresh statistics
 *   maintenance:set, maintenance:clear, stats, list:add, list:remove: see modules/configuration/commands.ts
 */
import { PlanLimits } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { buildContext } from './boot.js';
import { type Config, loadConfig } from './config.js';
import type { Db } from './db/client.js';
import { users } from './modules/account/tables.js';
import { CONFIGURATION_COMMANDS, runConfigurationCommand } from './modules/configuration/commands.js';
import { reindexLayerTexts } from './modules/search/reindex.js';
import type { FileStore } from './modules/storage/files.js';
import { isUuid } from './modules/teams/policy.js';
import { teams } from './modules/teams/tables.js';
import { runInServer } from './operator-socket.js';
import { type ProgressOut, progressBar } from './progress.js';
import type { Bus } from './realtime/bus.js';

const TEAM_TYPES = ['normal', 'enterprise', 'enterprise2', 'enterprise3'];

/** What commands beyond the database need: the stored files, and where progress is drawn. */
export interface CommandIo {
  files?: FileStore;
  progress?: ProgressOut;
  /** Where servers hear of a maintenance notice at once (they also read it every few seconds). */
  bus?: Bus;
}

export async function runCommand(db: Db, args: string[], io: CommandIo = {}): Promise<string> {
  const [command, subject, value, ...rest] = args;
  if (CONFIGURATION_COMMANDS.includes(command)) return runConfigurationCommand(db, io.bus, args);
  switch (command) {
    case 'team:plan': {
      const level = Number(value);
      if (!subject || !PlanLimits[level])
        throw new Error('usage: team:plan <team-id> <1|2|3> [--expires YYYY-MM-DD]');
      const expiresFlag = rest.indexOf('--expires');
      const expires = rest[expiresFlag + 1];
      const expireAt = expiresFlag >= 0 ? new Date(`${expires}T00:00:00Z`) : null;
      // A day that does not exist (2027-02-30) would otherwise roll over into the next month.
      if (expireAt && (Number.isNaN(expireAt.getTime()) || expireAt.toISOString().slice(0, 10) !== expires))
        throw new Error('--expires wants a date like 2027-01-31');
      if (level > 1 && !expireAt) throw new Error('paid levels need --expires');
      if (!isUuid(subject)) throw new Error(`no team ${subject}`);
      const updated = await db
        .update(teams)
        .set({ packageLevel: level, expireAt })
        .where(eq(teams.id, subject))
        .returning();
      if (updated.length === 0) throw new Error(`no team ${subject}`);
      return `team ${updated[0].name}: package level ${level}${expireAt ? ` until ${expireAt.toISOString().slice(0, 10)}` : ''}`;
    }
    case 'team:type': {
      if (!subject || !TEAM_TYPES.includes(value))
        throw new Error(`usage: team:type <team-id> <${TEAM_TYPES.join('|')}>`);
      if (!isUuid(subject)) throw new Error(`no team ${subject}`);
      const updated = await db.update(teams).set({ type: value }).where(eq(teams.id, subject)).returning();
      if (updated.length === 0) throw new Error(`no team ${subject}`);
      return `team ${updated[0].name}: type ${value}`;
    }
    case 'user:disable':
    case 'user:enable': {
      const status = command === 'user:disable' ? 'disabled' : 'active';
      const updated = await db
        .update(users)
        .set({ status })
        .where(eq(users.email, String(subject).toLowerCase()))
        .returning();
      if (updated.length === 0) throw new Error(`no user ${subject}`);
      return `user ${updated[0].email}: ${status}`;
    }
    case 'search:reindex': {
      if (!io.files) throw new Error('search:reindex needs the file store');
      // The bar is drawn once the total is known (the first call).
      const drawn: { bar?: ReturnType<typeof progressBar> } = {};
      const summary = await reindexLayerTexts(db, io.files, (done, total) => {
        drawn.bar ??= progressBar(io.progress ?? process.stderr, total, 'layer docs');
        drawn.bar.update(done);
      });
      drawn.bar?.end(summary.folders);
      return (
        `search:reindex: ${summary.folders} layer docs read, ${summary.withText} with text, ` +
        `${summary.unreadable} unreadable skipped, ${summary.orphansDropped} orphan rows removed`
      );
    }
    default:
      throw new Error(
        `commands: team:plan, team:type, user:disable, user:enable, search:reindex, ${CONFIGURATION_COMMANDS.join(', ')}`,
      );
  }
}

/** With the embedded database, a running server owns it: the command runs there (operator-socket.ts). */
async function runInRunningServer(config: Config, args: string[]): Promise<boolean> {
  if (config.databaseUrl) return false;
  const answer = await runInServer(config.dataDir, args, process.stderr);
  if (!answer) return false;
  if ('output' in answer) console.log(answer.output);
  else {
    console.error(answer.error);
    process.exitCode = 1;
  }
  return true;
}

if (process.argv[1]?.endsWith('cli.ts')) {
  const config = loadConfig();
  const args = process.argv.slice(2);
  if (!(await runInRunningServer(config, args))) {
    const booted = await buildContext(config);
    try {
      console.log(
        await runCommand(booted.ctx.db, args, {
          files: booted.ctx.files,
          progress: process.stderr,
          bus: booted.ctx.bus,
        }),
      );
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    } finally {
      await booted.close();
    }
  }
}
