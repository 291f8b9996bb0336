import type { DOWNLOAD_TYPES, ProjectCard, ProjectMember, ProjectRoleValue } from '@ferry/shared';
import { api, request } from './client';

/** Project members, roles, cover, background and download setting (docs/api.md "Projects, … project members"). */
export type DownloadType = (typeof DOWNLOAD_TYPES)[number];

export interface DownloadSetting {
  project_id: string;
  download_type: DownloadType;
  user_ids: string[];
}

interface ProjectRef {
  team_id: string;
  project_id: string;
}

export const projectSettingsApi = {
  members: (ref: ProjectRef) => api.get<ProjectMember[]>('project/project_user', { ...ref }),
  addMembers: (body: ProjectRef & { user_ids: string[]; role: ProjectRoleValue }) =>
    api.post<ProjectMember[]>('project/project_user', body),
  /** The spec's call names the new role `code`. */
  changeRole: (body: ProjectRef & { user_id: string; code: ProjectRoleValue }) =>
    api.put<null>('project/role', body),
  removeMember: (body: ProjectRef & { user_id: string }) => api.delete<null>('project/project_user', body),

  uploadCover: (ref: ProjectRef, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return request<ProjectCard>('POST', 'project/project_cover', { query: { ...ref }, form });
  },
  setBackground: (body: ProjectRef & { background: string }) =>
    api.post<ProjectCard>('project/project_background', body),

  downloadSetting: (projectId: string) =>
    api.get<DownloadSetting>('dayu/design/project/doc_download_setting', { project_id: projectId }),
  setDownloadSetting: (body: { project_id: string; download_type: DownloadType; user_ids: string[] }) =>
    api.put<DownloadSetting>('dayu/design/project/doc_download_setting', body),
};
