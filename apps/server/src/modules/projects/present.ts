import {
  BACKGROUND_THEMES,
  Limits,
  type ProjectCard,
  type ProjectRoleValue,
  projectAbilities,
  type TeamRole,
} from '@ferry/shared';
import type { AppContext } from '../../context.js';
import type { ProjectRow } from './policy.js';

export function coverUrl(ctx: AppContext, project: ProjectRow): string {
  if (!project.coverKey) return '';
  return ctx.files.signedUrl(project.coverKey, new Date(ctx.now().getTime() + Limits.msPerDay));
}

export function presentProject(
  ctx: AppContext,
  project: ProjectRow,
  teamRole: TeamRole,
  projectRole: ProjectRoleValue | null,
): ProjectCard {
  return {
    id: project.id,
    project_id: project.id,
    name: project.name,
    type: project.type as ProjectCard['type'],
    cover: coverUrl(ctx, project),
    background: project.background,
    theme: BACKGROUND_THEMES[project.background] ?? 'default',
    create_time: project.createdAt.toISOString(),
    update_time: project.updatedAt.toISOString(),
    order_index: project.orderIndex,
    folder_id: project.folderId,
    team_id: project.teamId,
    permission_mode: project.permissionMode as ProjectCard['permission_mode'],
    project_role: projectRole,
    abilities: projectAbilities(teamRole, projectRole, project.permissionMode as 'A' | 'B'),
  };
}
