import { z } from 'zod';
import { DesignLimits, Int32, Limits, SectionLimits } from '../limits.js';
import { int32Schema, textSchema } from '../validation.js';
import type { ImageView } from './designs.js';

/** Sections (the spec's sectors), stage order, sets and the stage lock (spec 001 §3–§4). */
const id = z.string().min(1);
const ids = z.array(id).max(DesignLimits.batchMax);
/** `a,b,c` or `["a","b","c"]`. */
const idList = z
  .union([z.string(), z.array(id)])
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(',')).map((s) => s.trim()).filter(Boolean),
  )
  .pipe(ids.min(1));
const sectionName = textSchema.trim().min(1).max(Limits.nameMaxLength);

/** The id of the ungrouped pseudo-section: designs with no section. */
export const NO_SECTION_ID = 'no_section';
export const UNGROUPED_SECTION_NAME = { zh: '未分组', en: 'Ungrouped' } as const;
export const DEFAULT_SECTION_NAME = { zh: '未命名分组', en: 'Untitled section' } as const;
export const DEFAULT_SET_NAME = { zh: '合并组', en: 'Set' } as const;

/** How the stage orders designs within a section: upload order, natural name order, newest first, by hand. */
export const STAGE_ORDER_TYPES = ['default', 'name', 'time', 'custom'] as const;
export type StageOrderType = (typeof STAGE_ORDER_TYPES)[number];

/**
 * The revision of the stage layout the caller last saw. Every layout-changing call takes it; a stale one
 * answers 10092 instead of overwriting someone else's change.
 */
export const stageRevision = z.coerce.number().int().min(0).max(Int32.max).optional();

/** The revision field alone, for the design calls that change the layout (delete, recover, place). */
export const stageRevisionInput = z.object({ stage_revision: stageRevision });

const project = { project_id: id, team_id: id.optional() };
const layoutChange = { ...project, stage_revision: stageRevision };

export const projectSectorsQuery = z.object(project);

export interface SectionArrangement {
  id: string;
  image_ids: string[];
  children?: SectionArrangement[];
}
const arrangement: z.ZodType<SectionArrangement> = z.lazy(() =>
  z.object({
    id,
    image_ids: ids.default([]),
    children: z.array(arrangement).max(DesignLimits.batchMax).optional(),
  }),
);
export const saveSectorsBody = z.object({
  ...layoutChange,
  sectors: z.array(arrangement).max(DesignLimits.batchMax),
});

export const createSectorBody = z.object({
  ...layoutChange,
  name: sectionName.optional(),
  image_ids: ids.optional(),
  parent_id: id.nullable().optional(),
  order: int32Schema.optional(),
});
export const updateSectorBody = z.object({
  ...layoutChange,
  id,
  name: sectionName.optional(),
  order: int32Schema.optional(),
  parent_id: id.nullable().optional(),
  add_image_ids: ids.optional(),
  rm_image_ids: ids.optional(),
});
export const deleteSectorBody = z.object({ ...layoutChange, sector_id: id });
export const deleteSectorsBody = z.object({ ...layoutChange, sector_ids: idList });

export const sectorImageSortBody = z.object({
  ...layoutChange,
  images: ids.min(1),
  pre_image_id: id.nullable().optional(),
  next_image_id: id.nullable().optional(),
  target_sector_id: id.default(NO_SECTION_ID),
});
export const sectorSortBody = z.object({
  ...layoutChange,
  sector_ids: ids.min(1),
  parent_id: id.nullable().optional(),
});
export const searchSectorImageQuery = z.object({ ...project, keyword: textSchema.trim().min(1).max(255) });

export const imageSortBody = z.object({
  ...layoutChange,
  order_type: z.enum(STAGE_ORDER_TYPES),
  sector_ids: ids.optional(),
});

const positions = z
  .array(z.object({ id, position_x: z.number(), position_y: z.number() }))
  .max(DesignLimits.batchMax)
  .optional();
export const createSetBody = z.object({
  ...layoutChange,
  name: textSchema.trim().min(1).max(255).optional(),
  images: ids.min(SectionLimits.setMinMembers),
  positions,
});
export const updateSetBody = z.object({ ...layoutChange, set_id: id, images: ids, positions });
export const deleteSetBody = z.object({ ...layoutChange, set_id: id });

export const imageLockBody = z.object({ ...project, lock: z.boolean() });

/** A section on the stage, with its designs in stage order and its sub-sections. */
export interface SectionView {
  id: string;
  name: string;
  order: number;
  parent_id: string | null;
  image_ids: string[];
  children: SectionView[];
}

export interface ProjectSectors {
  sectors: SectionView[];
  stage_revision: number;
}

export interface SetAnswer {
  set: ImageView;
}

export interface StageLockView {
  locked_by: { user_id: string; name: string } | null;
  /** ISO time the lease ends; null when nobody holds it. */
  expires_at: string | null;
}
