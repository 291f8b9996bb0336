import { createHash } from 'node:crypto';
import { canQuitTeam, Limits, PAID_LEVELS } from '@ferry/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { withNotices } from '../../notices.js';
import { verifyPassword } from '../account/passwords.js';
import { users } from '../account/tables.js';
import { renderPicture } from '../storage/pictures.js';
import { CONTENT_TYPES, sniffType } from '../storage/sniff.js';
import { recordDeparture } from './members.js';
import { assertMemberRoom, isEnterprise, lockTeamLimits } from './plans.js';
import { memberOfTeam, roleInTeam, teamForAdmin, teamForMember, teamForSuperAdmin } from './policy.js';
import { teamMembers, teams } from './tables.js';

/** Anyone but the super admin may leave; the super admin transfers the team first (spec 000 §8 exit refusals). */
export async function exitTeam(ctx: AppContext, actorId: string, teamId: string) {
  const role = await roleInTeam(ctx.db, actorId, teamId).catch((error) => {
    if (error?.entry?.code === '10006') throw fail('NOT_IN_TEAM');
    throw error;
  });
  if (!canQuitTeam(role)) throw fail('SUPERADMIN_CANNOT_EXIT');
  await ctx.db.transaction(async (tx) => {
    await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, actorId)));
    await recordDeparture(tx, teamId, actorId, 'left', ctx.now());
    await ctx.teamContents.dropMemberships(tx, actorId, teamId);
  });
}

/** The super admin hands the team to another member and becomes an admin. */
export async function transferTeam(
  ctx: AppContext,
  actorId: string,
  input: { team_id: string; user_id: string },
) {
  const { team } = await teamForSuperAdmin(ctx.db, actorId, input.team_id);
  const target = await memberOfTeam(ctx.db, team.id, input.user_id);
  if (target.userId === actorId) throw fail('NO_PERMISSION');
  await withNotices(ctx, async (tx) => {
    const inTeam = (userId: string) => and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, userId));
    await tx.update(teamMembers).set({ role: 'admin' }).where(inTeam(actorId));
    await tx.update(teamMembers).set({ role: 'superadmin' }).where(inTeam(target.userId));
    await tx.update(teams).set({ ownerId: target.userId }).where(eq(teams.id, team.id));
    await ctx.notices.teamRoleChanged(tx, {
      actorId,
      teamId: team.id,
      userId: target.userId,
      role: 'superadmin',
    });
  });
}

/**
 * Dissolving asks for the team's name and the owner's password (spec 000 §5); a paid team still in its
 * term cannot be dissolved directly. Every member's next call for the team hears it was dissolved.
 */
export async function dissolveTeam(
  ctx: AppContext,
  actorId: string,
  input: { team_id: string; name: string; password: string },
) {
  const { team } = await teamForSuperAdmin(ctx.db, actorId, input.team_id);
  if (input.name !== team.name) throw fail('TEAM_NAME_MISMATCH');
  const password = ctx.cipher.decrypt(input.password);
  const [owner] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, actorId));
  if (!(await verifyPassword(password, owner.hash))) throw fail('WRONG_PASSWORD');
  const paid = (PAID_LEVELS as readonly number[]).includes(team.packageLevel);
  if (paid && (!team.expireAt || team.expireAt > ctx.now())) throw fail('PAID_TEAM_CANNOT_DISSOLVE');
  await endTeam(ctx, actorId, team.id, 'dissolved');
}

/** Ends a team (dissolved, or merged into another); its members hear of it (`dissolutionTeam`). */
async function endTeam(ctx: AppContext, actorId: string, teamId: string, reason: 'dissolved' | 'merged') {
  await withNotices(ctx, async (tx) => {
    const members = await tx
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(eq(teamMembers.teamId, teamId));
    await ctx.notices.teamDissolved(tx, {
      actorId,
      teamId,
      memberIds: members.map((member) => member.userId),
    });
    for (const member of members) await recordDeparture(tx, teamId, member.userId, reason, ctx.now());
    await tx.delete(teamMembers).where(eq(teamMembers.teamId, teamId));
    await tx.update(teams).set({ dissolvedAt: ctx.now() }).where(eq(teams.id, teamId));
  });
}

/**
 * Moves the members of one team into another the caller also owns, then ends the first. Members keep
 * their role (the old team's owner is the caller, already super admin of the target).
 */
export async function mergeTeam(
  ctx: AppContext,
  actorId: string,
  input: { team_id: string; target_team_id: string },
) {
  if (input.team_id === input.target_team_id) throw fail('INVALID_INPUT');
  const { team: source } = await teamForSuperAdmin(ctx.db, actorId, input.team_id);
  const { team: target } = await teamForSuperAdmin(ctx.db, actorId, input.target_team_id);
  if (isEnterprise(source) || isEnterprise(target)) throw fail('ENTERPRISE_CANNOT_MERGE');
  const sourceMembers = await ctx.db.select().from(teamMembers).where(eq(teamMembers.teamId, source.id));
  await ctx.db.transaction(async (tx) => {
    // Under the target's lock, as joins are: members joining meanwhile are counted.
    await lockTeamLimits(tx, target.id);
    const alreadyIn = await tx
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(
        and(
          eq(teamMembers.teamId, target.id),
          inArray(
            teamMembers.userId,
            sourceMembers.map((member) => member.userId),
          ),
        ),
      );
    const incoming = sourceMembers.filter((member) => !alreadyIn.some((row) => row.userId === member.userId));
    await assertMemberRoom(ctx, tx, target, incoming.length, 'MERGE_EXCEEDS_LIMITS');
    for (const member of incoming) {
      await tx
        .insert(teamMembers)
        .values({ teamId: target.id, userId: member.userId, role: member.role, joinedAt: ctx.now() });
    }
  });
  await endTeam(ctx, actorId, source.id, 'merged');
}

/**
 * JPG or PNG of at most 3M, told by its bytes, and decoded whole within the picture limits as a project cover
 * is (10119), before it is stored (under a content-addressed key) and shown to every member.
 */
export async function setTeamAvatar(ctx: AppContext, actorId: string, teamId: string, data: Buffer) {
  const { team } = await teamForAdmin(ctx.db, actorId, teamId);
  const type = sniffType(data);
  if (data.length > Limits.avatarMaxBytes || (type !== 'png' && type !== 'jpeg'))
    throw fail('AVATAR_INVALID');
  await renderPicture(data, [type], (image) => image.stats());
  const hash = createHash('sha256').update(data).digest('hex');
  const key = `team-avatars/${team.id}/${hash}.${type === 'png' ? 'png' : 'jpg'}`;
  await ctx.files.put(key, data);
  await ctx.db.update(teams).set({ avatarKey: key }).where(eq(teams.id, team.id));
  if (team.avatarKey && team.avatarKey !== key) await ctx.files.remove(team.avatarKey);
  return {
    avatar: ctx.files.signedUrl(key, new Date(ctx.now().getTime() + Limits.msPerDay)),
    content_type: CONTENT_TYPES[type],
  };
}

export async function teamOf(ctx: AppContext, actorId: string, teamId: string) {
  return (await teamForMember(ctx.db, actorId, teamId)).team;
}
