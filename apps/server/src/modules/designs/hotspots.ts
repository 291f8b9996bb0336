import { asc, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { designsOfProject } from './policy.js';
import { designs, designVersions } from './tables.js';

/** What the prototypes domain (above this one) asks of designs: their sizes, and the stage's hotspot count. */

export interface DesignSize {
  width: number;
  height: number;
}

/**
 * Live designs of the project a hotspot or a flow link may join; any other id answers 10083
 * (`designsOfProject`), and so does a set: a grouping on the stage, which dissolving deletes for good.
 */
export async function prototypeDesigns(db: Db | Tx, projectId: string, ids: string[]) {
  const found = await designsOfProject(db, projectId, ids, 'live');
  if (found.some((design) => design.type === 'set')) throw fail('IMAGE_DELETED');
  return found;
}

/**
 * The size of each design's current version, for designs `prototypeDesigns` accepts. A design with no ready
 * size (a version still processing) is 0 × 0.
 */
export async function liveDesignSizes(
  db: Db | Tx,
  projectId: string,
  ids: string[],
): Promise<Map<string, DesignSize>> {
  const found = await prototypeDesigns(db, projectId, ids);
  const versionIds = found.flatMap((design) => (design.currentVersionId ? [design.currentVersionId] : []));
  const versions =
    versionIds.length === 0
      ? []
      : await db
          .select({ id: designVersions.id, width: designVersions.width, height: designVersions.height })
          .from(designVersions)
          .where(inArray(designVersions.id, versionIds));
  const byVersion = new Map(versions.map((version) => [version.id, version]));
  return new Map(
    found.map((design) => {
      const version = design.currentVersionId ? byVersion.get(design.currentVersionId) : undefined;
      return [design.id, { width: version?.width ?? 0, height: version?.height ?? 0 }];
    }),
  );
}

/** Sets `hotspot_count` of each design in one statement, inside the caller's transaction. */
export async function setHotspotCounts(tx: Tx, counts: Map<string, number>) {
  if (counts.size === 0) return;
  const rows = sql.join(
    [...counts].map(([id, count]) => sql`(${id}::uuid, ${count}::int)`),
    sql`, `,
  );
  await tx.execute(
    sql`update ${designs} set hotspot_count = counted.n from (values ${rows}) as counted(id, n) where ${designs.id} = counted.id`,
  );
}

/**
 * Holds these designs' rows until the caller's transaction ends, so the hotspots of a design are counted and
 * changed by one call at a time (in id order: two calls never wait for each other).
 */
export async function lockHotspotCounts(tx: Tx, ids: string[]) {
  if (ids.length === 0) return;
  await tx
    .select({ id: designs.id })
    .from(designs)
    .where(inArray(designs.id, ids))
    .orderBy(asc(designs.id))
    .for('update');
}
