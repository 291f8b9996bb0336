import { createHash, randomBytes } from 'node:crypto';
import { Limits } from '@ferry/shared';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { sessions, users } from './tables.js';

export type RevokeReason = 'logout' | 'password_changed' | 'elsewhere' | 'closed';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A new session token: 256 random bits; only its hash is stored. */
export async function issueSession(db: Db | Tx, userId: string, userAgent = ''): Promise<string> {
  const token = randomBytes(Limits.tokenBytes).toString('base64url');
  await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId, userAgent: userAgent.slice(0, 300) });
  return token;
}

export async function findSession(db: Db, token: string) {
  const [row] = await db
    .select({
      userId: sessions.userId,
      revokedReason: sessions.revokedReason,
      revokedAt: sessions.revokedAt,
      status: users.status,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, hashToken(token)));
  return row;
}

export async function revokeSession(db: Db | Tx, token: string, reason: RevokeReason, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
}

/** Ends every session of the user but the one given (after a password change). */
export async function revokeOtherSessions(
  db: Db | Tx,
  userId: string,
  keepToken: string,
  reason: RevokeReason,
  now: Date,
) {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        ne(sessions.tokenHash, hashToken(keepToken)),
        isNull(sessions.revokedAt),
      ),
    );
}

/** Ends every session of the user (a reset password, a closed account). */
export async function revokeAllSessions(db: Db | Tx, userId: string, reason: RevokeReason, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
