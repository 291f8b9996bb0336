import type { LoginResult, SettingsType, TeamInfo, TeamStatus, UserInfo, VersionTips } from '@ferry/shared';
import { LOGOUT_CODE } from '@ferry/shared';
import { api, request } from './client';

/** Account calls of docs/api.md. */

export interface PublicKeyAnswer {
  public_key: string;
  algorithm: string;
}

export type SessionCheck = Omit<LoginResult, 'token'>;

export const accountApi = {
  publicKey: () => api.get<PublicKeyAnswer>('account/public_key'),
  /** The release notes since `version`; quiet: a notice that cannot load is simply not shown. */
  versionTips: (version: string) =>
    request<VersionTips>('GET', 'account/version_tips', { query: { version }, quiet: true }),
  /** Where the deployment asks new accounts to confirm their address, no session yet: the mail's code opens one. */
  register: (body: { email: string; password: string; name?: string }) =>
    api.post<LoginResult | { activation_required: true; email: string }>('account/register', body),
  login: (body: { email: string; password: string }) => api.post<LoginResult>('account/login', body),
  checkLogin: () => api.get<SessionCheck>('account/login'),
  /** Quiet: signing out of a session the server already ended is not an error to show. */
  logout: () => request<unknown>('PUT', 'account/login', { query: { code: LOGOUT_CODE }, quiet: true }),
  userInfo: () => api.get<UserInfo>('account/userinfo'),
  updateUserInfo: (body: { name?: string; nickname?: string; color?: string }) =>
    api.put<UserInfo>('account/userinfo', body),
  userSettings: (settingsType: SettingsType) =>
    api.get<Partial<Record<SettingsType, string>>>('account/user_settings', { settings_type: settingsType }),
  saveUserSettings: (settings: Partial<Record<SettingsType, string>>) =>
    api.put<unknown>('account/user_settings', settings),
  /** Both fields are RSA-OAEP ciphertexts (see ./crypto). */
  modifyPassword: (body: { old_password: string; new_password: string }) =>
    api.post<unknown>('passport/modify_account_password', body),
  verifyPassword: (body: { password: string }) =>
    api.post<{ verified: boolean }>('passport/verify_user_password', body),
};

/** Saves the team the user works in (spec 000 §4): `web_main` holds a JSON string with teamStatus. */
export function saveTeamStatus(status: TeamStatus): Promise<unknown> {
  return accountApi.saveUserSettings({ web_main: JSON.stringify({ teamStatus: status }) });
}

export type { LoginResult, TeamInfo, UserInfo };
