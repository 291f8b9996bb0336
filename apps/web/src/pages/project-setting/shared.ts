import { assignableProjectRoles, canQuitProject, DesignLimits, type ProjectCard } from '@ferry/shared';
import { useQuery } from '@tanstack/react-query';
import { projectSettingsApi } from '../../api/projectSettings';
import { findTeam, useSession } from '../../state/session';

/** Query keys of one project's settings; every key starts with ['team', teamId] so leaving a team drops them. */
export const settingKeys = {
  members: (teamId: string, projectId: string) => ['team', teamId, 'project', projectId, 'members'] as const,
  download: (teamId: string, projectId: string) =>
    ['team', teamId, 'project', projectId, 'download'] as const,
};

export interface ProjectRef {
  team_id: string;
  project_id: string;
}

export const refOf = (project: Pick<ProjectCard, 'team_id' | 'project_id'>): ProjectRef => ({
  team_id: project.team_id,
  project_id: project.project_id,
});

/** The cover formats the server turns into a 480×360 thumbnail (at most DesignLimits.coverMaxBytes). */
export const COVER_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
const COVER_EXTENSIONS = /\.(png|jpe?g|webp|gif)$/i;

/** Why a picked file cannot be a cover, checked before the upload; the server checks the bytes again. */
export function coverProblem(file: Pick<File, 'type' | 'size' | 'name'>): 'type' | 'size' | null {
  const typeOk = file.type
    ? (COVER_TYPES as readonly string[]).includes(file.type)
    : COVER_EXTENSIONS.test(file.name);
  if (!typeOk) return 'type';
  if (file.size > DesignLimits.coverMaxBytes) return 'size';
  return null;
}

/** What the caller is in this project: their team role (from the session's teams), the roles they may give. */
export function useProjectActor(project: ProjectCard) {
  const { userId } = useSession();
  const teamRole = findTeam(project.team_id)?.role.type ?? 'onlooker';
  return {
    userId,
    teamRole,
    roles: assignableProjectRoles(teamRole, project.project_role, project.abilities.can_manage),
    canQuit: canQuitProject(teamRole, project.project_role),
  };
}

/** The project's members with the caller's abilities on each (GET project/project_user). */
export function useProjectMembers(project: ProjectCard) {
  return useQuery({
    queryKey: settingKeys.members(project.team_id, project.project_id),
    queryFn: () => projectSettingsApi.members(refOf(project)),
  });
}
