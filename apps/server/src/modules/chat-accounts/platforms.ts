import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ChatLimits } from '@ferry/shared';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DesignPlatformConfig } from '../../config.js';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { hashToken } from '../account/sessions.js';
import { users } from '../account/tables.js';
import { platformMayReturnTo } from './policy.js';
import { platformAccounts, platformCodes } from './tables.js';

function platformOf(ctx: AppContext, name: string): DesignPlatformConfig {
  const platform = ctx.config.designPlatforms[name.toLowerCase()];
  if (!platform) throw fail('PLATFORM_UNKNOWN');
  return platform;
}

/**
 * The signed-in user lets a design platform bind (or just verify) their account: a one-use code (256 bits,
 * 5 minutes, stored hashed) is added to the platform's return address, which must be one of its origins.
 */
export async function grantPlatform(
  ctx: AppContext,
  userId: string,
  input: { platform: string; redirect_url: string; purpose: 'bind' | 'verify' },
) {
  const platform = platformOf(ctx, input.platform);
  if (!platformMayReturnTo(platform.origins, input.redirect_url)) throw fail('PLATFORM_REDIRECT_REFUSED');
  const code = randomBytes(ChatLimits.secretBytes).toString('base64url');
  const now = ctx.now().getTime();
  await ctx.db
    .delete(platformCodes)
    .where(lt(platformCodes.expiresAt, new Date(now - ChatLimits.stateRetentionMs)));
  await ctx.db.insert(platformCodes).values({
    codeHash: hashToken(code),
    platform: input.platform.toLowerCase(),
    purpose: input.purpose,
    userId,
    expiresAt: new Date(now + ChatLimits.platformCodeMs),
  });
  const back = new URL(input.redirect_url);
  back.searchParams.set('code', code);
  back.searchParams.set('purpose', input.purpose);
  return { redirect_url: back.toString() };
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(hashToken(given));
  const b = Buffer.from(hashToken(expected));
  return timingSafeEqual(a, b);
};

/** The platform's server redeems a code once; a binding is recorded in the same transaction. */
export async function exchangePlatformCode(
  ctx: AppContext,
  input: { platform: string; secret: string; code: string },
) {
  const platform = platformOf(ctx, input.platform);
  if (!sameSecret(input.secret, platform.secret)) throw fail('PLATFORM_CODE_INVALID');
  return ctx.db.transaction(async (tx) => {
    const [taken] = await tx
      .update(platformCodes)
      .set({ usedAt: ctx.now() })
      .where(
        and(
          eq(platformCodes.codeHash, hashToken(input.code)),
          eq(platformCodes.platform, input.platform.toLowerCase()),
          isNull(platformCodes.usedAt),
          gt(platformCodes.expiresAt, ctx.now()),
        ),
      )
      .returning();
    if (!taken) throw fail('PLATFORM_CODE_INVALID');
    if (taken.purpose === 'bind') {
      await tx
        .insert(platformAccounts)
        .values({ platform: taken.platform, userId: taken.userId })
        .onConflictDoNothing();
    }
    const [user] = await tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, taken.userId));
    return { purpose: taken.purpose, user };
  });
}

export async function platformBound(ctx: AppContext, userId: string, platform: string): Promise<0 | 1> {
  const [row] = await ctx.db
    .select({ userId: platformAccounts.userId })
    .from(platformAccounts)
    .where(and(eq(platformAccounts.platform, platform), eq(platformAccounts.userId, userId)));
  return row ? 1 : 0;
}

export async function unbindPlatform(ctx: AppContext, userId: string, platform: string) {
  const removed = await ctx.db
    .delete(platformAccounts)
    .where(and(eq(platformAccounts.platform, platform.toLowerCase()), eq(platformAccounts.userId, userId)))
    .returning({ userId: platformAccounts.userId });
  if (removed.length === 0) throw fail('CHAT_NOT_BOUND');
}
