import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { allowLists } from './tables.js';

/** The operators' list: `GET account/user_in_master_list` answers whether the caller is on it. */
export const MASTER_LIST = 'master';

export const teamMember = (teamId: string) => `team:${teamId}`;
export const userMember = (userId: string) => `user:${userId}`;

export async function isInList(db: Db, listId: string, member: string): Promise<boolean> {
  const [row] = await db
    .select({ member: allowLists.member })
    .from(allowLists)
    .where(and(eq(allowLists.listId, listId), eq(allowLists.member, member)));
  return Boolean(row);
}

export async function addToList(db: Db, listId: string, member: string): Promise<boolean> {
  const added = await db.insert(allowLists).values({ listId, member }).onConflictDoNothing().returning();
  return added.length > 0;
}

export async function removeFromList(db: Db, listId: string, member: string): Promise<boolean> {
  const removed = await db
    .delete(allowLists)
    .where(and(eq(allowLists.listId, listId), eq(allowLists.member, member)))
    .returning();
  return removed.length > 0;
}
