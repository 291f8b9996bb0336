import { roleRank, type TeamRole } from '@ferry/shared';
import type { Tx } from '../../db/client.js';
import type { TeamChange } from '../../notices.js';
import { noticeNames, othersThan } from './audience.js';
import { buildMessage, noticeUrls } from './message.js';
import { type OutboxContext, recordNotice } from './outbox.js';

/** The notices of team changes (spec 002 §4), recorded in the transaction of the change. */

/** `changeTeamJurisdiction`: a member's team role was changed (or the team was handed to them). */
export async function noticeTeamRoleChanged(
  ctx: OutboxContext,
  tx: Tx,
  change: TeamChange & { userId: string; role: TeamRole },
) {
  const names = await noticeNames(tx, change);
  await recordNotice(
    ctx,
    tx,
    buildMessage({
      ...names,
      method: 'changeTeamJurisdiction',
      type: change.role,
      code: roleRank(change.role),
      teamId: change.teamId,
      toIds: othersThan(change.actorId, [change.userId]),
      url: noticeUrls.team(change.teamId),
    }),
  );
}

/** `removeTeamMemeber`: the removed member sees the full-screen tip. */
export async function noticeRemovedFromTeam(
  ctx: OutboxContext,
  tx: Tx,
  change: TeamChange & { userId: string },
) {
  const names = await noticeNames(tx, change);
  await recordNotice(
    ctx,
    tx,
    buildMessage({
      ...names,
      method: 'removeTeamMemeber',
      teamId: change.teamId,
      toIds: othersThan(change.actorId, [change.userId]),
    }),
  );
}

/** `dissolutionTeam`: everyone who was in the team (dissolved, or merged into another). */
export async function noticeTeamDissolved(
  ctx: OutboxContext,
  tx: Tx,
  change: TeamChange & { memberIds: string[] },
) {
  const names = await noticeNames(tx, change);
  await recordNotice(
    ctx,
    tx,
    buildMessage({
      ...names,
      method: 'dissolutionTeam',
      teamId: change.teamId,
      toType: 'team',
      toIds: othersThan(change.actorId, change.memberIds),
    }),
  );
}
