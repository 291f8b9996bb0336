import type { Codes } from '@ferry/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { isUuid } from '../teams/policy.js';

/** A table of things a project holds (hotspots, links, bookmarks…): each row has an id and its project's. */
type ProjectTable = PgTable & { id: PgColumn; projectId: PgColumn };

/**
 * Rows of `table` in the project by id, each id once. An id of another project, one that is no id, or none
 * answers NOT_FOUND (19007), or the `missing` code the call's contract names: a call names only what its
 * project holds. `lock` holds the rows until the transaction ends.
 */
export async function rowsOfProject<T extends ProjectTable>(
  db: Db | Tx,
  table: T,
  projectId: string,
  ids: string[],
  options: { lock?: boolean; missing?: keyof typeof Codes } = {},
): Promise<T['$inferSelect'][]> {
  const missing = options.missing ?? 'NOT_FOUND';
  const unique = [...new Set(ids)];
  if (!unique.every(isUuid)) throw fail(missing);
  const query = db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.projectId, projectId), inArray(table.id, unique)));
  const rows = options.lock ? await query.for('update') : await query;
  if (rows.length !== unique.length) throw fail(missing);
  return rows as T['$inferSelect'][];
}
