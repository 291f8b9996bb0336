import { type Lang, Limits, type TeamInfo, type TeamRole } from '@ferry/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { signalTeamPeople } from '../../realtime/signals.js';
import { users } from '../account/tables.js';
import { escapeHtml } from '../mail/mailer.js';
import { assertTeamAdmits, assertTeamAdmitsUser } from './email-suffixes.js';
import { inviteUrl, newInviteId, type SignedInvite, signInvite, verifyInvite } from './invite-links.js';
import { assertMemberRoom, memberCount, reserveMemberRoom } from './plans.js';
import { mayAssignRole, teamForAdmin } from './policy.js';
import { teamAvatarUrl } from './present.js';
import { getTeam } from './service.js';
import { teamApplies, teamDepartures, teamInvites, teamMembers, teams } from './tables.js';

type InviteRow = typeof teamInvites.$inferSelect;
type TeamRow = typeof teams.$inferSelect;

async function inviterOf(ctx: AppContext, userId: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  return user;
}

type Inviter = Awaited<ReturnType<typeof inviterOf>>;

/**
 * Signs a link for an invite row, with the inviter's name and the team's as the spec's payload carries them.
 * It reads nothing, so it can run inside a transaction.
 */
function signFor(ctx: AppContext, invite: InviteRow, team: TeamRow, inviter: Inviter) {
  const now = ctx.now();
  const link = signInvite(
    ctx.secrets.links,
    {
      date: now.toISOString(),
      team_id: team.id,
      team_name: team.name,
      project_ids: [],
      role: invite.role,
      avatar: inviter.avatar,
      username: inviter.name,
      color: inviter.color,
      invite_id: invite.id,
      by: invite.kind === 'email' ? 'email' : 'share_link',
      s: 'team_link',
      review: invite.review,
    },
    now,
  );
  const expiresAt = new Date((link.time + Limits.invitationValiditySeconds) * 1000).toISOString();
  return {
    ...link,
    url: inviteUrl(ctx.config.publicUrl, link),
    role: invite.role,
    review: invite.review,
    expires_at: expiresAt,
  };
}

function assertAssignable(actorRole: TeamRole, role: TeamRole) {
  if (!mayAssignRole(actorRole, role)) throw fail('NO_PERMISSION');
}

/** The team link for a role: the same invite id until an admin resets it, freshly signed each time. */
export async function teamInviteLink(
  ctx: AppContext,
  actorId: string,
  input: { team_id: string; role: TeamRole; review?: boolean },
) {
  const { team, role: actorRole } = await teamForAdmin(ctx.db, actorId, input.team_id);
  assertAssignable(actorRole, input.role);
  const review = Boolean(input.review);
  const active = and(
    eq(teamInvites.teamId, team.id),
    eq(teamInvites.kind, 'link'),
    eq(teamInvites.role, input.role),
    eq(teamInvites.review, review),
    isNull(teamInvites.revokedAt),
  );
  let [invite] = await ctx.db.select().from(teamInvites).where(active).limit(1);
  if (!invite) {
    [invite] = await ctx.db
      .insert(teamInvites)
      .values({
        id: newInviteId(),
        teamId: team.id,
        role: input.role,
        review,
        kind: 'link',
        createdBy: actorId,
      })
      .returning();
  }
  return signFor(ctx, invite, team, await inviterOf(ctx, invite.createdBy));
}

/** Revokes every live invitation of the team, the e-mailed ones too: a reset is how an admin withdraws them. */
export async function resetInviteLinks(ctx: AppContext, actorId: string, teamId: string) {
  await teamForAdmin(ctx.db, actorId, teamId);
  await ctx.db
    .update(teamInvites)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(teamInvites.teamId, teamId), isNull(teamInvites.revokedAt)));
}

/** Verifies a link end to end: signature, age, and that its invite id is still live and matches the payload. */
export async function resolveInvite(ctx: AppContext, link: SignedInvite) {
  const payload = verifyInvite(ctx.secrets.links, link, ctx.now());
  const [invite] = await ctx.db.select().from(teamInvites).where(eq(teamInvites.id, payload.invite_id));
  if (!invite || invite.revokedAt) throw fail('INVITE_EXPIRED');
  if (invite.usedAt) throw fail('INVITE_EXPIRED', INVITE_USED);
  if (
    invite.teamId !== payload.team_id ||
    invite.role !== payload.role ||
    invite.review !== Boolean(payload.review)
  ) {
    throw fail('INVITE_INVALID');
  }
  const [team] = await ctx.db.select().from(teams).where(eq(teams.id, invite.teamId));
  if (!team || team.dissolvedAt) throw fail('INVITE_EXPIRED');
  return { payload, invite, team };
}

async function isMember(ctx: AppContext, teamId: string, userId: string) {
  const [row] = await ctx.db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return Boolean(row);
}

/** What the landing page shows; public, so an anonymous visitor sees whom they are joining. */
export async function inviteInfo(ctx: AppContext, link: SignedInvite, viewerId: string | null) {
  const { invite, team } = await resolveInvite(ctx, link);
  const inviter = await inviterOf(ctx, invite.createdBy);
  let viewer = null;
  if (viewerId) {
    const [apply] = await ctx.db
      .select({ state: teamApplies.state })
      .from(teamApplies)
      .where(and(eq(teamApplies.teamId, team.id), eq(teamApplies.userId, viewerId)))
      .orderBy(teamApplies.createdAt)
      .limit(1);
    viewer = {
      is_member: await isMember(ctx, team.id, viewerId),
      apply_state: (apply?.state ?? null) as never,
    };
  }
  return {
    team: {
      id: team.id,
      name: team.name,
      member_count: await memberCount(ctx.db, team.id),
      avatar: teamAvatarUrl(ctx, team),
    },
    inviter: { name: inviter.name, avatar: inviter.avatar, color: inviter.color },
    role: invite.role as TeamRole,
    review: invite.review,
    expires_at: new Date((link.time + Limits.invitationValiditySeconds) * 1000).toISOString(),
    viewer,
  };
}

/** Adds a user to a team with a role, inside the caller's transaction, checking the plan's member limit. */
export async function admitMember(
  ctx: AppContext,
  tx: Parameters<Parameters<AppContext['db']['transaction']>[0]>[0],
  team: TeamRow,
  userId: string,
  role: TeamRole,
) {
  await assertTeamAdmitsUser(tx, team, userId);
  await reserveMemberRoom(ctx, tx, team);
  await tx.insert(teamMembers).values({ teamId: team.id, userId, role, joinedAt: ctx.now() });
  await tx
    .delete(teamDepartures)
    .where(and(eq(teamDepartures.teamId, team.id), eq(teamDepartures.userId, userId)));
}

export async function joinByLink(
  ctx: AppContext,
  userId: string,
  link: SignedInvite,
  lang: Lang,
): Promise<TeamInfo> {
  const { invite, team } = await resolveInvite(ctx, link);
  if (invite.kind === 'email') await assertInvitedAddress(ctx, invite, userId);
  if (await isMember(ctx, team.id, userId)) throw fail('ALREADY_IN_TEAM');
  if (invite.review) throw fail('APPLY_PENDING');
  await ctx.db.transaction(async (tx) => {
    if (invite.kind === 'email') {
      // Claimed in the joining transaction: of two parallel uses, one joins and the other finds it used.
      const [claimed] = await tx
        .update(teamInvites)
        .set({ usedAt: ctx.now() })
        .where(and(eq(teamInvites.id, invite.id), isNull(teamInvites.usedAt), isNull(teamInvites.revokedAt)))
        .returning({ id: teamInvites.id });
      if (!claimed) throw fail('INVITE_EXPIRED', INVITE_USED);
    }
    await admitMember(ctx, tx, team, userId, invite.role as TeamRole);
  });
  await signalTeamPeople(ctx, team.id, userId);
  return getTeam(ctx, userId, team.id, lang);
}

const INVITE_USED = { zh: '该邀请已被使用', en: 'This invitation has already been used' };

/** An e-mail invitation admits the account of the invited address only, whoever else holds the link. */
async function assertInvitedAddress(ctx: AppContext, invite: InviteRow, userId: string) {
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (user?.email.toLowerCase() !== invite.email?.toLowerCase()) {
    throw fail('INVITE_INVALID', {
      zh: '该邀请发给了另一个邮箱，请用受邀邮箱的账号加入',
      en: 'This invitation was sent to another e-mail address; join with the account of that address',
    });
  }
}

/** Personal invitations by e-mail: one invite row and one mail per address, all or nothing. */
export async function inviteByEmail(
  ctx: AppContext,
  actorId: string,
  input: { team_id: string; emails: string[]; role: TeamRole },
  lang: Lang,
) {
  const { team, role: actorRole } = await teamForAdmin(ctx.db, actorId, input.team_id);
  assertAssignable(actorRole, input.role);
  // The request schema checked and lowercased each address.
  const emails = [...new Set(input.emails)];
  for (const email of emails) assertTeamAdmits(team, email);
  const existing = await ctx.db
    .select({ email: users.email })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, team.id), inArray(users.email, emails)));
  if (existing.length > 0) {
    throw fail('EMAIL_IN_TEAM', {
      zh: `该邮箱已在团队中：${existing.map((row) => row.email).join('、')}`,
      en: `This e-mail is already in the team: ${existing.map((row) => row.email).join(', ')}`,
    });
  }
  await assertMemberRoom(ctx, ctx.db, team, emails.length);
  const inviter = await inviterOf(ctx, actorId);
  const results = await ctx.db.transaction(async (tx) => {
    const sent = [];
    for (const email of emails) {
      const [invite] = await tx
        .insert(teamInvites)
        .values({
          id: newInviteId(),
          teamId: team.id,
          role: input.role,
          kind: 'email',
          email,
          createdBy: actorId,
        })
        .returning();
      await ctx.mailer.enqueue(
        tx,
        invitationMail(email, inviter.name, team.name, signFor(ctx, invite, team, inviter).url, lang),
      );
      sent.push({ email, invite_id: invite.id, status: 'sent' as const });
    }
    return sent;
  });
  void ctx.mailer.deliver().catch(() => {});
  return results;
}

export async function resendInvitation(
  ctx: AppContext,
  actorId: string,
  input: { team_id: string; invite_id: string },
  lang: Lang,
) {
  const { team } = await teamForAdmin(ctx.db, actorId, input.team_id);
  const [invite] = await ctx.db
    .select()
    .from(teamInvites)
    .where(
      and(
        eq(teamInvites.id, input.invite_id),
        eq(teamInvites.teamId, team.id),
        eq(teamInvites.kind, 'email'),
      ),
    );
  if (!invite?.email || invite.revokedAt) throw fail('NOT_FOUND');
  const inviter = await inviterOf(ctx, actorId);
  await ctx.mailer.enqueue(
    ctx.db,
    invitationMail(invite.email, inviter.name, team.name, signFor(ctx, invite, team, inviter).url, lang),
  );
  void ctx.mailer.deliver().catch(() => {});
  return { email: invite.email, invite_id: invite.id, status: 'sent' as const };
}

function invitationMail(to: string, inviter: string, teamName: string, url: string, lang: Lang) {
  if (lang === 'zh-CN') {
    return {
      to,
      subject: `${inviter} 邀请你加入 Ferry 团队「${teamName}」`,
      text: `${inviter} 邀请你加入团队「${teamName}」。打开链接加入（14 天内有效）：\n${url}`,
      html: `<p>${escapeHtml(inviter)} 邀请你加入团队「${escapeHtml(teamName)}」。</p><p><a href="${escapeHtml(url)}">加入团队</a>（14 天内有效）</p>`,
    };
  }
  return {
    to,
    subject: `${inviter} invited you to the Ferry team "${teamName}"`,
    text: `${inviter} invited you to join the team "${teamName}". Open this link to join (valid for 14 days):\n${url}`,
    html: `<p>${escapeHtml(inviter)} invited you to join the team "${escapeHtml(teamName)}".</p><p><a href="${escapeHtml(url)}">Join the team</a> (valid for 14 days)</p>`,
  };
}
