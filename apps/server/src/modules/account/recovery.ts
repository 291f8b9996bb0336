import type { Lang, LoginResult } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { clearAttempts } from './credentials.js';
import { hashPassword } from './passwords.js';
import { mailCodeWithLink, passwordResetMail } from './recovery-mail.js';
import { sessionSummary } from './service.js';
import { issueSession, revokeAllSessions } from './sessions.js';
import { users } from './tables.js';
import { peekLink, spendCodes, takeCode, takeLink } from './verification.js';

type UserRow = typeof users.$inferSelect;

async function userByEmail(ctx: AppContext, email: string): Promise<UserRow | undefined> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  return user;
}

/** A closed or disabled account is not recovered by mail: its owner hears why instead. */
function assertRecoverable(user: UserRow | undefined): asserts user is UserRow {
  if (!user) throw fail('ACCOUNT_NOT_REGISTERED');
  if (user.status === 'closed') throw fail('ACCOUNT_CANCELLED');
  if (user.status === 'disabled') throw fail('ACCOUNT_DISABLED');
}

/**
 * `account/send_verification_code_email`: to reset a forgotten password, or to activate a new account, a code
 * and a link are mailed to the address. Registration already tells which addresses have accounts
 * ("account already registered"), so saying "not registered" here (spec 000 §8) gives nothing new away.
 */
export async function sendVerificationEmail(
  ctx: AppContext,
  input: { email: string; scene: 'reset_password' | 'activate' },
  lang: Lang,
) {
  const user = await userByEmail(ctx, input.email);
  assertRecoverable(user);
  if (input.scene === 'activate' && user.status !== 'unactivated') {
    throw fail('INVALID_INPUT', {
      zh: '该账号已激活，请直接登录',
      en: 'This account is already active: sign in',
    });
  }
  await ctx.db.transaction((tx) =>
    mailCodeWithLink(ctx, tx, { userId: user.id, email: user.email, scene: input.scene }, lang),
  );
  void ctx.mailer.deliver().catch(() => {});
  return { email: user.email };
}

/**
 * `account/check_reset_password_token`: a link's token is checked without being spent (the page shows the
 * form); a right code answers a reset token in its place, so the form always ends with a token.
 */
export async function checkResetToken(
  ctx: AppContext,
  input: { reset_type: 'link'; token: string } | { reset_type: 'code'; email: string; token: string },
) {
  if (input.reset_type === 'link') {
    const row = await peekLink(ctx, 'reset_password', input.token);
    return { valid: true, email: row.email, token: input.token };
  }
  const { row, linkToken } = await takeCode(ctx, {
    scene: 'reset_password',
    email: input.email,
    code: input.token,
    renewLink: true,
  });
  return { valid: true, email: row.email, token: linkToken as string };
}

/**
 * `account/password/reset`: the new password replaces the old, every session of the account ends (their next
 * call answers 420, "password changed"), the sign-in lock is lifted, the other reset mails stop working, and
 * the owner is told by mail. Reaching the mailbox also proves the address, so an unactivated account is active.
 */
export async function resetPassword(
  ctx: AppContext,
  input: { token: string; new_password: string },
  lang: Lang,
) {
  const passwordHash = await hashPassword(input.new_password);
  const email = await ctx.db.transaction(async (tx) => {
    const row = await takeLink(ctx, tx, 'reset_password', input.token);
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
    assertRecoverable(user);
    await tx
      .update(users)
      .set({ passwordHash, status: user.status === 'unactivated' ? 'active' : user.status })
      .where(eq(users.id, user.id));
    await spendCodes(ctx, tx, user.id, 'reset_password');
    await revokeAllSessions(tx, user.id, 'password_changed', ctx.now());
    await ctx.mailer.enqueue(tx, passwordResetMail(user.email, lang));
    return user.email;
  });
  await clearAttempts(ctx, email);
  void ctx.mailer.deliver().catch(() => {});
  return { email };
}

/** `account/verify_email_bind`: the link or the code confirms a new account's address; it is signed in. */
export async function activateAccount(
  ctx: AppContext,
  input: { token: string } | { email: string; code: string },
  userAgent: string,
  lang: Lang,
): Promise<LoginResult> {
  // A code is checked (and a try taken) before the transaction, so a wrong one is counted even though it fails.
  const byCode =
    'code' in input
      ? (await takeCode(ctx, { scene: 'activate', email: input.email, code: input.code })).row
      : null;
  const { userId, token } = await ctx.db.transaction(async (tx) => {
    const row = byCode ?? (await takeLink(ctx, tx, 'activate', (input as { token: string }).token));
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
    assertRecoverable(user);
    if (user.status === 'unactivated')
      await tx.update(users).set({ status: 'active' }).where(eq(users.id, user.id));
    await spendCodes(ctx, tx, user.id, 'activate');
    return { userId: user.id, token: await issueSession(tx, user.id, userAgent) };
  });
  return { token, ...(await sessionSummary(ctx, userId, lang)) };
}
