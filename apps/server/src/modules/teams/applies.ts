import type { TeamApply, TeamRole } from '@ferry/shared';
import { and, count, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { signalTeamPeople } from '../../realtime/signals.js';
import { users } from '../account/tables.js';
import type { SignedInvite } from './invite-links.js';
import { admitMember, resolveInvite } from './invites.js';
import { isUuid, teamForSuperAdmin } from './policy.js';
import { teamApplies, teamMembers, teams } from './tables.js';

type ApplyState = TeamApply['state'];

/** A visitor with a review link asks to join; the super admin decides (spec 000 §4, §6). */
export async function applyToJoin(
  ctx: AppContext,
  userId: string,
  input: SignedInvite & { real_name: string; reason: string },
) {
  const { invite, team } = await resolveInvite(ctx, input);
  if (!invite.review) {
    throw fail('INVALID_INPUT', { zh: '该链接可直接加入团队', en: 'This link joins the team directly' });
  }
  const [member] = await ctx.db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, userId)));
  if (member) throw fail('ALREADY_IN_TEAM');
  const [pending] = await ctx.db
    .select({ id: teamApplies.id })
    .from(teamApplies)
    .where(
      and(eq(teamApplies.teamId, team.id), eq(teamApplies.userId, userId), eq(teamApplies.state, 'pending')),
    );
  if (pending) {
    throw fail('APPLY_PENDING', { zh: '你的申请正在审核中', en: 'Your application is waiting for review' });
  }
  const [created] = await ctx.db
    .insert(teamApplies)
    .values({
      teamId: team.id,
      userId,
      inviteId: invite.id,
      role: invite.role,
      realName: input.real_name,
      reason: input.reason,
      createdAt: ctx.now(),
    })
    .returning({ id: teamApplies.id });
  await signalTeamPeople(ctx, team.id);
  return (await appliesWhere(ctx, eq(teamApplies.id, created.id)))[0];
}

async function appliesWhere(ctx: AppContext, where: ReturnType<typeof and>): Promise<TeamApply[]> {
  const rows = await ctx.db
    .select({ apply: teamApplies, user: users, teamName: teams.name })
    .from(teamApplies)
    .innerJoin(users, eq(users.id, teamApplies.userId))
    .innerJoin(teams, eq(teams.id, teamApplies.teamId))
    .where(where)
    .orderBy(desc(teamApplies.createdAt));
  return rows.map(({ apply, user, teamName }) => ({
    id: apply.id,
    team_id: apply.teamId,
    team_name: teamName,
    user: { id: user.id, name: user.name, email: user.email, color: user.color },
    real_name: apply.realName,
    reason: apply.reason,
    role: apply.role as TeamRole,
    state: apply.state as ApplyState,
    create_time: apply.createdAt.toISOString(),
    handled_time: apply.handledAt?.toISOString() ?? null,
  }));
}

export async function listApplies(ctx: AppContext, actorId: string, teamId: string, state?: string) {
  await teamForSuperAdmin(ctx.db, actorId, teamId);
  const byState =
    state && ['pending', 'agreed', 'refused'].includes(state) ? eq(teamApplies.state, state) : undefined;
  return appliesWhere(ctx, and(eq(teamApplies.teamId, teamId), byState));
}

export async function pendingApplyCount(ctx: AppContext, actorId: string, teamId: string) {
  await teamForSuperAdmin(ctx.db, actorId, teamId);
  const [row] = await ctx.db
    .select({ pending: count() })
    .from(teamApplies)
    .where(and(eq(teamApplies.teamId, teamId), eq(teamApplies.state, 'pending')));
  return { pending: Number(row.pending) };
}

export async function myApplies(ctx: AppContext, userId: string) {
  return appliesWhere(ctx, eq(teamApplies.userId, userId));
}

/** Agreeing admits the applicant with the link's role; the state changes once only, even when two admins race. */
export async function handleApply(
  ctx: AppContext,
  actorId: string,
  input: { team_id: string; apply_id: string; state: 'agreed' | 'refused' },
) {
  const { team } = await teamForSuperAdmin(ctx.db, actorId, input.team_id);
  if (!isUuid(input.apply_id)) throw fail('NOT_FOUND');
  const admitted = await ctx.db.transaction(async (tx) => {
    const [apply] = await tx
      .update(teamApplies)
      .set({ state: input.state, handledAt: ctx.now(), handledBy: actorId })
      .where(
        and(
          eq(teamApplies.id, input.apply_id),
          eq(teamApplies.teamId, team.id),
          eq(teamApplies.state, 'pending'),
        ),
      )
      .returning();
    if (!apply) {
      const [exists] = await tx
        .select({ id: teamApplies.id })
        .from(teamApplies)
        .where(and(eq(teamApplies.id, input.apply_id), eq(teamApplies.teamId, team.id)));
      throw fail(exists ? 'APPLY_ALREADY_HANDLED' : 'NOT_FOUND');
    }
    if (input.state !== 'agreed') return undefined;
    const [member] = await tx
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, apply.userId)));
    if (!member) await admitMember(ctx, tx, team, apply.userId, apply.role as TeamRole);
    return apply.userId;
  });
  await signalTeamPeople(ctx, team.id, admitted);
  return (await appliesWhere(ctx, eq(teamApplies.id, input.apply_id)))[0];
}
