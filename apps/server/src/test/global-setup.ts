import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { PasswordCipher } from '../modules/account/rsa.js';
import { loadSecrets } from '../modules/account/secrets.js';
import { PGLITE_TEMPLATE_ENV } from './pglite-template.js';

/**
 * On a PostgreSQL server, migrate once before the test files connect. On PGlite, make one migrated data
 * folder for the run: starting a test file's database from its dump skips initdb and the migrations, which
 * took most of a file's start (on a busy two-core machine, 7.5 s instead of 16).
 */
export default async function setup() {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const database = await openDatabase({ databaseUrl });
    await migrate(database);
    await database.close();
    return;
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database);
  // The server's RSA key and link secrets too: a 2048-bit key pair took a second of each file's start.
  await PasswordCipher.load(database.db);
  await loadSecrets(database.db);
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(tmpdir(), `ferry-pglite-${process.pid}-${Date.now()}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return () => rmSync(file, { force: true });
}
