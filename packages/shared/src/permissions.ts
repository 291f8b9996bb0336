/** Roles and the pure permission rules of spec 000 §6. The server's policies apply them; the web reads the results. */
export const TEAM_ROLES = ['superadmin', 'admin', 'member', 'onlooker'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
export const PROJECT_ROLES = ['admin', 'member', 'onlooker'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];

const rank: Record<TeamRole, number> = { superadmin: 4, admin: 3, member: 2, onlooker: 1 };

export function isTeamRole(value: unknown): value is TeamRole {
  return typeof value === 'string' && (TEAM_ROLES as readonly string[]).includes(value);
}

export function roleRank(role: TeamRole): number {
  return rank[role];
}

/** Display names of the roles, as the interface shows them. */
export const roleNames: Record<TeamRole, { zh: string; en: string }> = {
  superadmin: { zh: '超级管理员', en: 'Super admin' },
  admin: { zh: '管理员', en: 'Admin' },
  member: { zh: '成员', en: 'Member' },
  onlooker: { zh: '查看者', en: 'Viewer' },
};

/** Team-level abilities sent with the team so the web app shows only what the server allows. */
export interface TeamAbilities {
  can_rename: boolean;
  can_manage_members: boolean;
  can_dissolve: boolean;
}

export function teamAbilities(role: TeamRole): TeamAbilities {
  return {
    can_rename: rank[role] >= rank.admin,
    can_manage_members: rank[role] >= rank.admin,
    can_dissolve: role === 'superadmin',
  };
}

/** Only a member of lower rank than yourself can be removed, and never yourself (spec 000 §6). */
export function canRemoveMember(actor: TeamRole, target: TeamRole, isSelf: boolean): boolean {
  return !isSelf && rank[actor] > rank[target] && rank[actor] >= rank.admin;
}

/** Admin rights in a team (spec 000 §6): its admins and super admin. */
export function isTeamAdmin(role: TeamRole): boolean {
  return roleRank(role) >= roleRank('admin');
}

/** A team role that may create and change things (projects, folders, groups): anyone but a viewer. */
export function isContributor(role: TeamRole): boolean {
  return role !== 'onlooker';
}

/** Anyone but the super admin may leave a team; the super admin transfers it first (spec 000 §8). */
export function canQuitTeam(role: TeamRole): boolean {
  return role !== 'superadmin';
}

export type AssignableTeamRole = Exclude<TeamRole, 'superadmin'>;

/** Team roles an actor may hand out (invite with, change to): strictly below their own, never super admin (a transfer). */
export function assignableRoles(actor: TeamRole): AssignableTeamRole[] {
  if (rank[actor] < rank.admin) return [];
  return (['admin', 'member', 'onlooker'] as const).filter((role) => rank[role] < rank[actor]);
}

export type ProjectRoleValue = 'admin' | 'member' | 'onlooker';
const projectRank: Record<ProjectRoleValue, number> = { admin: 3, member: 2, onlooker: 1 };

/**
 * What a team member may do in a project (spec 000 §6). Mode A: the team role decides. Otherwise the project
 * role counts: only the super admin and the project's members see it, its non-onlookers edit, its admins manage.
 */
export function projectAbilities(teamRole: TeamRole, projectRole: ProjectRoleValue | null, mode: 'A' | 'B') {
  if (teamRole === 'superadmin')
    return { can_view: true, can_edit: true, can_manage: true, can_delete: true };
  if (mode === 'A') {
    const manage = teamRole === 'admin';
    return { can_view: true, can_edit: teamRole !== 'onlooker', can_manage: manage, can_delete: manage };
  }
  const manage = projectRole === 'admin';
  return {
    can_view: projectRole !== null,
    can_edit: projectRole === 'admin' || projectRole === 'member',
    can_manage: manage,
    can_delete: manage,
  };
}

/**
 * The rank an actor holds over a project's members: the super admin above all, a manager as a project admin,
 * otherwise their project role. Only lower ranks can be changed or removed, never yourself.
 */
export function projectActorRank(
  teamRole: TeamRole,
  projectRole: ProjectRoleValue | null,
  canManage: boolean,
): number {
  if (teamRole === 'superadmin') return 4;
  if (canManage) return projectRank.admin;
  return projectRole ? projectRank[projectRole] : 0;
}

export function projectRoleRank(role: ProjectRoleValue): number {
  return projectRank[role];
}

/** Project roles an actor may give: managers only, and only roles below the rank they hold (spec 001 §6). */
export function assignableProjectRoles(
  teamRole: TeamRole,
  projectRole: ProjectRoleValue | null,
  canManage: boolean,
): ProjectRoleValue[] {
  if (!canManage) return [];
  const actorRank = projectActorRank(teamRole, projectRole, canManage);
  return PROJECT_ROLES.filter((role) => projectRank[role] < actorRank);
}

/** Someone added to a project may leave it; the super admin is in every project and cannot. */
export function canQuitProject(teamRole: TeamRole, projectRole: ProjectRoleValue | null): boolean {
  return projectRole !== null && teamRole !== 'superadmin';
}

/**
 * Whether someone may download a project's original files by its download setting (spec 001 §6): its managers
 * always, else as the setting says. Also what caps the `download` right of the share links they make.
 */
export function mayDownloadByRule(input: {
  canManage: boolean;
  downloadType: 'all' | 'members' | 'specified' | 'none';
  isProjectMember: boolean;
  isChosen: boolean;
}): boolean {
  if (input.canManage) return true;
  if (input.downloadType === 'all') return true;
  if (input.downloadType === 'members') return input.isProjectMember;
  if (input.downloadType === 'specified') return input.isChosen;
  return false;
}
