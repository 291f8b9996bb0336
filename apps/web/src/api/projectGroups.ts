import { api } from './client';

/** A team's named group of projects (spec 001 §3, docs/api.md `project/group`). */
export interface ProjectGroup {
  id: string;
  name: string;
  team_id: string;
  order: number;
  project_ids: string[];
}

export const projectGroupsApi = {
  /** An answer that is not a list reads as no groups, so the sidebar never fails on it. */
  list: async (teamId: string) => {
    const answer = await api.get<unknown>('project/group', { team_id: teamId });
    return Array.isArray(answer) ? (answer as ProjectGroup[]) : [];
  },
  /** Answers 10062 when the team already has a group of that name. */
  create: (body: { team_id: string; name: string; project_ids?: string[] }) =>
    api.post<ProjectGroup>('project/group', { project_ids: [], ...body }),
  update: (body: {
    team_id: string;
    group_id: string;
    name?: string;
    add_projects?: string[];
    rm_projects?: string[];
  }) => api.put<ProjectGroup>('project/group', { add_projects: [], rm_projects: [], ...body }),
  remove: (body: { team_id: string; group_id: string }) => api.delete<null>('project/group', body),
};

/** Every group query of a team starts with this key, so one invalidation refreshes them all. */
export const groupKeys = {
  list: (teamId: string) => ['team', teamId, 'projectGroups'] as const,
};
