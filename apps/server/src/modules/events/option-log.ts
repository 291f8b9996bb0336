import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { ownMessage } from '../messages/store.js';
import { isUuid, roleInTeam } from '../teams/policy.js';
import { noticeActions } from './tables.js';

/**
 * `POST msg_center/option_log/add`: records what the caller did with a notice. A stored notice must be the
 * caller's own (its team is taken from it); a team named alone must be one the caller is in.
 */
export async function addNoticeAction(
  ctx: AppContext,
  userId: string,
  input: { action: string; team_id?: string; message_id?: string; event_id?: string; method?: string },
) {
  let teamId = input.team_id ?? null;
  let method = input.method ?? '';
  if (input.message_id !== undefined) {
    if (!isUuid(input.message_id)) throw fail('NOT_FOUND');
    const own = await ownMessage(ctx.db, userId, input.message_id);
    if (!own || (teamId !== null && teamId !== own.teamId)) throw fail('NOT_FOUND');
    teamId = own.teamId;
    method ||= own.method;
  } else if (teamId !== null) {
    await roleInTeam(ctx.db, userId, teamId);
  }
  if (input.event_id !== undefined && !isUuid(input.event_id)) throw fail('NOT_FOUND');
  await ctx.db.insert(noticeActions).values({
    userId,
    teamId,
    messageId: input.message_id ?? null,
    eventId: input.event_id ?? null,
    method,
    action: input.action,
    createdAt: ctx.now(),
  });
  return {};
}
