/** The recovery screens; the mails link to reset and activate (server: modules/account/recovery-mail.ts). */
export const RecoveryPaths = {
  forgot: '/user/forgot-password',
  reset: '/user/reset-password',
  activate: '/user/activate',
} as const;
