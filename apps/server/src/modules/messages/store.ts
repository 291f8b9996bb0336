import { randomUUID } from 'node:crypto';
import { NOTICE_KINDS, type RealtimeMessage } from '@ferry/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { isUuid } from '../teams/policy.js';
import { messages } from './tables.js';

/** Writing the message centre: the events outbox stores each notice here, once for all its recipients. */

/**
 * A uuid[] parameter as one array literal: Drizzle would map and quote each of a big notice's 1,000 ids.
 * Only ids go in, so the literal needs no quoting.
 */
function uuidArray(ids: string[]): SQL<string[]> {
  for (const id of ids) if (!isUuid(id)) throw new Error(`not a user id: ${JSON.stringify(id)}`);
  return sql<string[]>`${`{${ids.join(',')}}`}::uuid[]`;
}

/**
 * The notice's one message-centre row; its payload names no recipient (each reader's copy names them).
 * Answers the row's id.
 */
export async function storeForRecipients(tx: Tx, payload: RealtimeMessage, at: Date): Promise<string> {
  const id = randomUUID();
  await tx.insert(messages).values({
    id,
    recipientIds: uuidArray(payload.toIds),
    teamId: payload.teamId,
    projectId: payload.projectId || null,
    kind: NOTICE_KINDS[payload.method],
    method: payload.method,
    fromUserId: payload.fromUserId || null,
    imageId: payload.imageId || null,
    // The column links design comments; a document comment's id stays in the payload only.
    commentId: (payload.isDesign && payload.commentId) || null,
    content: payload.content,
    hasAt: payload.hasAt,
    url: payload.url,
    payload: { ...payload, toIds: [] },
    createdAt: at,
  });
  return id;
}

/** Notices addressed to this user (the recipients' GIN index answers it). */
export function addressedTo(userId: string): SQL {
  return sql`${messages.recipientIds} @> array[${userId}::uuid]`;
}

/** The recipients of these notices, by notice id. */
export async function recipientsOf(db: Db, messageIds: string[]): Promise<Map<string, string[]>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db
    .select({ id: messages.id, recipientIds: messages.recipientIds })
    .from(messages)
    .where(inArray(messages.id, messageIds));
  return new Map(rows.map((row) => [row.id, row.recipientIds]));
}

/** A stored notice of this recipient (its team and method), or undefined for anyone else's. */
export async function ownMessage(db: Db | Tx, recipientId: string, messageId: string) {
  const [own] = await db
    .select({ teamId: messages.teamId, method: messages.method })
    .from(messages)
    .where(and(eq(messages.id, messageId), addressedTo(recipientId)));
  return own;
}
