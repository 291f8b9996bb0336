import type { FolderNode, PermissionMode, ProjectCard, ProjectTab, ProjectType } from '@ferry/shared';
import { api } from './client';

/** Project and folder calls of docs/api.md ("Projects, folders, groups, project members"). */
export type SortDirection = 'asc' | 'desc';
/** The list order, saved as `item_order`: the default order, the name, or the creation time. */
export type ProjectSortField = 'default_order' | 'name_order' | 'time_order';
export interface ProjectSort {
  field: ProjectSortField;
  direction: SortDirection;
}

export interface ProjectPage {
  list: ProjectCard[];
  total: number;
  has_next: boolean;
}

export interface ProjectListQuery {
  team_id: string;
  folder_id?: string;
  group_id?: string;
  tab: ProjectTab;
  /** Only this type: the design-specs node lists the dsm projects. */
  type?: ProjectType;
  sort: ProjectSort;
  pageNo: number;
  pageSize: number;
}

/** The root node of GET project/folder: 全部项目 with the team's folders below it. */
export type FolderTree = FolderNode & { rootProjectLength?: number };

export interface FolderSummary {
  id: string;
  folder_id: string;
  name: string;
  parentId: string | null;
}

export interface SearchResult {
  projects: ProjectCard[];
  folders: FolderSummary[];
  has_next: boolean;
  total: number;
}

export interface TeamRef {
  team_id: string;
}
export interface ProjectRef extends TeamRef {
  project_id: string;
}

export const listProjects = ({ sort, ...query }: ProjectListQuery) =>
  api.get<ProjectPage>('account/user_projects', { ...query, [sort.field]: sort.direction });

/** Every project of the team the caller sees, page after page until has_next is false (spec 001 §4). */
export async function listAllProjects(teamId: string): Promise<ProjectCard[]> {
  const pageSize = 100;
  const out: ProjectCard[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const page = await listProjects({
      team_id: teamId,
      tab: 'all',
      sort: { field: 'default_order', direction: 'desc' },
      pageNo,
      pageSize,
    });
    out.push(...page.list);
    if (!page.has_next || page.list.length === 0) return out;
  }
}

/** Opens a project: the card, and a visit recorded for "recently used". */
export const getProject = (pid: string, teamId?: string) =>
  api.get<ProjectCard>('project/project_info', { pid, team_id: teamId });

/** Answers 19027 past the team's project limit. */
export const createProject = (
  body: TeamRef & { name?: string; type: ProjectType; folder_id?: string | null },
) => api.post<ProjectCard>('project/project_info', body);

export const updateProject = (body: ProjectRef & { name?: string; permission_mode?: PermissionMode }) =>
  api.put<ProjectCard>('project/project_info', body);

/** `p_name` must be exactly the project's name (19035 otherwise). */
export const deleteProject = (body: ProjectRef & { p_name: string }) =>
  api.delete<null>('project/project_info', body);

export const checkRepeatedName = (query: TeamRef & { name: string; project_id?: string }) =>
  api.get<{ repeated: boolean }>('dayu/design/project/check_repeated_name', { ...query });

/** `folder_id` null (or the root id) moves the projects to the top. */
export const moveProjects = (body: TeamRef & { project_ids: string[]; folder_id: string | null }) =>
  api.post<null>('project/move_project', body);

export const updateProjectOrder = (body: TeamRef & { project_ids: string[] }) =>
  api.post<null>('project/update_project_order', body);

export const quitProject = (body: ProjectRef) => api.post<null>('project/quit_project', body);

export const searchProjects = (query: TeamRef & { keyword: string; pageNo: number; pageSize: number }) =>
  api.get<SearchResult>('project/search_project', { ...query });

export const getFolderTree = (teamId: string) => api.get<FolderTree>('project/folder', { team_id: teamId });

/** 19032 when the name is taken at that level, 19034 past the depth limit. */
export const createFolder = (body: TeamRef & { name: string; parent_id?: string | null }) =>
  api.post<FolderSummary>('project/folder', body);

/** Rename or move; 19033 into its own child, 19034 too deep. */
export const updateFolder = (
  body: TeamRef & { folder_id: string; name?: string; parent_id?: string | null },
) => api.put<FolderTree>('project/folder', body);

/** Its projects and folders move up to its parent. */
export const deleteFolder = (body: TeamRef & { folder_id: string }) =>
  api.delete<null>('project/folder', body);

export const updateFolderOrder = (body: TeamRef & { folder_ids: string[] }) =>
  api.post<null>('project/update_folder_order', body);

export const searchFolders = (query: TeamRef & { keyword: string }) =>
  api.get<FolderSummary[]>('project/search_folder', { ...query });

export const folderProjects = (
  query: TeamRef & { folder_id?: string; default_order?: SortDirection; pageNo: number; pageSize: number },
) => api.get<ProjectPage>('account/folder_projects', { ...query });

/** Every project query of a team starts with this key, so one invalidation refreshes lists, tree and search. */
export const projectKeys = {
  all: (teamId: string) => ['team', teamId, 'projects'] as const,
  list: (query: Omit<ProjectListQuery, 'pageNo'>) =>
    [...projectKeys.all(query.team_id), 'list', query] as const,
  search: (teamId: string, keyword: string) => [...projectKeys.all(teamId), 'search', keyword] as const,
  folders: (teamId: string) => [...projectKeys.all(teamId), 'folders'] as const,
};
