import type {
  Department,
  InviteInfo,
  LoginResult,
  Page,
  ProjectCard,
  TeamInfo,
  TeamMember,
  TeamRole,
  UserInfo,
} from '@ferry/shared';
import { projectAbilities, teamAbilities } from '@ferry/shared';

export function buildUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 'user-1',
    name: 'Ada',
    nickname: '',
    email: 'ada@example.com',
    color: '#2878ff',
    avatar: '',
    mobile: '',
    bind_mobile: 0,
    bind_wechat: 0,
    create_time: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function buildTeam(
  id: string,
  name: string,
  role: TeamRole = 'member',
  overrides: Partial<TeamInfo> = {},
) {
  const team: TeamInfo = {
    id,
    team_id: id,
    name,
    type: 'normal',
    role: { type: role, name: role },
    package_level: 1,
    expire_time: null,
    project_max: 10,
    project_curt: 0,
    member_count: 3,
    avatar: '',
    owner_id: 'owner',
    create_time: '2026-01-01T00:00:00.000Z',
    abilities: teamAbilities(role),
    ...overrides,
  };
  return team;
}

export function buildLogin(overrides: Partial<LoginResult> = {}): LoginResult {
  const teams = overrides.teams ?? [buildTeam('team-a', 'Alpha', 'superadmin'), buildTeam('team-b', 'Beta')];
  return {
    token: 'tok-123',
    user: buildUser(),
    teams,
    team_status: teams[0]
      ? { folderId: 'all', team_id: teams[0].id, role: teams[0].role.type, teamName: teams[0].name }
      : null,
    ...overrides,
  };
}

export function buildMember(
  id: string,
  name: string,
  role: TeamRole,
  abilities: Partial<TeamMember['abilities']> = {},
  overrides: Partial<TeamMember> = {},
): TeamMember {
  return {
    user_id: id,
    name,
    email: `${name.toLowerCase()}@example.com`,
    avatar: '',
    color: '#13a8a8',
    remark: '',
    role: { type: role, name: role },
    department: null,
    joined_at: '2026-01-02T00:00:00.000Z',
    abilities: {
      can_change_role: false,
      can_remove: false,
      assignable_roles: [],
      can_set_nickname: false,
      ...abilities,
    },
    ...overrides,
  };
}

export function page<T>(list: T[], overrides: Partial<Page<T>> = {}): Page<T> {
  return { list, total: list.length, page_num: 1, page_size: 10, has_next: false, ...overrides };
}

export function buildDepartment(
  id: string,
  name: string,
  users: Department['users'] = [],
  overrides: Partial<Department> = {},
): Department {
  return { id, name, type: 'normal', order_index: 0, user_count: users.length, users, ...overrides };
}

export const ungrouped = (users: Department['users'] = []): Department => ({
  id: 'ungrouped',
  name: '未分组',
  type: 'ungrouped',
  order_index: -999,
  user_count: users.length,
  users,
});

export function buildInviteInfo(overrides: Partial<InviteInfo> = {}): InviteInfo {
  return {
    team: { id: 'team-new', name: 'Nova', member_count: 4, avatar: '' },
    inviter: { name: 'Olga', avatar: '', color: '#7a5af8' },
    role: 'member',
    review: false,
    expires_at: '2026-02-01T00:00:00.000Z',
    viewer: null,
    ...overrides,
  };
}

/** A project card as the list answers it, with the abilities the shared rules give `teamRole`. */
export function buildProjectCard(
  id: string,
  name: string,
  overrides: Partial<ProjectCard> = {},
  teamRole: TeamRole = 'superadmin',
): ProjectCard {
  const projectRole = overrides.project_role ?? 'admin';
  const mode = overrides.permission_mode ?? 'A';
  return {
    id,
    project_id: id,
    name,
    type: 'mobile',
    cover: '',
    background: 'rgba(240,242,245,1)',
    theme: 'default',
    create_time: '2026-01-01T00:00:00.000Z',
    update_time: '2026-01-02T00:00:00.000Z',
    order_index: 1,
    folder_id: null,
    team_id: 'team-a',
    permission_mode: mode,
    project_role: projectRole,
    abilities: projectAbilities(teamRole, projectRole, mode),
    ...overrides,
  };
}
