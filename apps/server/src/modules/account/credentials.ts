import { Limits } from '@ferry/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { verifyPassword } from './passwords.js';
import { users } from './tables.js';

type UserRow = typeof users.$inferSelect;

/**
 * Checks an e-mail and password. Wrong passwords are counted: after 10 in 10 minutes sign-in is locked
 * for 10 minutes (spec 002 §8 "too many password errors"); each refusal says how many tries are left.
 */
export async function checkCredentials(ctx: AppContext, email: string, password: string): Promise<UserRow> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  if (!user) throw fail('USER_NOT_FOUND');
  const now = ctx.now();
  if (user.lockedUntil && user.lockedUntil > now) throw fail('PASSWORD_LOCKED');

  if (!(await verifyPassword(password, user.passwordHash))) {
    const failures = await recordFailure(ctx, user.id, now);
    const remaining = Limits.signInMaxFailures - failures;
    if (remaining <= 0) throw fail('PASSWORD_LOCKED');
    throw fail(
      'WRONG_PASSWORD',
      {
        zh: `邮箱或密码错误，你还可以尝试 ${remaining} 次`,
        en: `Wrong e-mail or password, you can also try ${remaining} times`,
      },
      { remaining_tries: remaining },
    );
  }
  if (user.status === 'disabled') throw fail('ACCOUNT_DISABLED');
  if (user.status === 'unactivated') throw fail('NOT_ACTIVATED');
  if (user.failedSignIns > 0 || user.lockedUntil) {
    await ctx.db
      .update(users)
      .set({ failedSignIns: 0, firstFailedAt: null, lockedUntil: null })
      .where(eq(users.id, user.id));
  }
  return user;
}

/** Counts one failure in one statement, so parallel attempts cannot slip past the limit. */
async function recordFailure(ctx: AppContext, userId: string, now: Date): Promise<number> {
  const windowStart = new Date(now.getTime() - Limits.signInFailureWindowMs).toISOString();
  const stale = sql`(${users.firstFailedAt} is null or ${users.firstFailedAt} < ${windowStart}::timestamptz)`;
  const lockUntil = new Date(now.getTime() + Limits.signInLockMs).toISOString();
  const [row] = await ctx.db
    .update(users)
    .set({
      failedSignIns: sql`case when ${stale} then 1 else ${users.failedSignIns} + 1 end`,
      firstFailedAt: sql`case when ${stale} then ${now.toISOString()}::timestamptz else ${users.firstFailedAt} end`,
      lockedUntil: sql`case when (case when ${stale} then 1 else ${users.failedSignIns} + 1 end) >= ${Limits.signInMaxFailures}
        then ${lockUntil}::timestamptz else null end`,
    })
    .where(eq(users.id, userId))
    .returning({ failures: users.failedSignIns });
  return row.failures;
}
