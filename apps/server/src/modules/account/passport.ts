import { emailAllowed, type Lang, type ProofScene } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../http/db-errors.js';
import { fail } from '../../http/errors.js';
import { confirmPassword } from './credentials.js';
import { codeMail, emailChangedMail } from './recovery-mail.js';
import { getUser } from './service.js';
import { users } from './tables.js';
import { issueCode, issueSceneProof, takeCode, takeSceneProof } from './verification.js';

/**
 * The passport calls: a signed-in user proves it is them (password or a code mailed to their address) before
 * a change that a borrowed session must not make on its own: a new e-mail, closing the account.
 */
async function ownEmail(ctx: AppContext, userId: string): Promise<string> {
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw fail('USER_NOT_FOUND');
  return user.email;
}

/** `passport/verify_pwd`: the password (counted like sign-in tries) answers a `scene_code`. */
export async function verifyPasswordForScene(
  ctx: AppContext,
  userId: string,
  input: { scene: ProofScene; password: string },
) {
  await confirmPassword(ctx, userId, ctx.cipher.decrypt(input.password));
  return { scene_code: await issueSceneProof(ctx, userId, input.scene) };
}

/** `passport/send_verify_email`: a code to the account's own address for the scene. */
export async function sendSceneCode(ctx: AppContext, userId: string, scene: ProofScene, lang: Lang) {
  const email = await ownEmail(ctx, userId);
  await ctx.db.transaction(async (tx) => {
    const { code } = await issueCode(ctx, tx, { scene, email, userId, withLink: false });
    await ctx.mailer.enqueue(tx, codeMail({ to: email, scene, code }, lang));
  });
  void ctx.mailer.deliver().catch(() => {});
  return { email: maskEmail(email) };
}

/** `passport/verify_code`: the mailed code answers a `scene_code`. */
export async function verifySceneCode(
  ctx: AppContext,
  userId: string,
  input: { scene: ProofScene; code: string },
) {
  const email = await ownEmail(ctx, userId);
  await takeCode(ctx, { scene: input.scene, email, code: input.code, userId });
  return { scene_code: await issueSceneProof(ctx, userId, input.scene) };
}

/** `check_email`: whether an address could become this account's (free, and of an allowed domain). */
export async function checkEmail(ctx: AppContext, email: string) {
  const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { registered: Boolean(taken), allowed: emailAllowed(email, ctx.config.allowedEmailSuffixes) };
}

/**
 * `passport/modify_account_email`: with a proof of the `modify_email` scene, a code goes to the new address;
 * nothing changes until that code comes back, so a typo never locks anyone out.
 */
export async function requestEmailChange(
  ctx: AppContext,
  userId: string,
  input: { email: string; scene_code: string },
  lang: Lang,
) {
  await takeSceneProof(ctx, ctx.db, { userId, scene: 'modify_email', token: input.scene_code, spend: false });
  if (input.email === (await ownEmail(ctx, userId))) throw fail('EMAIL_UNCHANGED');
  const { registered, allowed } = await checkEmail(ctx, input.email);
  if (!allowed) throw fail('EMAIL_SUFFIX_NOT_ALLOWED');
  if (registered) throw fail('ACCOUNT_REGISTERED');
  await ctx.db.transaction(async (tx) => {
    const { code } = await issueCode(ctx, tx, {
      scene: 'modify_email',
      email: input.email,
      userId,
      withLink: false,
    });
    await ctx.mailer.enqueue(tx, codeMail({ to: input.email, scene: 'modify_email', code }, lang));
  });
  void ctx.mailer.deliver().catch(() => {});
  return { email: input.email };
}

/**
 * `passport/verify_verification_code`: the code sent to the new address makes the change; the old address
 * hears of it. An address taken meanwhile by someone else is refused by the unique e-mail column.
 */
export async function confirmEmailChange(
  ctx: AppContext,
  userId: string,
  input: { email: string; code: string },
  lang: Lang,
) {
  const oldEmail = await ownEmail(ctx, userId);
  await takeCode(ctx, { scene: 'modify_email', email: input.email, code: input.code, userId });
  await ctx.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(users)
      .set({ email: input.email })
      .where(eq(users.id, userId))
      .returning({ id: users.id })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? fail('ACCOUNT_REGISTERED') : error;
      });
    if (!changed) throw fail('USER_NOT_FOUND');
    await ctx.mailer.enqueue(tx, emailChangedMail({ to: oldEmail, newEmail: input.email }, lang));
  });
  void ctx.mailer.deliver().catch(() => {});
  return getUser(ctx, userId);
}

/** `a***@example.com`: enough for the owner to recognise, not the address itself. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const name = email.slice(0, at);
  return `${name.slice(0, 1)}***${email.slice(at)}`;
}
