import type {
  Department,
  InviteInfo,
  Page,
  TeamApply,
  TeamInfo,
  TeamQuota,
  TeamRole,
  TeamMember as TeamUser,
} from '@ferry/shared';
import { api, request } from './client';

/** Team calls of docs/api.md ("Teams" and "Team members, invitations, applications, departments…"). */
export interface TeamMember {
  id: string;
  name: string;
  email: string;
  role: TeamInfo['role'];
}

export type TeamDetail = TeamInfo & { members?: TeamMember[] };

/** The list may come bare or wrapped as `{ teams }`; both are read the same. */
function asTeamList(value: unknown): TeamInfo[] {
  if (Array.isArray(value)) return value as TeamInfo[];
  if (value && typeof value === 'object' && Array.isArray((value as { teams?: unknown }).teams)) {
    return (value as { teams: TeamInfo[] }).teams;
  }
  return [];
}

export type AssignableRole = Exclude<TeamRole, 'superadmin'>;

export interface InviteLink {
  url: string;
  inviteSign: string;
  time: number;
  token: string;
  role: AssignableRole;
  review: boolean;
  expires_at: string;
}

/** The three signed values of an invitation link (the landing page's query). */
export interface InviteParams {
  inviteSign: string;
  time: string | number;
  token: string;
}

export interface EmailInviteResult {
  email: string;
  invite_id: string;
  status: 'sent';
}

export interface ExpireInfo {
  package_level: number;
  expire_time: string;
  left_days: number;
  diffDay: number;
  expired?: boolean;
}

export interface ExpireNotice {
  expire_info: ExpireInfo | null;
  throttle_ms: number;
}

/** GET team/seat/available: the plan's member seats (-1: no limit). */
export interface TeamSeats {
  total: number;
  used: number;
  available: number;
}

export interface DepartmentChange {
  department_id: string;
  name?: string;
  order_index?: number;
  add_users: string[];
  rm_users: string[];
}

export const teamsApi = {
  userTeams: async () => asTeamList(await api.get<unknown>('account/user_teams')),
  create: (body: { name: string }) => api.post<TeamInfo>('account/team', body),
  team: (id: string, options: { memberInfo?: boolean } = {}) =>
    api.get<TeamDetail>(`account/team/${encodeURIComponent(id)}`, {
      member_info: options.memberInfo ? 1 : undefined,
    }),
  teamInfo: (teamId: string) => api.get<TeamInfo>('account/team_info', { team_id: teamId }),
  rename: (body: { team_id: string; name: string }) => api.put<TeamInfo>('account/team_info', body),

  // Members
  users: (query: {
    team_id: string;
    keyword?: string;
    page_num?: number;
    page_size?: number;
    department_id?: string;
  }) => api.get<Page<TeamUser>>('account/team_users', query),
  changeRole: (body: { team_id: string; user_id: string; role: AssignableRole }) =>
    api.put<null>('account/team_user_role', body),
  removeMember: (body: { team_id: string; user_id: string }) =>
    api.delete<null>('account/remove_member', body),
  userTeamRole: (teamId: string) =>
    api.get<{ role_type: TeamRole | 0; role_name: string }>('account/user_team_role', { team_id: teamId }),
  setNickname: (body: { team_id: string; user_id: string; nickname: string }) =>
    api.put<{ nickname: string }>('account/team_settings', body),

  // Invitations. `review` is only sent when true: the query reads any given value as a yes.
  inviteLink: (query: { team_id: string; role: AssignableRole; review: boolean }) =>
    api.get<InviteLink>('account/team_invite_link', {
      team_id: query.team_id,
      role: query.role,
      review: query.review ? 'true' : undefined,
    }),
  resetInviteLink: (teamId: string) => api.post<null>('account/team_invite_link/reset', { team_id: teamId }),
  inviteInfo: (params: InviteParams) =>
    api.get<InviteInfo>('account/invite_info', {
      inviteSign: params.inviteSign,
      time: params.time,
      token: params.token,
    }),
  joinByLink: (params: InviteParams) =>
    api.post<TeamInfo>('account/join_by_link', { ...params, time: Number(params.time) }),
  inviteMembers: (body: { team_id: string; emails: string[]; role: AssignableRole }) =>
    api.put<EmailInviteResult[]>('account/invite_member', body),
  resendInvitation: (body: { team_id: string; invite_id: string }) =>
    api.post<EmailInviteResult>('account/invite_message', body),

  // Applications
  apply: (body: InviteParams & { real_name: string; reason: string }) =>
    api.post<TeamApply>('account/team_apply', { ...body, time: Number(body.time) }),
  applies: (teamId: string, state?: TeamApply['state']) =>
    api.get<TeamApply[]>('account/team_apply', { team_id: teamId, state }),
  applyCount: (teamId: string) =>
    api.get<{ pending: number }>('account/team_apply_count', { team_id: teamId }),
  handleApply: (body: { team_id: string; apply_id: string; state: 'agreed' | 'refused' }) =>
    api.put<TeamApply>('account/team_apply', body),

  // Departments
  departments: (teamId: string) => api.get<Department[]>('account/department', { team_id: teamId }),
  createDepartment: (body: { team_id: string; name?: string; order_index?: number }) =>
    api.post<{ id: string; name: string; order_index: number }>('account/department', body),
  updateDepartments: (body: { team_id: string; departments: DepartmentChange[] }) =>
    api.put<Department[]>('account/department', body),
  deleteDepartment: (body: { team_id: string; department_id: string }) =>
    api.delete<null>('account/department', body),

  // Settings, lifecycle, plans
  uploadAvatar: (teamId: string, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return request<{ avatar: string }>('POST', 'account/team_avatar', { query: { team_id: teamId }, form });
  },
  exit: (teamId: string) => api.post<null>('account/exit_team', { team_id: teamId }),
  transfer: (body: { team_id: string; user_id: string }) => api.put<null>('account/team_transfer', body),
  /** `password` is an RSA-OAEP ciphertext (see ./crypto). */
  dissolve: (body: { team_id: string; name: string; password: string }) =>
    api.delete<null>('account/team', body),
  merge: (body: { team_id: string; target_team_id: string }) => api.post<null>('account/merge_team', body),
  quota: (teamId: string) => api.get<TeamQuota>('account/team/quota', { team_id: teamId }),
  expireNotice: (teamId: string, userId: string | null) =>
    api.get<ExpireNotice>('team/seat/expire_notice', { team_id: teamId, user_id: userId ?? undefined }),
  seats: (teamId: string) => api.get<TeamSeats>('team/seat/available', { team_id: teamId }),
};
