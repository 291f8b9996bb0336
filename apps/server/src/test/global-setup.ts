import { openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';

/** On a PostgreSQL server, migrate once before the test files connect; PGlite files migrate their own. */
export default async function setup() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) return;
  const database = await openDatabase({ databaseUrl });
  await migrate(database);
  await database.close();
}
