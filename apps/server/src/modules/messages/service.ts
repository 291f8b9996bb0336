import { kindGroup, type Lang, type MessageView, type NoticeGroup } from '@ferry/shared';
import { and, count, desc, eq, gt, inArray, isNull, not, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../account/tables.js';
import { designs } from '../designs/tables.js';
import { projects } from '../projects/tables.js';
import { isUuid } from '../teams/policy.js';
import { teamMembers } from '../teams/tables.js';
import { addressedTo } from './store.js';
import { messageReads, messages } from './tables.js';
import { renderNotice } from './templates.js';

/** The news of leaving a team stays in view after it, so someone who was offline still learns of it. */
const KEPT_AFTER_LEAVING = ['team_exit', 'team_dissolved'];

/** The caller's own notices, of teams they are still in (leaving a team takes its notices out of view). */
function ownNotices(userId: string): SQL {
  return and(
    addressedTo(userId),
    or(
      sql`exists (select 1 from ${teamMembers} where ${teamMembers.teamId} = ${messages.teamId} and ${teamMembers.userId} = ${userId})`,
      inArray(messages.kind, KEPT_AFTER_LEAVING),
    ),
  ) as SQL;
}

/** Notices the user has not read yet. */
function unread(userId: string): SQL {
  return not(
    sql`exists (select 1 from ${messageReads} where ${messageReads.messageId} = ${messages.id} and ${messageReads.userId} = ${userId})`,
  );
}

async function unreadCount(ctx: AppContext, userId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ unread: count() })
    .from(messages)
    .where(and(ownNotices(userId), unread(userId)));
  return row.unread;
}

/** `GET msg_center/messages`: newest first, paged; `unread` counts all of the caller's unread notices. */
export async function listMessages(
  ctx: AppContext,
  userId: string,
  input: { page: number; page_size: number; kind?: string; unread: boolean; since?: string },
  lang: Lang = 'en-US',
) {
  const rows = await ctx.db
    .select({
      message: messages,
      fromName: users.name,
      fromAvatar: users.avatar,
      projectName: projects.name,
      imageName: designs.name,
      readAt: messageReads.readAt,
    })
    .from(messages)
    .leftJoin(messageReads, and(eq(messageReads.messageId, messages.id), eq(messageReads.userId, userId)))
    .leftJoin(users, eq(users.id, messages.fromUserId))
    .leftJoin(projects, eq(projects.id, messages.projectId))
    .leftJoin(designs, eq(designs.id, messages.imageId))
    .where(
      and(
        ownNotices(userId),
        input.kind ? eq(messages.kind, input.kind) : undefined,
        input.unread ? isNull(messageReads.readAt) : undefined,
        input.since ? gt(messages.createdAt, new Date(input.since)) : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(input.page_size + 1)
    .offset((input.page - 1) * input.page_size);
  const list = rows.slice(0, input.page_size).map(
    ({ message, fromName, fromAvatar, projectName, imageName, readAt }): MessageView => ({
      id: message.id,
      kind: message.kind,
      method: message.method,
      team_id: message.teamId,
      project_id: message.projectId,
      // Names as they are now; the ones the notice was sent with when the project or design is gone.
      project_name: projectName ?? message.payload.projectName,
      image_id: message.imageId,
      image_name: imageName ?? message.payload.imageName,
      comment_id: message.commentId,
      from_user: message.fromUserId
        ? { user_id: message.fromUserId, name: fromName ?? '', avatar: fromAvatar ?? '' }
        : null,
      content: message.content,
      has_at: message.hasAt,
      url: message.url,
      read: readAt !== null,
      create_time: message.createdAt.toISOString(),
      group: kindGroup(message.kind),
      ...renderNotice(message.payload, lang),
      // The recipient's own copy names only them, as their socket got it (Hub.deliver).
      message: { ...message.payload, toIds: [userId] },
    }),
  );
  return { list, has_next: rows.length > input.page_size, unread: await unreadCount(ctx, userId) };
}

/** `POST msg_center/messages/read`: marks the caller's own notices read (ids of anyone else's change nothing). */
export async function markRead(ctx: AppContext, userId: string, input: { ids?: string[]; all?: boolean }) {
  const ids = (input.ids ?? []).filter(isUuid);
  if (input.all || ids.length > 0) {
    await ctx.db
      .insert(messageReads)
      .select(
        ctx.db
          .select({
            userId: sql`${userId}::uuid`.as('user_id'),
            messageId: messages.id,
            readAt: sql`${ctx.now().toISOString()}::timestamptz`.as('read_at'),
          })
          .from(messages)
          .where(and(addressedTo(userId), unread(userId), input.all ? undefined : inArray(messages.id, ids))),
      )
      .onConflictDoNothing();
  }
  return { unread: await unreadCount(ctx, userId) };
}

/** `GET msg_center/messages/unread`: the caller's unread notices, in all and per new-message dot. */
export async function unreadSummary(ctx: AppContext, userId: string) {
  const rows = await ctx.db
    .select({ kind: messages.kind, unread: count() })
    .from(messages)
    .where(and(ownNotices(userId), unread(userId)))
    .groupBy(messages.kind);
  const groups: Record<NoticeGroup, number> = { project: 0, team: 0, other: 0 };
  for (const row of rows) groups[kindGroup(row.kind)] += Number(row.unread);
  return { unread: groups.project + groups.team + groups.other, groups };
}
