import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.js';

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');
/** Any constant: instances starting together take turns migrating. */
const MIGRATION_LOCK = 4_771_001;

export async function migrate(database: Database): Promise<void> {
  if (!database.pool) {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants its engine's own database type
    await migratePglite(database.db as any, { migrationsFolder });
    return;
  }
  // A session advisory lock on one dedicated connection keeps concurrent instances from racing.
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg({ client }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}
