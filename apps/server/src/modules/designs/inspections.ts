import type { InspectionMark } from '@ferry/shared';
import { and, eq, lt, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { designInspections, designs, designVersions } from './tables.js';

/** The version of each design a person last inspected: stored, read back per design or for a whole stage. */

export async function recordInspection(
  db: Db | Tx,
  row: { userId: string; designId: string; versionId: string; at: Date },
) {
  await db
    .insert(designInspections)
    .values({ userId: row.userId, designId: row.designId, versionId: row.versionId, inspectedAt: row.at })
    .onConflictDoUpdate({
      target: [designInspections.userId, designInspections.designId],
      set: { versionId: row.versionId, inspectedAt: row.at },
    });
}

/** The version of this design the user last inspected, or null. */
export async function lastInspectedVersionId(db: Db | Tx, userId: string, designId: string) {
  const [row] = await db
    .select({ versionId: designInspections.versionId })
    .from(designInspections)
    .where(and(eq(designInspections.userId, userId), eq(designInspections.designId, designId)));
  return row?.versionId ?? null;
}

const inspectedVersion = alias(designVersions, 'inspected_version');
const currentVersion = alias(designVersions, 'current_version');

/**
 * The user's inspection of each design `where` picks (a condition on designs), in one query however many
 * designs there are; designs never inspected are absent.
 */
export async function inspectionMarks(
  db: Db | Tx,
  userId: string,
  where: SQL | undefined,
): Promise<Map<string, InspectionMark>> {
  const rows = await db
    .select({
      designId: designInspections.designId,
      versionId: designInspections.versionId,
      older: sql<boolean>`coalesce(${inspectedVersion.number} < ${currentVersion.number}, false)`,
    })
    .from(designInspections)
    .innerJoin(designs, eq(designs.id, designInspections.designId))
    .innerJoin(inspectedVersion, eq(inspectedVersion.id, designInspections.versionId))
    .leftJoin(currentVersion, eq(currentVersion.id, designs.currentVersionId))
    .where(and(eq(designInspections.userId, userId), where));
  return new Map(
    rows.map((row) => [
      row.designId,
      { inspected_version_id: row.versionId, changed_since_inspected: row.older === true },
    ]),
  );
}

/** A design as presented, with the caller's inspection (none: null and false). */
export function withMark<T extends { id: string }>(image: T, marks: Map<string, InspectionMark>) {
  const mark = marks.get(image.id);
  return {
    ...image,
    inspected_version_id: mark?.inspected_version_id ?? null,
    changed_since_inspected: mark?.changed_since_inspected ?? false,
  };
}

/** Who inspected a version of this design older than `number`, but for `exceptUserId`. */
export async function inspectorsBefore(
  db: Db | Tx,
  designId: string,
  number: number,
  exceptUserId: string | null,
): Promise<string[]> {
  const rows = await db
    .select({ userId: designInspections.userId })
    .from(designInspections)
    .innerJoin(designVersions, eq(designVersions.id, designInspections.versionId))
    .where(
      and(
        eq(designInspections.designId, designId),
        lt(designVersions.number, number),
        exceptUserId ? ne(designInspections.userId, exceptUserId) : undefined,
      ),
    );
  return rows.map((row) => row.userId);
}
