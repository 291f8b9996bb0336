import type { Lang } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { projectAccessFor } from '../projects/policy.js';
import {
  childrenOf,
  designsOn,
  freezeShownOrder,
  loadArrangement,
  moveDesigns,
  presentSections,
  savePlacement,
  sectionsOf,
  targetKey,
} from './arrangement.js';
import { changeLayout, checkParent, type LayoutInput, type ProjectInput, sectorsAnswer } from './service.js';
import { updateStage } from './stage.js';
import { sectors } from './tables.js';

/** Stage order: sections among their siblings, designs within and between sections, the order type. */

/** `PUT project/sector_sort`: the given sections take the array order among their siblings under `parent_id`. */
export async function sortSectors(
  ctx: AppContext,
  userId: string,
  input: LayoutInput & { sector_ids: string[]; parent_id?: string | null },
  lang: Lang,
) {
  return changeLayout(
    ctx,
    userId,
    input,
    async (tx, arrangement) => {
      const parentId = input.parent_id ?? null;
      const listed = sectionsOf(arrangement, [...new Set(input.sector_ids)]);
      for (const section of listed) checkParent(arrangement, section.id, parentId);
      const rest = childrenOf(arrangement, parentId).filter((section) => !listed.includes(section));
      for (const [index, section] of [...listed, ...rest].entries()) {
        await tx
          .update(sectors)
          .set({ parentId, orderIndex: index + 1 })
          .where(eq(sectors.id, section.id));
      }
    },
    sectorsAnswer(lang),
  );
}

/** `PUT project/sector_image_sort`: designs move into a section, after `pre_image_id` or before `next_image_id`. */
export async function sortSectorImages(
  ctx: AppContext,
  userId: string,
  input: LayoutInput & {
    images: string[];
    pre_image_id?: string | null;
    next_image_id?: string | null;
    target_sector_id: string;
  },
  lang: Lang,
) {
  return changeLayout(
    ctx,
    userId,
    input,
    async (tx, arrangement) => {
      const key = targetKey(arrangement, input.target_sector_id);
      const ids = designsOn(arrangement, input.images);
      await freezeShownOrder(tx, arrangement);
      moveDesigns(arrangement, ids, key, { after: input.pre_image_id, before: input.next_image_id });
      await savePlacement(tx, arrangement);
    },
    sectorsAnswer(lang),
  );
}

/** `GET project/search_sector_image`: the sections with only the designs whose name contains the keyword. */
export async function searchSectorImages(
  ctx: AppContext,
  userId: string,
  input: ProjectInput & { keyword: string },
  lang: Lang,
) {
  await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'view');
  const arrangement = await loadArrangement(ctx.db, input.project_id);
  const keyword = input.keyword.toLocaleLowerCase();
  const matches = (id: string) =>
    arrangement.designs.get(id)?.name.toLocaleLowerCase().includes(keyword) ?? false;
  return { sectors: presentSections(arrangement, lang, matches) };
}

/** `PUT project/image_sort`: how the stage orders designs within sections (all, or the listed ones). */
export async function sortImages(
  ctx: AppContext,
  userId: string,
  input: LayoutInput & { order_type: string; sector_ids?: string[] },
  lang: Lang,
) {
  return changeLayout(
    ctx,
    userId,
    input,
    async (tx, arrangement) => {
      const sectorIds = (input.sector_ids ?? []).map((id) => targetKey(arrangement, id));
      await updateStage(tx, input.project_id, { orderType: input.order_type, sectorIds });
    },
    (arrangement) => ({
      order_type: arrangement.stage.orderType,
      sectors: presentSections(arrangement, lang),
    }),
  );
}
