import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { designs, designVersions } from '../designs/tables.js';
import { walkthroughPages } from './tables.js';

/**
 * Design QA's reads of the designs' tables, in one place: a page shows its design's name and picture and is
 * compared with its version's pixels, each list in one query.
 */

export const pageColumns = {
  page: walkthroughPages,
  versionId: designVersions.id,
  name: designs.name,
  designDeletedAt: designs.deletedAt,
  variants: designVersions.variants,
  width: designVersions.width,
  height: designVersions.height,
  status: designVersions.status,
  layersKey: designVersions.layersKey,
  layersStatus: designVersions.layersStatus,
};

/** The version a page shows: the one it was added at, or the design's current one once that is deleted. */
const shownVersion = eq(
  designVersions.id,
  sql`coalesce(${walkthroughPages.versionId}, ${designs.currentVersionId})`,
);

/** Pages with their design and version; `liveDesign` keeps those whose design is not in the recycle bin. */
export function pagesWithDesigns(db: Db | Tx) {
  return db
    .select(pageColumns)
    .from(walkthroughPages)
    .innerJoin(designs, eq(designs.id, walkthroughPages.designId))
    .innerJoin(designVersions, shownVersion);
}

export const liveDesign = isNull(designs.deletedAt);

const liveOfTask = (taskId: string) => and(eq(walkthroughPages.taskId, taskId), liveDesign);

/** How many pages of the task show a live design. */
export async function livePageCount(db: Db | Tx, taskId: string) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(walkthroughPages)
    .innerJoin(designs, eq(designs.id, walkthroughPages.designId))
    .where(liveOfTask(taskId));
  return Number(n);
}

/** The task's pages of live designs by result. */
export function livePageResults(db: Db | Tx, taskId: string) {
  return db
    .select({ result: walkthroughPages.result, n: count() })
    .from(walkthroughPages)
    .innerJoin(designs, eq(designs.id, walkthroughPages.designId))
    .where(liveOfTask(taskId))
    .groupBy(walkthroughPages.result);
}

/** The version a page compares against. */
export async function versionOfPage(db: Db | Tx, pageId: string) {
  const [row] = await db
    .select({ version: designVersions })
    .from(walkthroughPages)
    .innerJoin(designs, eq(designs.id, walkthroughPages.designId))
    .innerJoin(designVersions, shownVersion)
    .where(eq(walkthroughPages.id, pageId));
  return row?.version ?? null;
}

/** A page's design, for a notice's words; null when it is gone. */
export async function designOfPage(db: Db | Tx, pageId: string) {
  const [row] = await db
    .select({ id: designs.id, name: designs.name })
    .from(walkthroughPages)
    .innerJoin(designs, eq(designs.id, walkthroughPages.designId))
    .where(eq(walkthroughPages.id, pageId));
  return row ?? null;
}
