import {
  assignableProjectRoles,
  Codes,
  canQuitProject,
  isContributor,
  type ProjectAbilities,
  type ProjectRoleValue,
  projectAbilities,
  projectActorRank,
  projectRoleRank,
  type TeamRole,
} from '@ferry/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { AppError, fail } from '../../http/errors.js';
import { isUuid, roleInTeam } from '../teams/policy.js';
import { projectMembers, projects } from './tables.js';

export type ProjectRow = typeof projects.$inferSelect;

export interface ProjectAccess {
  project: ProjectRow;
  teamRole: TeamRole;
  projectRole: ProjectRoleValue | null;
  abilities: ProjectAbilities;
}

/**
 * Finds a project of the given team and what the caller may do in it. A project of another team, or an id
 * that does not exist, is "project does not exist"; one the caller may not see answers HTTP 418.
 */
export async function projectAccess(
  db: Db | Tx,
  userId: string,
  teamId: string,
  projectId: string,
): Promise<ProjectAccess> {
  const teamRole = await roleInTeam(db, userId, teamId);
  if (!isUuid(projectId)) throw fail('PROJECT_NOT_FOUND');
  const [row] = await db
    .select({ project: projects, role: projectMembers.role })
    .from(projects)
    .leftJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)),
    )
    .where(and(eq(projects.id, projectId), eq(projects.teamId, teamId)));
  if (!row) throw fail('PROJECT_NOT_FOUND');
  const projectRole = (row.role ?? null) as ProjectRoleValue | null;
  const abilities = projectAbilities(teamRole, projectRole, row.project.permissionMode as 'A' | 'B');
  if (!abilities.can_view) throw fail('NOT_ALLOWED');
  return { project: row.project, teamRole, projectRole, abilities };
}

/**
 * The caller's access to a project for a call that may name only the project (its team is found first);
 * `edit` refuses those who may only look.
 */
export async function projectAccessFor(
  db: Db | Tx,
  userId: string,
  teamId: string | undefined,
  projectId: string,
  need: 'view' | 'edit',
): Promise<ProjectAccess> {
  const team = teamId ?? (await teamOfProject(db, projectId, userId));
  const access = await projectAccess(db, userId, team, projectId);
  if (need === 'edit') requireEdit(access);
  return access;
}

/**
 * The team a project belongs to, for calls that name only the project (`pid`). A project of a team the
 * caller is not in does not exist for them, as with any other id of another team; someone removed from the
 * team, or whose team was dissolved, still hears so (19013, 19014).
 */
export async function teamOfProject(db: Db | Tx, projectId: string, userId: string): Promise<string> {
  if (!isUuid(projectId)) throw fail('PROJECT_NOT_FOUND');
  const [row] = await db.select({ teamId: projects.teamId }).from(projects).where(eq(projects.id, projectId));
  if (!row) throw fail('PROJECT_NOT_FOUND');
  await roleInTeam(db, userId, row.teamId).catch((error: unknown) => {
    throw error instanceof AppError && error.entry === Codes.TEAM_NOT_FOUND
      ? fail('PROJECT_NOT_FOUND')
      : error;
  });
  return row.teamId;
}

export function requireEdit(access: ProjectAccess) {
  if (!access.abilities.can_edit) throw fail('NO_PERMISSION');
}

export function requireManage(access: ProjectAccess) {
  if (!access.abilities.can_manage) throw fail('NO_PERMISSION');
}

/** Creating projects and folders needs an editing team role (not a viewer). */
export async function requireTeamEditor(db: Db | Tx, userId: string, teamId: string): Promise<TeamRole> {
  const role = await roleInTeam(db, userId, teamId);
  if (!isContributor(role)) throw fail('NO_PERMISSION');
  return role;
}

/** The super admin sees every project of the team, whatever its mode; others see what the list's SQL allows. */
export const seesEveryProject = (teamRole: TeamRole) => teamRole === 'superadmin';

/** The rank a project member holds: the super admin, in every project without a row, above any project role. */
export const memberRank = (teamRole: TeamRole, projectRole: ProjectRoleValue | null) =>
  seesEveryProject(teamRole) ? projectActorRank(teamRole, projectRole, true) : projectRankOf(projectRole);

const projectRankOf = (role: ProjectRoleValue | null) => (role ? projectRoleRank(role) : 0);

const actorRank = (access: ProjectAccess) =>
  projectActorRank(access.teamRole, access.projectRole, access.abilities.can_manage);

/** A manager changes or removes only members ranked below them, never themselves (spec 001 §6). */
export function mayChangeProjectMember(access: ProjectAccess, targetRank: number, isSelf: boolean): boolean {
  return access.abilities.can_manage && !isSelf && targetRank < actorRank(access);
}

/** A manager gives only roles below the rank they hold. */
export function mayGiveProjectRole(access: ProjectAccess, role: ProjectRoleValue): boolean {
  return assignableProjectRoles(access.teamRole, access.projectRole, access.abilities.can_manage).includes(
    role,
  );
}

/** Someone added to the project may leave it; the super admin is in every project and cannot. */
export function requireQuit(access: ProjectAccess) {
  if (!canQuitProject(access.teamRole, access.projectRole)) throw fail('NO_PERMISSION');
}

/** Whether the user's project role lets them edit some mode-B project of the team (where it overrides the team role). */
export async function editsSomeModeBProject(db: Db | Tx, userId: string, teamId: string): Promise<boolean> {
  const [editable] = await db
    .select({ id: projects.id })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(
      and(
        eq(projectMembers.userId, userId),
        eq(projects.teamId, teamId),
        eq(projects.permissionMode, 'B'),
        inArray(projectMembers.role, ['admin', 'member']),
      ),
    )
    .limit(1);
  return editable !== undefined;
}
