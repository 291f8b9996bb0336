import type { CommentAuthor, CommentThread, CommentView } from '@ferry/shared';
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { users } from '../account/tables.js';
import { type CommentAccess, type CommentRow, mayDelete, mayEdit, mayResolve } from './policy.js';

export type People = Map<string, CommentAuthor>;

/** Everyone the comments name (authors, mentions, resolvers), in one query. */
export async function loadPeople(
  db: Db | Tx,
  rows: Pick<CommentRow, 'authorId' | 'mentions' | 'resolvedBy'>[],
): Promise<People> {
  const ids = new Set<string>();
  for (const row of rows) {
    if (row.authorId) ids.add(row.authorId);
    for (const id of row.mentions) ids.add(id);
    if (row.resolvedBy) ids.add(row.resolvedBy);
  }
  if (ids.size === 0) return new Map();
  const found = await db
    .select({ id: users.id, name: users.name, avatar: users.avatar })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(found.map((user) => [user.id, { user_id: user.id, name: user.name, avatar: user.avatar }]));
}

/** Someone the comments name; an account gone since is nameless rather than missing. */
export const person = (people: People, id: string): CommentAuthor =>
  people.get(id) ?? { user_id: id, name: '', avatar: '' };

export function presentComment(access: CommentAccess, people: People, row: CommentRow): CommentView {
  const isThread = row.parentId === null;
  return {
    id: row.id,
    comment_id: row.id,
    project_id: row.projectId,
    image_id: row.designId,
    version_id: row.versionId,
    parent_id: row.parentId,
    content: row.content,
    position:
      row.positionX !== null && row.positionY !== null ? { x: row.positionX, y: row.positionY } : null,
    layer_id: row.layerId,
    mentions: row.mentions.map((id) => person(people, id)),
    author: row.authorId
      ? person(people, row.authorId)
      : { user_id: '', name: row.guestName ?? '', avatar: '', guest: true },
    resolved: row.resolvedAt !== null,
    resolved_by: row.resolvedBy ? person(people, row.resolvedBy) : null,
    resolved_time: row.resolvedAt?.toISOString() ?? null,
    edited: row.editedAt !== null,
    create_time: row.createdAt.toISOString(),
    update_time: row.updatedAt.toISOString(),
    can_edit: mayEdit(access, row),
    can_delete: mayDelete(access, row),
    can_resolve: isThread && mayResolve(access, row),
  };
}

export function presentThread(
  access: CommentAccess,
  people: People,
  thread: CommentRow,
  replies: CommentRow[],
): CommentThread {
  return {
    ...presentComment(access, people, thread),
    number: thread.number,
    replies: replies.map((reply) => presentComment(access, people, reply)),
  };
}
