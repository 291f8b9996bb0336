import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { designs, designVersions } from './tables.js';

export interface LayerDocRef {
  designId: string;
  layersKey: string;
}

/**
 * The stored LayerDocs of the live designs of some projects, by their current versions, newest upload first:
 * at most `limit` of them, and how many there were in all. Designs whose layers are not ready are left out.
 */
export async function currentLayerDocs(
  db: Db | Tx,
  projectIds: string[],
  limit: number,
): Promise<{ refs: LayerDocRef[]; total: number }> {
  if (projectIds.length === 0) return { refs: [], total: 0 };
  const where = and(
    inArray(designs.projectId, projectIds),
    isNull(designs.deletedAt),
    eq(designVersions.layersStatus, 'ready'),
  );
  const [rows, [all]] = await Promise.all([
    db
      .select({ designId: designs.id, layersKey: designVersions.layersKey })
      .from(designs)
      .innerJoin(designVersions, eq(designVersions.id, designs.currentVersionId))
      .where(where)
      .orderBy(desc(designVersions.createdAt), desc(designs.id))
      .limit(limit),
    db
      .select({ n: count() })
      .from(designs)
      .innerJoin(designVersions, eq(designVersions.id, designs.currentVersionId))
      .where(where),
  ]);
  const refs = rows.flatMap((row) =>
    row.layersKey ? [{ designId: row.designId, layersKey: row.layersKey }] : [],
  );
  return { refs, total: Number(all.n) };
}
