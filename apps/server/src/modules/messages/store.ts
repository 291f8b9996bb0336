import { NOTICE_KINDS, type RealtimeMessage } from '@ferry/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { messages } from './tables.js';

/** Writing the message centre's rows: the events outbox stores each notice here for its recipients. */

const columnList = (...columns: PgColumn[]) =>
  sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );

/**
 * The message-centre rows of a notice in one statement, the recipients and the shared payload passed once:
 * a notice to 1,000 people would otherwise send 1,000 copies of its payload as 13,000 parameters, and the
 * change's transaction (and the notice) waits for them. Each recipient's copy names only them, as the socket
 * sends it (see Hub.deliver).
 */
export async function storeForRecipients(tx: Tx, payload: RealtimeMessage, at: Date) {
  const shared = JSON.stringify({ ...payload, toIds: [] });
  await tx.execute(sql`
    insert into ${messages} (${columnList(
      messages.id,
      messages.recipientId,
      messages.teamId,
      messages.projectId,
      messages.kind,
      messages.method,
      messages.fromUserId,
      messages.imageId,
      messages.commentId,
      messages.content,
      messages.hasAt,
      messages.url,
      messages.payload,
      messages.createdAt,
    )})
    select gen_random_uuid(), recipient::uuid, ${payload.teamId}::uuid, ${payload.projectId || null}::uuid,
      ${NOTICE_KINDS[payload.method]}::text, ${payload.method}::text, ${payload.fromUserId || null}::uuid,
      ${payload.imageId || null}::uuid, ${payload.commentId || null}::uuid, ${payload.content}::text,
      ${payload.hasAt}::boolean, ${payload.url}::text,
      jsonb_set(${shared}::jsonb, '{toIds}', jsonb_build_array(recipient)), ${at.toISOString()}::timestamptz
    from jsonb_array_elements_text(${JSON.stringify(payload.toIds)}::jsonb) as recipient`);
}

/** A stored notice of this recipient (its team and method), or undefined for anyone else's. */
export async function ownMessage(db: Db | Tx, recipientId: string, messageId: string) {
  const [own] = await db
    .select({ teamId: messages.teamId, method: messages.method })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.recipientId, recipientId)));
  return own;
}
