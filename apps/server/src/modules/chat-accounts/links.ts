import type { ChatProvider } from '@ferry/shared';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { linkRefusal } from './policy.js';
import type { ChatIdentity } from './providers/types.js';
import { chatAccounts } from './tables.js';

export type ChatAccountRow = typeof chatAccounts.$inferSelect;

export async function linkedAccountOf(db: Db | Tx, provider: ChatProvider, userId: string) {
  const [row] = await db
    .select()
    .from(chatAccounts)
    .where(and(eq(chatAccounts.provider, provider), eq(chatAccounts.userId, userId)));
  return row as ChatAccountRow | undefined;
}

export async function ownerOfAccount(db: Db | Tx, provider: ChatProvider, providerUserId: string) {
  const [row] = await db
    .select()
    .from(chatAccounts)
    .where(and(eq(chatAccounts.provider, provider), eq(chatAccounts.providerUserId, providerUserId)));
  return row as ChatAccountRow | undefined;
}

export async function linksOfUser(db: Db, userId: string): Promise<ChatAccountRow[]> {
  return db.select().from(chatAccounts).where(eq(chatAccounts.userId, userId));
}

/**
 * Links a provider account to a user in the caller's transaction (refusals in policy.ts). A rebind drops
 * the user's previous account of the provider in the same transaction, so a failed change keeps the old one.
 */
export async function linkAccount(
  tx: Tx,
  provider: ChatProvider,
  userId: string,
  identity: ChatIdentity,
  purpose: 'login' | 'bind' | 'rebind',
) {
  const owner = await ownerOfAccount(tx, provider, identity.providerUserId);
  const current = await linkedAccountOf(tx, provider, userId);
  const refusal = linkRefusal(userId, identity.providerUserId, purpose, {
    accountOwnerId: owner?.userId ?? null,
    usersAccountId: current?.providerUserId ?? null,
  });
  if (refusal) throw fail(refusal);
  // A new binding (or a rebind after unfollowing) reaches the user again.
  const details = {
    nickname: identity.nickname,
    avatar: identity.avatar,
    unionId: identity.unionId,
    ...(identity.notifyOpenId ? { notifyOpenId: identity.notifyOpenId, lapsedAt: null } : {}),
  };
  if (owner) {
    await tx.update(chatAccounts).set(details).where(eq(chatAccounts.id, owner.id));
    return;
  }
  if (current) await tx.delete(chatAccounts).where(eq(chatAccounts.id, current.id));
  const inserted = await tx
    .insert(chatAccounts)
    .values({ provider, userId, providerUserId: identity.providerUserId, ...details })
    .onConflictDoNothing()
    .returning({ id: chatAccounts.id });
  // Someone linked the same account (or this user another) between the reads and the insert.
  if (inserted.length === 0) throw fail('CHAT_ACCOUNT_TAKEN');
}

export async function unlinkAccount(db: Db | Tx, provider: ChatProvider, userId: string) {
  const removed = await db
    .delete(chatAccounts)
    .where(and(eq(chatAccounts.provider, provider), eq(chatAccounts.userId, userId)))
    .returning({ id: chatAccounts.id });
  if (removed.length === 0) throw fail('CHAT_NOT_BOUND');
}

/** A sign-in through a linked account refreshes the name and picture the provider gave this time. */
export async function refreshLinkedAccount(db: Db, id: string, identity: ChatIdentity) {
  await db
    .update(chatAccounts)
    .set({ nickname: identity.nickname, avatar: identity.avatar, unionId: identity.unionId })
    .where(eq(chatAccounts.id, id));
}

/**
 * The official account's follow events: unfollowing lapses the WeChat binding (the bind-expired dialog of
 * spec 000 §2), following again restores it.
 */
export async function markFollower(db: Db, notifyOpenId: string, following: boolean, now: Date) {
  await db
    .update(chatAccounts)
    .set({ lapsedAt: following ? null : now })
    .where(and(eq(chatAccounts.provider, 'wechat'), eq(chatAccounts.notifyOpenId, notifyOpenId)));
}
