import type {
  LoginResult,
  SsoConfigAnswer,
  SsoConfigInput,
  SsoStartAnswer,
  SsoTestAnswer,
} from '@ferry/shared';
import { api, request } from './client';

/** Enterprise single sign-on (docs/api.md "Single sign-on"). */
export const ssoApi = {
  config: (teamId: string) => api.get<SsoConfigAnswer>('sso/config', { team_id: teamId }),
  save: (input: SsoConfigInput) => api.put<SsoConfigAnswer>('sso/config', input),
  test: (teamId: string) => api.post<SsoTestAnswer>('sso/test', { team_id: teamId }),
  start: (body: { email?: string; sso_id?: string }) => api.post<SsoStartAnswer>('sso/start', body),
  /** Redeems the one-time id the provider's return left; its refusal is shown on the page, not reacted to. */
  entry: (connectionId: string, ssoTeamId: string) =>
    request<LoginResult & { sso_team_id: string }>('GET', 'account/entry', {
      query: { connection_id: connectionId, sso_team_id: ssoTeamId },
      quiet: true,
    }),
};

export const ssoKeys = {
  config: (teamId: string) => ['sso', 'config', teamId] as const,
};
