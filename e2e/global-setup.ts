import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { PasswordCipher } from '../apps/server/src/modules/account/rsa.js';
import { loadSecrets } from '../apps/server/src/modules/account/secrets.js';
import { E2E_DATA_TEMPLATE_ENV } from './harness.js';

/**
 * One migrated data folder (database, RSA key, link secrets) for the run: each browser test's server starts
 * from a copy of it instead of running initdb and every migration at its start.
 */
export default async function setup() {
  const template = mkdtempSync(path.join(tmpdir(), 'ferry-e2e-template-'));
  const database = await openDatabase({ dataDir: template });
  await migrate(database);
  await PasswordCipher.load(database.db);
  await loadSecrets(database.db);
  await database.close();
  process.env[E2E_DATA_TEMPLATE_ENV] = template;
  return () => rmSync(template, { recursive: true, force: true });
}
