import type { LoginResult, LogoffCheck, ProofScene, UserInfo } from '@ferry/shared';
import { api } from './client';

/** Recovering an account and proving oneself before a change (docs/api.md "Recovery and verification"). */

export interface ResetTokenAnswer {
  valid: boolean;
  email: string;
  token: string;
}

export const recoveryApi = {
  sendCode: (body: { email: string; scene: 'reset_password' | 'activate' }) =>
    api.post<{ email: string }>('account/send_verification_code_email', body),
  checkResetLink: (token: string) =>
    api.post<ResetTokenAnswer>('account/check_reset_password_token', { reset_type: 'link', token }),
  checkResetCode: (email: string, code: string) =>
    api.post<ResetTokenAnswer>('account/check_reset_password_token', {
      reset_type: 'code',
      email,
      token: code,
    }),
  resetPassword: (body: { token: string; new_password: string }) =>
    api.post<{ email: string }>('account/password/reset', body),
  activate: (body: { token: string } | { email: string; code: string }) =>
    api.post<LoginResult>('account/verify_email_bind', body),
  /** `password` is an RSA-OAEP ciphertext (see ./crypto). */
  verifyPassword: (body: { scene: ProofScene; password: string }) =>
    api.post<{ scene_code: string }>('passport/verify_pwd', body),
  sendSceneCode: (scene: ProofScene) => api.post<{ email: string }>('passport/send_verify_email', { scene }),
  verifySceneCode: (body: { scene: ProofScene; code: string }) =>
    api.post<{ scene_code: string }>('passport/verify_code', { ...body, verify_type: 'email' }),
  requestEmailChange: (body: { email: string; scene_code: string }) =>
    api.post<{ email: string }>('passport/modify_account_email', body),
  confirmEmailChange: (body: { email: string; code: string }) =>
    api.post<UserInfo>('passport/verify_verification_code', body),
  logoffCheck: () => api.post<LogoffCheck>('passport/logoff_check', {}),
  logoff: (body: { reason: { checks: string[]; other: string }; scene_code: string }) =>
    api.post<null>('passport/logoff', { ...body, logoff_type: 'self' }),
  teamEmailSuffixes: (teamId: string) =>
    api.get<{ team_id: string; suffixes: string[] }>('enterprise/email_suffix', { team_id: teamId }),
  setTeamEmailSuffixes: (teamId: string, suffixes: string[]) =>
    api.put<{ team_id: string; suffixes: string[] }>('enterprise/email_suffix', {
      team_id: teamId,
      suffixes,
    }),
};
