import type { CreatedShareLink, ShareLinkView, ShareRights, ShareScope } from '@ferry/shared';
import { api } from './client';

/** Share links as their makers and managers handle them (docs/api.md "Sharing"; `sharesvc/` answers `data`). */

/** A link as the lists answer it: the project's name comes along. */
export type ShareLinkRow = ShareLinkView & { project_name: string };
export type CreatedShareLinkRow = CreatedShareLink & { project_name: string };

export type ShareOpenOutcome =
  | 'opened'
  | 'wrong_password'
  | 'locked'
  | 'expired'
  | 'revoked'
  | 'scope_deleted';

export interface ShareOpen {
  at: string;
  ip_prefix: string;
  outcome: ShareOpenOutcome;
}

export interface ShareOpensPage {
  link: ShareLinkRow;
  list: ShareOpen[];
  total: number;
  has_next: boolean;
}

export interface CreateShareLinkInput {
  team_id: string;
  project_id: string;
  scope: ShareScope;
  section_ids?: string[];
  design_ids?: string[];
  version_id?: string | null;
  rights?: ShareRights;
  password?: string | null;
  expires_in_days?: number;
  name?: string;
  share_type?: string;
}

export interface UpdateShareLinkInput {
  link_id: string;
  name?: string;
  rights?: ShareRights;
  expires_in_days?: number;
  /** A new password, or null to clear it; absent leaves it. */
  password?: string | null;
}

export const shareApi = {
  create: (body: CreateShareLinkInput) => api.post<CreatedShareLinkRow>('sharesvc/link', body),
  /** The project's links the caller manages (all of them for its managers, else their own). */
  projectLinks: (ref: { team_id: string; project_id: string }) =>
    api.get<{ list: ShareLinkRow[] }>('sharesvc/link', { ...ref }),
  /** Every link of the team: team admins and the super admin only. */
  teamLinks: (teamId: string) => api.get<{ list: ShareLinkRow[] }>('sharesvc/links', { team_id: teamId }),
  update: (body: UpdateShareLinkInput) => api.put<ShareLinkRow>('sharesvc/link', body),
  revoke: (linkId: string) => api.delete<{ revoked: number }>('sharesvc/link', { link_id: linkId }),
  revokeAll: (ref: { team_id: string; project_id: string }) =>
    api.delete<{ revoked: number }>('sharesvc/link', { ...ref, all: true }),
  opens: (linkId: string, page: number, pageSize?: number) =>
    api.get<ShareOpensPage>('sharesvc/link/opens', { link_id: linkId, page, page_size: pageSize }),
  send: (body: { code: string; emails: string[]; message?: string }) =>
    api.post<{ sent: number }>('sharesvc/send_link', body),
};

/** Query keys of the share lists; each starts with ['team', teamId] so leaving a team drops them. */
export const shareKeys = {
  project: (teamId: string, projectId: string) =>
    ['team', teamId, 'project', projectId, 'share-links'] as const,
  team: (teamId: string) => ['team', teamId, 'share-links'] as const,
  opens: (teamId: string, linkId: string, page: number) =>
    ['team', teamId, 'share-links', 'opens', linkId, page] as const,
};

/** Whether a query key is one of the share lists (a change to one link can show in several of them). */
export const isShareKey = (key: readonly unknown[]) => key.includes('share-links');
