import type { ImageView, ProjectSectors, SectionView, StageImage, StageOrderType } from '@ferry/shared';
import { api } from './client';

/**
 * The stage's calls (docs/api.md "Designs, versions, recycle bin" and "Sections"): the designs of a project,
 * their sections, and what the stage does to them.
 */
interface ProjectRef {
  team_id: string;
  project_id: string;
  /** On layout changes: the revision the caller last saw; a stale one answers 10092. */
  stage_revision?: number;
}

export type { SectionView };

export interface StageImages {
  images: StageImage[];
  total: number;
  slow_warning: boolean;
  stage_revision?: number;
}

export type StageSections = ProjectSectors;

/** What a copy or a move to another project did, per source design (spec 001 §4 "Copy"). */
export interface TransferOutcome {
  doneIds: string[];
  errIds: string[];
}

export type StageOrder = StageOrderType;

/** Spec 001 §4: a source id that no returned map names counts as failed. */
export function copyOutcome(sourceIds: string[], result: Record<string, unknown>[] | null): TransferOutcome {
  const copied = new Set((result ?? []).flatMap((entry) => Object.keys(entry ?? {})));
  return {
    doneIds: sourceIds.filter((id) => copied.has(id)),
    errIds: sourceIds.filter((id) => !copied.has(id)),
  };
}

export const designsApi = {
  images: (ref: ProjectRef) => api.get<StageImages>('project/images', { ...ref }),
  sections: (ref: ProjectRef) => api.get<StageSections>('project/project_sectors', { ...ref }),

  rename: (ref: ProjectRef, imageId: string, name: string) =>
    api.put<{ images: ImageView[] }>('project/image', { ...ref, images: [{ image_id: imageId, name }] }),
  /** To the recycle bin. */
  remove: (ref: ProjectRef, imageIds: string[]) =>
    api.delete<{ image_ids: string[] }>('project/image', { ...ref, image_ids: imageIds }),

  copyTo: async (ref: ProjectRef, targetProjectId: string, imageIds: string[]) => {
    const result = await api.post<Record<string, unknown>[] | null>('project/copyimage', {
      team_id: ref.team_id,
      project_id: targetProjectId,
      images: imageIds.map((id) => ({ [id]: null })),
    });
    return copyOutcome(imageIds, result);
  },
  moveTo: async (ref: ProjectRef, targetProjectId: string, imageIds: string[]): Promise<TransferOutcome> => {
    const answer = await api.put<{ images: ImageView[] }>('project/image_move', {
      ...ref,
      target_project_id: targetProjectId,
      image_ids: imageIds,
    });
    const moved = new Set((answer?.images ?? []).map((image) => image.id));
    return {
      doneIds: imageIds.filter((id) => moved.has(id)),
      errIds: imageIds.filter((id) => !moved.has(id)),
    };
  },

  /** Moves designs into a section ('no_section' for ungrouped), after `pre` / before `next` (neither: the end). */
  placeImages: (
    ref: ProjectRef,
    body: { images: string[]; target_sector_id: string; pre_image_id?: string; next_image_id?: string },
  ) => api.put<StageSections>('project/sector_image_sort', { ...ref, ...body }),
  sortOrder: (ref: ProjectRef, orderType: StageOrder) =>
    api.put<{ order_type: StageOrder; stage_revision?: number }>('project/image_sort', {
      ...ref,
      order_type: orderType,
    }),

  /**
   * Holds (or lets go of) the stage for 60 s while the caller rearranges it; meanwhile others' layout changes
   * answer 10092. The holder's own changes go through.
   */
  holdStage: (ref: ProjectRef, lock: boolean) =>
    api.post<{ locked_by: { user_id: string; name: string } | null; expires_at: string | null }>(
      'project/image_lock',
      { ...ref, lock },
    ),

  createSection: (ref: ProjectRef, body: { name?: string; image_ids?: string[]; parent_id?: string }) =>
    api.post<{ sector: SectionView; stage_revision: number }>('project/sector', { ...ref, ...body }),
  renameSection: (ref: ProjectRef, id: string, name: string) =>
    api.put<{ sector: SectionView; stage_revision: number }>('project/sector', { ...ref, id, name }),
  /** Its designs (and those of its sub-sections) go to ungrouped. */
  deleteSection: (ref: ProjectRef, sectionId: string) =>
    api.delete<null>('project/sector', { ...ref, sector_id: sectionId }),
  sortSections: (ref: ProjectRef, sectionIds: string[], parentId: string | null) =>
    api.put<StageSections>('project/sector_sort', {
      ...ref,
      sector_ids: sectionIds,
      ...(parentId ? { parent_id: parentId } : {}),
    }),
};
