import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { sectors } from './tables.js';

/**
 * Sections of a project by name, for files whose parts come grouped (a Sketch file's pages): the project's
 * section of that name (a top-level one before a sub-section, then the first in stage order), or a new
 * top-level section after the last. Runs in the caller's transaction, so a refused upload makes none.
 */
export async function sectionsNamed(
  tx: Tx,
  projectId: string,
  names: string[],
  now: Date,
): Promise<Map<string, string>> {
  const wanted = [...new Set(names)];
  const found = new Map<string, string>();
  if (wanted.length === 0) return found;
  const rows = await tx
    .select({ id: sectors.id, name: sectors.name })
    .from(sectors)
    .where(and(eq(sectors.projectId, projectId), inArray(sectors.name, wanted)))
    .orderBy(sql`${sectors.parentId} is not null`, asc(sectors.orderIndex), asc(sectors.createdAt));
  for (const row of rows) if (!found.has(row.name)) found.set(row.name, row.id);
  const missing = wanted.filter((name) => !found.has(name));
  if (missing.length === 0) return found;
  const [{ last }] = await tx
    .select({ last: sql<number>`coalesce(max(${sectors.orderIndex}), 0)::int` })
    .from(sectors)
    .where(and(eq(sectors.projectId, projectId), isNull(sectors.parentId)));
  const made = await tx
    .insert(sectors)
    .values(
      missing.map((name, index) => ({
        projectId,
        name,
        orderIndex: last + index + 1,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: sectors.id, name: sectors.name });
  for (const row of made) found.set(row.name, row.id);
  return found;
}
