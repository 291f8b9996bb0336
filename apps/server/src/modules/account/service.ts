import type { Lang, LoginResult, TeamInfo, TeamStatus, UserInfo } from '@ferry/shared';
import { emailAllowed, passwordSchema } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { parse } from '../../http/parse.js';
import { checkCredentials, confirmPassword } from './credentials.js';
import { hashPassword } from './passwords.js';
import { teamStatusFor } from './preferences.js';
import { presentUser } from './present.js';
import { mailCodeWithLink } from './recovery-mail.js';
import { issueSession, revokeOtherSessions } from './sessions.js';
import { users } from './tables.js';

const USER_COLORS = ['#F5A623', '#4A90E2', '#7ED321', '#BD10E0', '#50E3C2', '#D0021B', '#9013FE', '#417505'];
const pickColor = () => USER_COLORS[Math.floor(Math.random() * USER_COLORS.length)];

export interface SessionSummary {
  user: UserInfo;
  teams: TeamInfo[];
  team_status: TeamStatus | null;
}

/** Where the deployment asks for it, a new account confirms its address first: no session until then. */
export interface ActivationPending {
  activation_required: true;
  email: string;
}

export async function register(
  ctx: AppContext,
  input: { email: string; password: string; name?: string },
  userAgent: string,
  lang: Lang,
): Promise<LoginResult | ActivationPending> {
  if (!emailAllowed(input.email, ctx.config.allowedEmailSuffixes)) throw fail('EMAIL_SUFFIX_NOT_ALLOWED');
  const passwordHash = await hashPassword(input.password);
  const name = input.name ?? input.email.split('@')[0].slice(0, 50);
  const activate = ctx.config.requireEmailVerification;
  const { userId, token } = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email: input.email,
        name,
        color: pickColor(),
        passwordHash,
        status: activate ? 'unactivated' : 'active',
        createdAt: ctx.now(),
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!created) throw fail('ACCOUNT_REGISTERED');
    if (activate) {
      await mailCodeWithLink(ctx, tx, { userId: created.id, email: input.email, scene: 'activate' }, lang);
      return { userId: created.id, token: null };
    }
    return { userId: created.id, token: await issueSession(tx, created.id, userAgent) };
  });
  if (!token) {
    void ctx.mailer.deliver().catch(() => {});
    return { activation_required: true, email: input.email };
  }
  return { token, ...(await sessionSummary(ctx, userId, lang)) };
}

export async function login(
  ctx: AppContext,
  input: { email: string; password: string },
  userAgent: string,
  lang: Lang,
): Promise<LoginResult> {
  const user = await checkCredentials(ctx, input.email, input.password);
  const token = await issueSession(ctx.db, user.id, userAgent);
  return { token, ...(await sessionSummary(ctx, user.id, lang)) };
}

export async function sessionSummary(ctx: AppContext, userId: string, lang: Lang): Promise<SessionSummary> {
  const user = await getUser(ctx, userId);
  const teams = await ctx.teamsOfUser(userId, lang);
  return { user, teams, team_status: await teamStatusFor(ctx, userId, teams) };
}

export async function getUser(ctx: AppContext, userId: string): Promise<UserInfo> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!row) throw fail('USER_NOT_FOUND');
  return { ...presentUser(row), ...(await ctx.chatFieldsOfUser(userId)) };
}

export async function updateUser(
  ctx: AppContext,
  userId: string,
  changes: { name?: string; nickname?: string; color?: string },
): Promise<UserInfo> {
  if (Object.keys(changes).length > 0) await ctx.db.update(users).set(changes).where(eq(users.id, userId));
  return getUser(ctx, userId);
}

/** Both fields arrive RSA-encrypted. Every other session of the user ends: their next call answers HTTP 420. */
export async function modifyPassword(
  ctx: AppContext,
  actor: { userId: string; token: string },
  encrypted: { old_password: string; new_password: string },
) {
  const oldPassword = ctx.cipher.decrypt(encrypted.old_password);
  const newPassword = parse(passwordSchema, ctx.cipher.decrypt(encrypted.new_password));
  await confirmPassword(ctx, actor.userId, oldPassword, 'OLD_PASSWORD_WRONG');
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, actor.userId));
    await revokeOtherSessions(tx, actor.userId, actor.token, 'password_changed', ctx.now());
  });
}

export async function verifyUserPassword(ctx: AppContext, userId: string, encryptedPassword: string) {
  const password = ctx.cipher.decrypt(encryptedPassword);
  await confirmPassword(ctx, userId, password);
  return { verified: true };
}

/** `check_password`: the same checks and counting as sign-in, without opening a session. */
export async function checkPasswordOnly(ctx: AppContext, input: { email: string; password: string }) {
  await checkCredentials(ctx, input.email, input.password);
}
