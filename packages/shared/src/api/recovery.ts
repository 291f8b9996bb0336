import { z } from 'zod';
import { RecoveryLimits } from '../limits.js';
import { emailSchema, passwordSchema } from '../validation.js';

/**
 * What a mailed code or a verified password is for. `reset_password` and `activate` are asked for by someone
 * not signed in (the code goes to the address they give); the others by a signed-in user about their own
 * account (the code goes to the address on the account, or to the new one for `modify_email`).
 */
export const VERIFICATION_SCENES = ['reset_password', 'activate', 'modify_email', 'logoff'] as const;
export type VerificationScene = (typeof VERIFICATION_SCENES)[number];

/** The scenes a signed-in user proves with a password or an e-mailed code before a change that cannot wait. */
export const PROOF_SCENES = ['modify_email', 'logoff'] as const;
export type ProofScene = (typeof PROOF_SCENES)[number];

export const verificationCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${RecoveryLimits.codeDigits}}$`), { message: 'code.format' });

/** `account/send_verification_code_email`: a code (and, to reset, a link) mailed to someone not signed in. */
export const sendVerificationEmailBody = z.object({
  email: emailSchema,
  scene: z.enum(['reset_password', 'activate']).default('reset_password'),
});

/** `account/check_reset_password_token`: a link's token, or an e-mail and the code mailed to it. */
export const checkResetTokenBody = z.discriminatedUnion('reset_type', [
  z.object({ reset_type: z.literal('link'), token: z.string().min(1).max(200) }),
  z.object({ reset_type: z.literal('code'), email: emailSchema, token: verificationCodeSchema }),
]);

/**
 * `account/password/reset`: the reset token (from the link, or answered for a right code) and the new password,
 * sent as registration sends it (spec 000 §5 names the paths whose passwords are RSA-encrypted; this is not one).
 */
export const resetPasswordBody = z.object({
  token: z.string().min(1).max(200),
  new_password: passwordSchema,
});

/** `account/verify_email_bind`: a new account's address confirmed by its link token or by its code. */
export const verifyEmailBindBody = z.union([
  z.object({ token: z.string().min(1).max(200) }),
  z.object({ email: emailSchema, code: verificationCodeSchema }),
]);

export const sendVerifyEmailBody = z.object({ scene: z.enum(PROOF_SCENES) });

/** `passport/verify_code`: a mailed code proves the scene; `scene_code` is answered for the change that follows. */
export const verifyCodeBody = z.object({
  scene: z.enum(PROOF_SCENES),
  code: verificationCodeSchema,
  verify_type: z.literal('email').default('email'),
});

/** `passport/verify_pwd`: the password (RSA-encrypted) proves the scene. */
export const verifyPwdBody = z.object({ scene: z.enum(PROOF_SCENES), password: z.string().min(1) });

export const checkEmailBody = z.object({ email: emailSchema });

/** `passport/modify_account_email`: a proof of the scene and the new address, which is then sent a code. */
export const modifyAccountEmailBody = z.object({
  email: emailSchema,
  scene_code: z.string().min(1).max(200),
});

/** `passport/verify_verification_code`: the code sent to the new address; the change happens here. */
export const verifyNewEmailBody = z.object({ email: emailSchema, code: verificationCodeSchema });

export const LOGOFF_REASONS = [
  'not_needed',
  'switched_tool',
  'privacy',
  'duplicate_account',
  'other',
] as const;

/** `passport/logoff` (spec 000 §3 "Logoff: reason {checks, other}, scene_code, logoff_type"). */
export const logoffBody = z.object({
  reason: z
    .object({
      checks: z.array(z.enum(LOGOFF_REASONS)).max(LOGOFF_REASONS.length).default([]),
      other: z.string().trim().max(RecoveryLimits.logoffReasonMaxLength).default(''),
    })
    .default({ checks: [], other: '' }),
  scene_code: z.string().min(1).max(200),
  logoff_type: z.enum(['self']).default('self'),
});

const suffixSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/^@/, ''))
  .pipe(
    z
      .string()
      .min(1, { message: 'emailSuffix.invalid' })
      .max(RecoveryLimits.emailSuffixMaxLength, { message: 'emailSuffix.invalid' })
      .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, { message: 'emailSuffix.invalid' }),
  );

export const emailSuffixesBody = z.object({
  team_id: z.string().min(1),
  suffixes: z.array(suffixSchema).max(RecoveryLimits.emailSuffixesMax, { message: 'emailSuffix.tooMany' }),
});

/** Whether an address ends in one of the suffixes; no suffixes means every address is allowed. */
export function emailAllowed(email: string, suffixes: readonly string[]): boolean {
  if (suffixes.length === 0) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return suffixes.some((suffix) => domain === suffix || domain.endsWith(`.${suffix}`));
}

/** A team that keeps closing from going through, and why. */
export interface LogoffBlocker {
  team_id: string;
  team_name: string;
  member_count: number;
}

export interface LogoffCheck {
  can_logoff: boolean;
  blockers: LogoffBlocker[];
  /** Teams the account alone belongs to: they are dissolved with it. */
  teams_dissolved: { team_id: string; team_name: string }[];
  grace_days: number;
}
