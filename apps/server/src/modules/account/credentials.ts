import { Limits } from '@ferry/shared';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { dummyHash, verifyPassword } from './passwords.js';
import { hashToken } from './sessions.js';
import { signInAttempts, users } from './tables.js';

type UserRow = typeof users.$inferSelect;

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * Checks an e-mail and password. Every try is counted per address, registered or not: after 10 in 10 minutes
 * the address is locked for 10 minutes (spec 002 §8 "too many password errors"), and each refusal says how
 * many tries are left. An unknown address gets the same answer, the same counting and the same scrypt work
 * (against a dummy hash) as a wrong password, so sign-in does not tell which addresses have accounts.
 */
export async function checkCredentials(ctx: AppContext, email: string, password: string): Promise<UserRow> {
  const address = normalizeEmail(email);
  const attempt = await takeAttempt(ctx, address);
  const [user] = await ctx.db.select().from(users).where(eq(users.email, address));
  const correct = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
  if (!user || !correct) throw wrongPassword(attempt);
  if (user.status === 'disabled') throw fail('ACCOUNT_DISABLED');
  if (user.status === 'closed') throw fail('ACCOUNT_CANCELLED');
  if (user.status === 'unactivated') throw fail('NOT_ACTIVATED');
  await clearAttempts(ctx, address);
  return user;
}

/**
 * A signed-in user confirms their password (verify_user_password, the current password of a change). A stolen
 * session must not guess it without limit, so these tries share the sign-in counter of the user's address.
 */
export async function confirmPassword(
  ctx: AppContext,
  userId: string,
  password: string,
  wrongName: 'WRONG_PASSWORD' | 'OLD_PASSWORD_WRONG' = 'WRONG_PASSWORD',
) {
  const [user] = await ctx.db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  // The session proved who is asking, so here "user does not exist" (10001) tells nothing new.
  if (!user) throw fail('USER_NOT_FOUND');
  const address = normalizeEmail(user.email);
  const attempt = await takeAttempt(ctx, address);
  if (!(await verifyPassword(password, user.passwordHash))) throw wrongPassword(attempt, wrongName);
  await clearAttempts(ctx, address);
}

function wrongPassword(attempt: number, name: 'WRONG_PASSWORD' | 'OLD_PASSWORD_WRONG' = 'WRONG_PASSWORD') {
  const remaining = Limits.signInMaxFailures - attempt;
  if (remaining <= 0) return fail('PASSWORD_LOCKED');
  if (name === 'OLD_PASSWORD_WRONG') return fail(name, undefined, { remaining_tries: remaining });
  return fail(
    'WRONG_PASSWORD',
    {
      zh: `邮箱或密码错误，你还可以尝试 ${remaining} 次`,
      en: `Wrong e-mail or password, you can also try ${remaining} times`,
    },
    { remaining_tries: remaining },
  );
}

/** How many tries a key gets in a window, and how long it is locked once they are used up. */
export interface AttemptRule {
  max: number;
  windowMs: number;
  lockMs: number;
}

const signInRule: AttemptRule = {
  max: Limits.signInMaxFailures,
  windowMs: Limits.signInFailureWindowMs,
  lockMs: Limits.signInLockMs,
};

/** Sign-in's try for an address; past the limit, or while the address is locked, refused here. */
async function takeAttempt(ctx: AppContext, address: string): Promise<number> {
  const attempts = await countAttempt(ctx, address, signInRule);
  if (attempts > signInRule.max) throw fail('PASSWORD_LOCKED');
  return attempts;
}

/**
 * Takes one try for a key (an address, or any other name a password guard counts under) in one statement,
 * before any password is hashed, and answers its number in the window; a number past `rule.max` means
 * refused. Parallel tries are numbered one after another by the database, so the eleventh of a burst is
 * refused like the eleventh in a row. Keys are stored hashed.
 */
export async function countAttempt(ctx: AppContext, key: string, rule: AttemptRule): Promise<number> {
  const now = ctx.now();
  const at = (offsetMs: number) => sql`${new Date(now.getTime() + offsetMs).toISOString()}::timestamptz`;
  const t = signInAttempts;
  // A new window starts when the last one has passed with no lock, or when the lock has run out.
  const startOver = sql`(case when ${t.lockedUntil} is null then ${t.windowStartedAt} <= ${at(-rule.windowMs)}
    else ${t.lockedUntil} <= ${at(0)} end)`;
  const taken = sql`(case when ${startOver} then 1 else ${t.attempts} + 1 end)`;
  const [row] = await ctx.db
    .insert(t)
    .values({ emailHash: hashToken(key), attempts: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: t.emailHash,
      set: {
        attempts: taken,
        windowStartedAt: sql`case when ${startOver} then ${at(0)} else ${t.windowStartedAt} end`,
        // The try that reaches the limit starts the lock; later ones keep it as it is.
        lockedUntil: sql`case when ${taken} >= ${rule.max}
          then coalesce(case when ${startOver} then null else ${t.lockedUntil} end, ${at(rule.lockMs)})
          else null end`,
      },
    })
    .returning({ attempts: t.attempts });
  return row.attempts;
}

/** A right password (on an active account) starts the count afresh, as users expect after a typo. */
export async function clearAttempts(ctx: AppContext, key: string) {
  await ctx.db.delete(signInAttempts).where(eq(signInAttempts.emailHash, hashToken(key)));
}

/** The hourly purge: counts whose window has passed with no lock left, so unknown addresses leave no rows. */
export async function purgeSpentAttempts(ctx: AppContext) {
  const now = ctx.now();
  const windowStart = new Date(now.getTime() - Limits.signInFailureWindowMs);
  const t = signInAttempts;
  await ctx.db
    .delete(t)
    .where(and(lt(t.windowStartedAt, windowStart), or(isNull(t.lockedUntil), lt(t.lockedUntil, now))));
}
