import { sql } from 'drizzle-orm';
import type { Tx } from './client.js';

/**
 * Holds the lock named `key` (e.g. `bookmarks:<project id>`) until the transaction ends, so changes that read
 * then write the same thing (a limit, a numbering) run one at a time.
 */
export async function lockUntilCommit(tx: Tx, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
