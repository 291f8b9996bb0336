import {
  DEFAULT_SECTION_NAME,
  type Lang,
  NO_SECTION_ID,
  SectionLimits,
  type SectionView,
  type StageOrderType,
  UNGROUPED_SECTION_NAME,
} from '@ferry/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { designs } from '../designs/tables.js';
import { readStage, type StageRow, updateStage } from './stage.js';
import { sectors } from './tables.js';

export type SectorRow = typeof sectors.$inferSelect;
type StageDesign = Pick<
  typeof designs.$inferSelect,
  'id' | 'name' | 'type' | 'sectorId' | 'orderIndex' | 'createdAt' | 'parentSetId'
>;

/**
 * A project's stage as it is stored: its sections, and for each section (and `no_section`) the ids of its
 * live designs in stored order (order_index). The order the stage shows comes from `shownList`.
 */
export interface Arrangement {
  stage: StageRow;
  sections: SectorRow[];
  designs: Map<string, StageDesign>;
  lists: Map<string, string[]>;
}

const byStoredOrder = (a: StageDesign, b: StageDesign) =>
  a.orderIndex - b.orderIndex || a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1);
/** Natural order: "2" before "10". */
const naturalName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const comparers: Record<StageOrderType, (a: StageDesign, b: StageDesign) => number> = {
  default: byStoredOrder,
  custom: byStoredOrder,
  name: (a, b) => naturalName.compare(a.name, b.name) || byStoredOrder(a, b),
  time: (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || byStoredOrder(a, b),
};

export const sectionKey = (sectorId: string | null) => sectorId ?? NO_SECTION_ID;

export async function loadArrangement(db: Db | Tx, projectId: string): Promise<Arrangement> {
  const stage = await readStage(db, projectId);
  const sections = await db
    .select()
    .from(sectors)
    .where(eq(sectors.projectId, projectId))
    .orderBy(asc(sectors.orderIndex), asc(sectors.createdAt), asc(sectors.id));
  const rows = await db
    .select({
      id: designs.id,
      name: designs.name,
      type: designs.type,
      sectorId: designs.sectorId,
      orderIndex: designs.orderIndex,
      createdAt: designs.createdAt,
      parentSetId: designs.parentSetId,
    })
    .from(designs)
    .where(and(eq(designs.projectId, projectId), isNull(designs.deletedAt)));
  rows.sort(byStoredOrder);
  const lists = new Map<string, string[]>([[NO_SECTION_ID, []]]);
  for (const section of sections) lists.set(section.id, []);
  for (const row of rows) lists.get(sectionKey(row.sectorId))?.push(row.id);
  return { stage, sections, designs: new Map(rows.map((row) => [row.id, row])), lists };
}

/** A section's designs in the order the stage shows them (the project's order type, where it applies). */
export function shownList(arrangement: Arrangement, key: string): string[] {
  const { stage } = arrangement;
  const ids = arrangement.lists.get(key) ?? [];
  const applies = stage.sectorIds.length === 0 || stage.sectorIds.includes(key);
  const compare = comparers[(applies ? stage.orderType : 'default') as StageOrderType] ?? byStoredOrder;
  return [...ids].sort((a, b) =>
    compare(arrangement.designs.get(a) as StageDesign, arrangement.designs.get(b) as StageDesign),
  );
}

export const childrenOf = (arrangement: Arrangement, parentId: string | null) =>
  arrangement.sections.filter((section) => section.parentId === parentId);

/** Every design of the stage in the order it shows: ungrouped first, then each section before its sub-sections. */
export function stageOrder(arrangement: Arrangement): string[] {
  const walk = (parentId: string | null): string[] =>
    childrenOf(arrangement, parentId).flatMap((section) => [
      ...shownList(arrangement, section.id),
      ...walk(section.id),
    ]);
  return [...shownList(arrangement, NO_SECTION_ID), ...walk(null)];
}

export function presentSection(
  arrangement: Arrangement,
  section: SectorRow,
  keep: (designId: string) => boolean = () => true,
): SectionView {
  return {
    id: section.id,
    name: section.name,
    order: section.orderIndex,
    parent_id: section.parentId,
    image_ids: shownList(arrangement, section.id).filter(keep),
    children: childrenOf(arrangement, section.id).map((child) => presentSection(arrangement, child, keep)),
  };
}

const hasDesigns = (view: SectionView): boolean =>
  view.image_ids.length > 0 || view.children.some(hasDesigns);

/**
 * The stage's sections, ungrouped first. With `keep`, only the designs it keeps, and only sections that keep
 * some (the search).
 */
export function presentSections(
  arrangement: Arrangement,
  lang: Lang,
  keep?: (designId: string) => boolean,
): SectionView[] {
  const ungrouped: SectionView = {
    id: NO_SECTION_ID,
    name: lang === 'zh-CN' ? UNGROUPED_SECTION_NAME.zh : UNGROUPED_SECTION_NAME.en,
    order: SectionLimits.ungroupedOrder,
    parent_id: null,
    image_ids: shownList(arrangement, NO_SECTION_ID).filter(keep ?? (() => true)),
    children: [],
  };
  const views = [
    ungrouped,
    ...childrenOf(arrangement, null).map((section) => presentSection(arrangement, section, keep)),
  ];
  return keep ? views.map(pruneEmpty).filter((view): view is SectionView => view !== null) : views;
}

function pruneEmpty(view: SectionView): SectionView | null {
  if (!hasDesigns(view)) return null;
  return { ...view, children: view.children.map(pruneEmpty).filter((c): c is SectionView => c !== null) };
}

export const defaultSectionName = (lang: Lang) =>
  lang === 'zh-CN' ? DEFAULT_SECTION_NAME.zh : DEFAULT_SECTION_NAME.en;

/** Sections of this project by id; any other id (another project's, made up) is "section not found". */
export function sectionsOf(arrangement: Arrangement, ids: string[]): SectorRow[] {
  return ids.map((id) => {
    const found = arrangement.sections.find((section) => section.id === id);
    if (!found) throw fail('SECTION_NOT_FOUND');
    return found;
  });
}

/** A section id or `no_section`, as a key of `lists`. */
export function targetKey(arrangement: Arrangement, id: string): string {
  if (id === NO_SECTION_ID) return id;
  return sectionsOf(arrangement, [id])[0].id;
}

/** Live designs of this project by id; any other id is "the image has been deleted" (10083). */
export function designsOn(arrangement: Arrangement, ids: string[]): string[] {
  for (const id of ids) if (!arrangement.designs.has(id)) throw fail('IMAGE_DELETED');
  return [...new Set(ids)];
}

/** Takes designs out of whichever section holds them and puts them into `key`, after `afterId` or at the end. */
export function moveDesigns(
  arrangement: Arrangement,
  ids: string[],
  key: string,
  place: { after?: string | null; before?: string | null } = {},
) {
  const moving = new Set(ids);
  for (const [listKey, list] of arrangement.lists) {
    arrangement.lists.set(
      listKey,
      list.filter((id) => !moving.has(id)),
    );
  }
  const target = arrangement.lists.get(key) as string[];
  const afterAt = place.after ? target.indexOf(place.after) : -1;
  const beforeAt = place.before ? target.indexOf(place.before) : -1;
  const at = afterAt >= 0 ? afterAt + 1 : beforeAt >= 0 ? beforeAt : target.length;
  target.splice(at, 0, ...ids);
}

/**
 * Replaces every stored list by what the stage shows and makes the order manual: a hand-made move while the
 * stage sorts by name or time starts from what the user sees, and then stays as they left it.
 */
export async function freezeShownOrder(tx: Tx, arrangement: Arrangement) {
  if (arrangement.stage.orderType !== 'name' && arrangement.stage.orderType !== 'time') return;
  for (const key of arrangement.lists.keys()) arrangement.lists.set(key, shownList(arrangement, key));
  arrangement.stage = { ...arrangement.stage, orderType: 'custom', sectorIds: [] };
  await updateStage(tx, arrangement.stage.projectId, { orderType: 'custom', sectorIds: [] });
}

/** Writes the lists back: section and order_index of each design that moved, in one statement per chunk. */
export async function savePlacement(tx: Tx, arrangement: Arrangement) {
  const changes: { id: string; sectorId: string | null; order: number }[] = [];
  for (const [key, list] of arrangement.lists) {
    const sectorId = key === NO_SECTION_ID ? null : key;
    list.forEach((id, index) => {
      const design = arrangement.designs.get(id) as StageDesign;
      if (design.sectorId !== sectorId || design.orderIndex !== index + 1) {
        changes.push({ id, sectorId, order: index + 1 });
        arrangement.designs.set(id, { ...design, sectorId, orderIndex: index + 1 });
      }
    });
  }
  const chunk = 5000;
  for (let start = 0; start < changes.length; start += chunk) {
    const rows = changes
      .slice(start, start + chunk)
      .map((change) => sql`(${change.id}::uuid, ${change.sectorId}::uuid, ${change.order}::int)`);
    await tx.execute(sql`
      update ${designs} set sector_id = moved.sector_id, order_index = moved.order_index
      from (values ${sql.join(rows, sql`, `)}) as moved (id, sector_id, order_index)
      where ${designs.id} = moved.id`);
  }
}

/** Depth of a section counted from the stage (a top-level section is 1). */
export function depthOf(arrangement: Arrangement, id: string | null): number {
  let depth = 0;
  for (
    let current = arrangement.sections.find((section) => section.id === id);
    current && depth <= SectionLimits.depthMax;
    current = arrangement.sections.find((section) => section.id === current?.parentId)
  ) {
    depth++;
  }
  return depth;
}
