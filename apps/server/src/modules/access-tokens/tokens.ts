import { randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_PREFIX, AccessTokenLimits, type TokenScope } from '@ferry/shared';
import { and, count, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { hashToken } from '../account/sessions.js';
import { users } from '../account/tables.js';
import { accessTokens } from './tables.js';

type TokenRow = typeof accessTokens.$inferSelect;

export const isAccessToken = (token: string) => token.startsWith(ACCESS_TOKEN_PREFIX);

/** A token in force: not revoked, not past its expiry. */
const inForce = (now: Date) =>
  and(isNull(accessTokens.revokedAt), or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, now)));

export interface NewToken {
  userId: string;
  name: string;
  scopes: TokenScope[];
  kind: 'personal' | 'plugin';
  pluginType?: string;
  expiresAt?: Date | null;
}

/**
 * Issues a token (in the caller's transaction): its text is answered once and only its hash is kept. The
 * user's row is locked first, so two creations at the limit cannot both pass the count.
 */
export async function issueAccessToken(tx: Tx, now: Date, input: NewToken) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
  const [held] = await tx
    .select({ n: count() })
    .from(accessTokens)
    .where(and(eq(accessTokens.userId, input.userId), inForce(now)));
  if (held.n >= AccessTokenLimits.perUser) throw fail('ACCESS_TOKEN_LIMIT');
  const secret = randomBytes(AccessTokenLimits.secretBytes).toString('base64url');
  const token = `${ACCESS_TOKEN_PREFIX}${secret}`;
  const [row] = await tx
    .insert(accessTokens)
    .values({
      userId: input.userId,
      name: input.name,
      kind: input.kind,
      pluginType: input.pluginType ?? null,
      scopes: input.scopes,
      tokenHash: hashToken(token),
      hint: secret.slice(0, 4),
      expiresAt: input.expiresAt ?? null,
      createdAt: now,
    })
    .returning();
  return { token, row };
}

/** The user's tokens in force, newest first. */
export async function listAccessTokens(ctx: AppContext, userId: string): Promise<TokenRow[]> {
  return ctx.db
    .select()
    .from(accessTokens)
    .where(and(eq(accessTokens.userId, userId), inForce(ctx.now())))
    .orderBy(desc(accessTokens.createdAt));
}

/** Revokes one of the user's own tokens; another user's id answers as an unknown one (19176). */
export async function revokeAccessToken(ctx: AppContext, userId: string, id: string) {
  const [row] = await ctx.db
    .update(accessTokens)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(accessTokens.id, id), eq(accessTokens.userId, userId), inForce(ctx.now())))
    .returning({ id: accessTokens.id });
  if (!row) throw fail('ACCESS_TOKEN_NOT_FOUND');
}

/** A token's row and its user's status, looked up by the token's hash. */
export async function findAccessToken(db: Db, token: string) {
  const [row] = await db
    .select({
      id: accessTokens.id,
      userId: accessTokens.userId,
      scopes: accessTokens.scopes,
      expiresAt: accessTokens.expiresAt,
      revokedAt: accessTokens.revokedAt,
      lastUsedAt: accessTokens.lastUsedAt,
      status: users.status,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(eq(accessTokens.tokenHash, hashToken(token)));
  return row;
}

/** When this process last wrote each token's last_used_at, so a busy token costs one write a minute. */
const lastWrites = new WeakMap<AppContext, Map<string, number>>();

/**
 * Records a use at most once per AccessTokenLimits.lastUsedWriteMs: the update's condition keeps other
 * instances from writing it again within that time, and the in-memory note spares this one the statement.
 */
export async function noteUse(ctx: AppContext, tokenId: string, lastUsedAt: Date | null) {
  const now = ctx.now();
  const written = lastWrites.get(ctx) ?? new Map<string, number>();
  lastWrites.set(ctx, written);
  const known = Math.max(lastUsedAt?.getTime() ?? 0, written.get(tokenId) ?? 0);
  if (now.getTime() - known < AccessTokenLimits.lastUsedWriteMs) return;
  written.set(tokenId, now.getTime());
  const staleBefore = new Date(now.getTime() - AccessTokenLimits.lastUsedWriteMs);
  await ctx.db
    .update(accessTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(accessTokens.id, tokenId),
        or(isNull(accessTokens.lastUsedAt), lt(accessTokens.lastUsedAt, staleBefore)),
      ),
    );
}
