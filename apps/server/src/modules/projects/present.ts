import {
  BACKGROUND_THEMES,
  type ProjectCard,
  type ProjectRoleValue,
  projectAbilities,
  type TeamRole,
} from '@ferry/shared';
import type { AppContext } from '../../context.js';
import { urlExpiry } from '../storage/url-expiry.js';
import type { ProjectRow } from './policy.js';

/** A signed URL valid all day (as the designs' are), so a cached list and the browser's images stay valid. */
export function signedCover(ctx: AppContext, key: string): string {
  return key ? ctx.files.signedUrl(key, urlExpiry(ctx.now())) : '';
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
    cover: signedCover(ctx, project.coverKey),
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
