import {
  type Lang,
  NO_SECTION_ID,
  type ProjectSectors,
  type SectionArrangement,
  SectionLimits,
  type SectionView,
} from '@ferry/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { touchProject } from '../projects/counts.js';
import { projectAccessFor } from '../projects/policy.js';
import {
  type Arrangement,
  childrenOf,
  defaultSectionName,
  depthOf,
  designsOn,
  freezeShownOrder,
  loadArrangement,
  moveDesigns,
  presentSection,
  presentSections,
  savePlacement,
  sectionsOf,
} from './arrangement.js';
import { changeStage } from './stage.js';
import { sectors } from './tables.js';

export type ProjectInput = { project_id: string; team_id?: string };
export type LayoutInput = ProjectInput & { stage_revision?: number };

/**
 * Runs a layout change of a project's stage: edit right, the stage guard (lock, revision), then `change` on
 * the stored arrangement, all in one transaction. Answers what `answer` makes of the arrangement afterwards.
 */
export async function changeLayout<T>(
  ctx: AppContext,
  userId: string,
  input: LayoutInput,
  change: (tx: Tx, arrangement: Arrangement) => Promise<void>,
  answer: (arrangement: Arrangement) => T,
): Promise<T & { stage_revision: number }> {
  await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'edit');
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await changeStage(tx, ctx, input.project_id, userId, input.stage_revision);
    await change(tx, await loadArrangement(tx, input.project_id));
    await touchProject(tx, input.project_id, now);
    const after = await loadArrangement(tx, input.project_id);
    // The caller's next change names this revision: its own change must not make it stale.
    return { ...answer(after), stage_revision: after.stage.revision };
  });
}

/** `GET project/project_sectors`. */
export async function listSectors(
  ctx: AppContext,
  userId: string,
  input: ProjectInput,
  lang: Lang,
): Promise<ProjectSectors> {
  await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'view');
  const arrangement = await loadArrangement(ctx.db, input.project_id);
  return { sectors: presentSections(arrangement, lang), stage_revision: arrangement.stage.revision };
}

export const sectorsAnswer = (lang: Lang) => (arrangement: Arrangement) => ({
  sectors: presentSections(arrangement, lang),
});

/** A new parent for a section: on this project's stage, no cycle, no deeper than section → sub-section. */
export function checkParent(arrangement: Arrangement, sectionId: string | null, parentId: string | null) {
  if (parentId === null) return;
  const [parent] = sectionsOf(arrangement, [parentId]);
  if (sectionId !== null) {
    let current: string | null = parent.id;
    while (current !== null) {
      if (current === sectionId) throw fail('SECTION_CYCLE');
      current = arrangement.sections.find((section) => section.id === current)?.parentId ?? null;
    }
  }
  const height = sectionId !== null && childrenOf(arrangement, sectionId).length > 0 ? 2 : 1;
  if (depthOf(arrangement, parent.id) + height > SectionLimits.depthMax) throw fail('SECTION_TOO_DEEP');
}

const nextSiblingOrder = (arrangement: Arrangement, parentId: string | null) =>
  Math.max(0, ...childrenOf(arrangement, parentId).map((section) => section.orderIndex)) + 1;

/**
 * `POST project/project_sectors`: saves a whole arrangement. Listed sections take the listed nesting and the
 * array order; listed designs go into their section in the listed order, ahead of any designs not listed.
 */
export async function saveSectors(
  ctx: AppContext,
  userId: string,
  input: LayoutInput & { sectors: SectionArrangement[] },
  lang: Lang,
) {
  return changeLayout(
    ctx,
    userId,
    input,
    async (tx, arrangement) => {
      await freezeShownOrder(tx, arrangement);
      const seenSections = new Set<string>();
      const seenDesigns = new Set<string>();
      const placed = new Map<string, string[]>();
      const nesting: { id: string; parentId: string | null; order: number }[] = [];
      const visit = (entries: SectionArrangement[], parentId: string | null, depth: number) => {
        entries.forEach((entry, index) => {
          if (seenSections.has(entry.id)) throw fail('INVALID_INPUT');
          seenSections.add(entry.id);
          const isUngrouped = entry.id === NO_SECTION_ID;
          if (isUngrouped && (parentId !== null || entry.children?.length)) throw fail('INVALID_INPUT');
          if (!isUngrouped) {
            sectionsOf(arrangement, [entry.id]);
            if (depth > SectionLimits.depthMax) throw fail('SECTION_TOO_DEEP');
            nesting.push({ id: entry.id, parentId, order: index + 1 });
          }
          for (const designId of designsOn(arrangement, entry.image_ids)) {
            if (seenDesigns.has(designId)) throw fail('INVALID_INPUT');
            seenDesigns.add(designId);
          }
          placed.set(entry.id, entry.image_ids);
          visit(entry.children ?? [], isUngrouped ? null : entry.id, depth + 1);
        });
      };
      visit(input.sectors, null, 1);
      // A section left out keeps its parent; its sub-sections must still fit under it.
      for (const section of arrangement.sections) {
        const moved = nesting.find((entry) => entry.id === section.id);
        if (moved) Object.assign(section, { parentId: moved.parentId, orderIndex: moved.order });
      }
      for (const section of arrangement.sections) {
        if (depthOf(arrangement, section.id) > SectionLimits.depthMax) throw fail('SECTION_TOO_DEEP');
      }
      for (const entry of nesting) {
        await tx
          .update(sectors)
          .set({ parentId: entry.parentId, orderIndex: entry.order })
          .where(eq(sectors.id, entry.id));
      }
      for (const [key, ids] of placed) {
        const rest = (arrangement.lists.get(key) ?? []).filter((id) => !seenDesigns.has(id));
        moveDesigns(arrangement, ids, key);
        arrangement.lists.set(key, [...ids, ...rest]);
      }
      await savePlacement(tx, arrangement);
    },
    sectorsAnswer(lang),
  );
}

/** `POST project/sector`: a new section, last among its siblings unless `order` is given; listed designs move in. */
export async function createSector(
  ctx: AppContext,
  userId: string,
  input: LayoutInput & { name?: string; image_ids?: string[]; parent_id?: string | null; order?: number },
  lang: Lang,
): Promise<{ sector: SectionView; stage_revision: number }> {
  let madeId = '';
  return changeLayout(
    ctx,
    userId,
    input,
    async (tx, arrangement) => {
      const parentId = input.parent_id ?? null;
      checkParent(arrangement, null, parentId);
      const ids = designsOn(arrangement, input.image_ids ?? []);
      const [made] = await tx
        .insert(sectors)
        .values({
          projectId: input.project_id,
          parentId,
          name: input.name ?? defaultSectionName(lang),
          orderIndex: input.order ?? nextSiblingOrder(arrangement, parentId),
          createdAt: ctx.now(),
          updatedAt: ctx.now(),
        })
        .returning();
      madeId = made.id;
      arrangement.lists.set(made.id, []);
      moveDesigns(arrangement, ids, made.id);
      await savePlacement(tx, arrangement);
    },
    (arrangement) => ({ sector: presentSection(arrangement, sectionsOf(arrangement, [madeId])[0]) }),
  );
}

/** `PUT project/sector`: rename, reorder, re-nest; designs in (`add_image_ids`) or out to ungrouped (`rm_image_ids`). */
export async function updateSector(
  ctx: AppContext,
  userId: string,
  input: LayoutInput & {
    id: string;
    name?: string;
    order?: number;
    parent_id?: string | null;
    add_image_ids?: string[];
    rm_image_ids?: string[];
  },
): Promise<{ sector: SectionView; stage_revision: number }> {
  return changeLayout(
    ctx,
    userId,
    input,
    async (tx, arrangement) => {
      const [section] = sectionsOf(arrangement, [input.id]);
      if (input.parent_id !== undefined) checkParent(arrangement, section.id, input.parent_id);
      const added = designsOn(arrangement, input.add_image_ids ?? []);
      const removed = designsOn(arrangement, input.rm_image_ids ?? []).filter(
        (id) => arrangement.designs.get(id)?.sectorId === section.id,
      );
      await tx
        .update(sectors)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.order !== undefined ? { orderIndex: input.order } : {}),
          ...(input.parent_id !== undefined ? { parentId: input.parent_id } : {}),
          updatedAt: ctx.now(),
        })
        .where(eq(sectors.id, section.id));
      moveDesigns(arrangement, added, section.id);
      moveDesigns(arrangement, removed, NO_SECTION_ID);
      await savePlacement(tx, arrangement);
    },
    (arrangement) => ({ sector: presentSection(arrangement, sectionsOf(arrangement, [input.id])[0]) }),
  );
}

/**
 * `DELETE project/sector` and `project/sector_new`: the sections and their sub-sections go; their designs go
 * to the end of ungrouped (designs in the bin lose the section through the foreign key and recover there).
 */
export async function deleteSectors(
  ctx: AppContext,
  userId: string,
  input: LayoutInput & { sector_ids: string[] },
) {
  return changeLayout(
    ctx,
    userId,
    input,
    async (tx, arrangement) => {
      const doomed = new Set<string>();
      for (const section of sectionsOf(arrangement, [...new Set(input.sector_ids)])) {
        doomed.add(section.id);
        for (const child of childrenOf(arrangement, section.id)) doomed.add(child.id);
      }
      for (const id of doomed) moveDesigns(arrangement, arrangement.lists.get(id) ?? [], NO_SECTION_ID);
      await savePlacement(tx, arrangement);
      await tx
        .delete(sectors)
        .where(and(eq(sectors.projectId, input.project_id), inArray(sectors.id, [...doomed])));
    },
    () => ({}),
  );
}
