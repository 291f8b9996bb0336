import { randomInt } from 'node:crypto';
import { AccessTokenLimits, USER_CODE_ALPHABET } from '@ferry/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { type AttemptRule, countAttempt } from '../account/credentials.js';
import { hashToken } from '../account/sessions.js';
import { signInAttempts } from '../account/tables.js';

/** A new user code: each character drawn uniformly from the unambiguous alphabet. */
export function newUserCode(): string {
  let code = '';
  for (let n = 0; n < AccessTokenLimits.userCodeLength; n++) {
    code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
  }
  return code;
}

const userCodeRule: AttemptRule = {
  max: AccessTokenLimits.userCodeMaxTries,
  windowMs: AccessTokenLimits.userCodeWindowMs,
  lockMs: AccessTokenLimits.userCodeLockMs,
};

const keyOf = (userId: string) => `device-user-code:${userId}`;

/**
 * A user code is short, so every try is counted per user like a sign-in try, before the code is looked up:
 * a burst of guesses is numbered by the database and those past the limit never reach the lookup. Answers
 * the try's number.
 */
export async function takeUserCodeTry(ctx: AppContext, userId: string): Promise<number> {
  const attempt = await countAttempt(ctx, keyOf(userId), userCodeRule);
  if (attempt > userCodeRule.max) throw fail('USER_CODE_LOCKED');
  return attempt;
}

/**
 * A code that named a live sign-in gives its try back, so approving plugins costs nothing, while a guess
 * keeps it. A lock already started stays.
 */
export async function giveUserCodeTryBack(ctx: AppContext, userId: string) {
  const t = signInAttempts;
  await ctx.db
    .update(t)
    .set({ attempts: sql`${t.attempts} - 1` })
    .where(and(eq(t.emailHash, hashToken(keyOf(userId))), gt(t.attempts, 0), isNull(t.lockedUntil)));
}

/** A wrong code's refusal, saying how many tries are left. */
export function wrongUserCode(attempt: number) {
  const remaining = userCodeRule.max - attempt;
  if (remaining <= 0) return fail('USER_CODE_LOCKED');
  return fail(
    'USER_CODE_WRONG',
    {
      zh: `验证码错误或已过期，请核对插件中显示的验证码，你还可以尝试 ${remaining} 次`,
      en: `The code is wrong or has expired, check the code the plugin shows; ${remaining} tries left`,
    },
    { remaining_tries: remaining },
  );
}
