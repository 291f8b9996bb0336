import type { ImageDetail, ImageView, ProjectMember } from '@ferry/shared';
import { api, request } from './client';

/**
 * One design and what belongs to it (docs/api.md "Designs, versions, recycle bin"): its detail and versions,
 * and the project's recycle bin. The stage's own calls live in designs.ts.
 */
interface ProjectRef {
  team_id: string;
  project_id: string;
}

/** A design in the recycle bin: when and by whom it was deleted, and how long it stays. */
export interface DeletedImage extends ImageView {
  deleted_time: string;
  deleted_by: string | null;
  expire_time: string;
  left_days: number;
}

export const designDetailApi = {
  /**
   * Quiet: the detail view shows a refusal (no permission, deleted, not found) in place, in the server's
   * words, instead of the app-wide reaction.
   */
  image: (ref: ProjectRef, imageId: string) =>
    request<ImageDetail>('GET', 'project/image', { query: { ...ref, image_id: imageId }, quiet: true }),

  switchVersion: (ref: ProjectRef, imageId: string, versionId: string) =>
    api.put<ImageView>('project/image_version', { ...ref, image_id: imageId, version_id: versionId }),
  /** The only version deletes the design (to the recycle bin): `image_deleted` says so. */
  deleteVersion: (ref: ProjectRef, imageId: string, versionId: string) =>
    api.delete<{ image_deleted: boolean; image: ImageView | null }>('project/image_version', {
      ...ref,
      image_id: imageId,
      version_id: versionId,
    }),

  recycleBin: (ref: ProjectRef) => api.get<{ images: DeletedImage[] }>('project/recycle_bin', { ...ref }),
  recover: (ref: ProjectRef, imageIds: string[]) =>
    api.put<{ images: ImageView[] }>('project/image_recovery', { ...ref, images: imageIds }),

  /** Names for the user ids the bin carries. */
  members: (ref: ProjectRef) => api.get<ProjectMember[]>('project/project_user', { ...ref }),
};
