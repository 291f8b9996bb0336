import { Limits, type LogoffCheck, RecoveryLimits } from '@ferry/shared';
import { and, count, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { revokeAllSessions } from '../account/sessions.js';
import {
  sceneProofs,
  sessions,
  userProfiles,
  userSettings,
  users,
  verificationCodes,
} from '../account/tables.js';
import { takeSceneProof } from '../account/verification.js';
import { recordDeparture } from './members.js';
import { teamApplies, teamMembers, teams } from './tables.js';

/** What an erased account is called wherever its comments and history stay, in both languages at once. */
export const ERASED_ACCOUNT_NAME = '已注销账号 Closed account';

/** The user's teams with their member counts (live teams only). */
async function teamsOf(db: Db | Tx, userId: string) {
  const mine = await db
    .select({ teamId: teamMembers.teamId, role: teamMembers.role, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, userId), isNull(teams.dissolvedAt)));
  if (mine.length === 0) return [];
  const sizes = await db
    .select({ teamId: teamMembers.teamId, members: count() })
    .from(teamMembers)
    .where(
      inArray(
        teamMembers.teamId,
        mine.map((team) => team.teamId),
      ),
    )
    .groupBy(teamMembers.teamId);
  const sizeOf = new Map(sizes.map((row) => [row.teamId, Number(row.members)]));
  return mine.map((team) => ({ ...team, members: sizeOf.get(team.teamId) ?? 1 }));
}

/**
 * `passport/logoff_check`: a super admin whose team still has other members must hand it over first, or the
 * team would be left without anyone who may administer it; a team of one goes with the account.
 */
export async function logoffCheck(ctx: AppContext, userId: string): Promise<LogoffCheck> {
  return checkOf(await teamsOf(ctx.db, userId));
}

function checkOf(mine: Awaited<ReturnType<typeof teamsOf>>): LogoffCheck {
  const blockers = mine
    .filter((team) => team.role === 'superadmin' && team.members > 1)
    .map((team) => ({ team_id: team.teamId, team_name: team.name, member_count: team.members }));
  const alone = mine
    .filter((team) => team.members === 1)
    .map((team) => ({ team_id: team.teamId, team_name: team.name }));
  return {
    can_logoff: blockers.length === 0,
    blockers,
    teams_dissolved: alone,
    grace_days: RecoveryLimits.closedAccountGraceDays,
  };
}

/**
 * `passport/logoff`: with a fresh proof of the `logoff` scene, the account is closed at once: every session ends
 * (their next call answers 39998), it leaves its teams (a team of one is dissolved), pending applications go,
 * and its personal data is erased after the grace period by the hourly clean-up. Comments stay.
 */
export async function closeAccount(
  ctx: AppContext,
  userId: string,
  input: { reason: { checks: string[]; other: string }; scene_code: string },
) {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await takeSceneProof(ctx, tx, { userId, scene: 'logoff', token: input.scene_code, spend: true });
    // Locked first, so a member joining or a transfer meanwhile waits and the check below stays true.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const mine = await teamsOf(tx, userId);
    const check = checkOf(mine);
    if (!check.can_logoff) throw fail('LOGOFF_TRANSFER_FIRST', undefined, { blockers: check.blockers });
    for (const team of mine) {
      await tx
        .delete(teamMembers)
        .where(and(eq(teamMembers.teamId, team.teamId), eq(teamMembers.userId, userId)));
      if (team.members === 1) {
        await tx.update(teams).set({ dissolvedAt: now }).where(eq(teams.id, team.teamId));
        await recordDeparture(tx, team.teamId, userId, 'dissolved', now);
      } else {
        await recordDeparture(tx, team.teamId, userId, 'left', now);
        await ctx.teamContents.dropMemberships(tx, userId, team.teamId);
      }
    }
    await tx.delete(teamApplies).where(and(eq(teamApplies.userId, userId), eq(teamApplies.state, 'pending')));
    await tx
      .update(users)
      .set({
        status: 'closed',
        closedAt: now,
        eraseAfter: new Date(now.getTime() + RecoveryLimits.closedAccountGraceDays * Limits.msPerDay),
        closingReason: input.reason,
      })
      .where(eq(users.id, userId));
    await revokeAllSessions(tx, userId, 'closed', now);
  });
}

/**
 * The hourly clean-up's part: closed accounts past their grace period lose their personal data. The row stays
 * (comments and history name it) under a neutral name and an address no one can own, which frees the real one.
 */
export async function eraseClosedAccounts(ctx: AppContext) {
  const now = ctx.now();
  const due = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.status, 'closed'), isNull(users.erasedAt), lte(users.eraseAfter, now)));
  for (const { id } of due) {
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          email: `closed-${id}@closed.invalid`,
          name: ERASED_ACCOUNT_NAME,
          nickname: '',
          avatar: '',
          passwordHash: '!',
          closingReason: null,
          erasedAt: now,
        })
        .where(eq(users.id, id));
      await tx.delete(userSettings).where(eq(userSettings.userId, id));
      await tx.delete(userProfiles).where(eq(userProfiles.userId, id));
      await tx.delete(sessions).where(eq(sessions.userId, id));
      await tx.delete(verificationCodes).where(eq(verificationCodes.userId, id));
      await tx.delete(sceneProofs).where(eq(sceneProofs.userId, id));
      await tx.delete(teamApplies).where(eq(teamApplies.userId, id));
    });
  }
  return due.length;
}
