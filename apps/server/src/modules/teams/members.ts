import {
  assignableRoles,
  canRemoveMember,
  type Lang,
  NICKNAME_CHANGE_INTERVAL_MS,
  type Page,
  roleNames,
  type TeamMember,
  type TeamRole,
} from '@ferry/shared';
import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { likePattern } from '../../db/like.js';
import { fail } from '../../http/errors.js';
import { withNotices } from '../../notices.js';
import { users } from '../account/tables.js';
import {
  mayAssignRole,
  mayChangeRole,
  maySetNickname,
  memberOfTeam,
  removalRefusal,
  roleInTeam,
  teamForAdmin,
  teamForMember,
} from './policy.js';
import { departments, teamDepartures, teamMembers } from './tables.js';

const roleOf = (role: TeamRole, lang: Lang) => ({
  type: role,
  name: lang === 'zh-CN' ? roleNames[role].zh : roleNames[role].en,
});

export async function listMembers(
  ctx: AppContext,
  actorId: string,
  query: { team_id: string; keyword: string; page_num: number; page_size: number; department_id?: string },
  lang: Lang,
): Promise<Page<TeamMember>> {
  const actorRole = await roleInTeam(ctx.db, actorId, query.team_id);
  const conditions = [eq(teamMembers.teamId, query.team_id)];
  const keyword = query.keyword.trim();
  if (keyword) {
    const pattern = likePattern(keyword);
    conditions.push(
      or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(teamMembers.remark, pattern))!,
    );
  }
  if (query.department_id === 'ungrouped') conditions.push(sql`${teamMembers.departmentId} is null`);
  else if (query.department_id) conditions.push(eq(teamMembers.departmentId, query.department_id));
  const where = and(...conditions);

  const [{ total }] = await ctx.db
    .select({ total: count() })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(where);
  const rows = await ctx.db
    .select({ member: teamMembers, user: users, departmentName: departments.name })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .leftJoin(departments, eq(departments.id, teamMembers.departmentId))
    .where(where)
    // Owner first, then by rank, then by when they joined: the order a team page reads best in.
    .orderBy(
      sql`case ${teamMembers.role} when 'superadmin' then 0 when 'admin' then 1 when 'member' then 2 else 3 end`,
      asc(teamMembers.joinedAt),
      asc(users.id),
    )
    .limit(query.page_size)
    .offset((query.page_num - 1) * query.page_size);

  const list = rows.map(({ member, user, departmentName }): TeamMember => {
    const role = member.role as TeamRole;
    const isSelf = user.id === actorId;
    const canChange = mayChangeRole(actorRole, role, isSelf);
    return {
      user_id: user.id,
      name: user.name,
      email: user.email,
      avatar: user.avatar,
      color: user.color,
      remark: member.remark,
      role: roleOf(role, lang),
      department: member.departmentId ? { id: member.departmentId, name: departmentName ?? '' } : null,
      joined_at: member.joinedAt.toISOString(),
      abilities: {
        can_change_role: canChange,
        can_remove: canRemoveMember(actorRole, role, isSelf),
        assignable_roles: canChange ? assignableRoles(actorRole) : [],
        can_set_nickname: maySetNickname({ id: actorId, role: actorRole }, { id: user.id, role }),
      },
    };
  });
  const total_ = Number(total);
  return {
    list,
    total: total_,
    page_num: query.page_num,
    page_size: query.page_size,
    has_next: query.page_num * query.page_size < total_,
  };
}

/** Only for members below yourself, and only to a role below your own (spec 000 §6). */
export async function changeRole(
  ctx: AppContext,
  actorId: string,
  input: { team_id: string; user_id: string; role: TeamRole },
) {
  const { role: actorRole } = await teamForAdmin(ctx.db, actorId, input.team_id);
  const target = await memberOfTeam(ctx.db, input.team_id, input.user_id);
  if (!mayChangeRole(actorRole, target.role, target.userId === actorId)) throw fail('NO_PERMISSION');
  if (!mayAssignRole(actorRole, input.role)) throw fail('NO_PERMISSION');
  await withNotices(ctx, async (tx) => {
    await tx
      .update(teamMembers)
      .set({ role: input.role })
      .where(and(eq(teamMembers.teamId, input.team_id), eq(teamMembers.userId, input.user_id)));
    if (target.role !== input.role) {
      await ctx.notices.teamRoleChanged(tx, {
        actorId,
        teamId: input.team_id,
        userId: input.user_id,
        role: input.role,
      });
    }
  });
}

/** Only a member of lower rank, never yourself; the removed user's next call hears why. */
export async function removeMember(
  ctx: AppContext,
  actorId: string,
  input: { team_id: string; user_id: string },
) {
  const { role: actorRole } = await teamForMember(ctx.db, actorId, input.team_id);
  const target = await memberOfTeam(ctx.db, input.team_id, input.user_id);
  if (!canRemoveMember(actorRole, target.role, target.userId === actorId)) {
    throw fail(removalRefusal(actorRole));
  }
  await withNotices(ctx, async (tx) => {
    await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, input.team_id), eq(teamMembers.userId, input.user_id)));
    await recordDeparture(tx, input.team_id, input.user_id, 'removed', ctx.now());
    await ctx.teamContents.dropMemberships(tx, input.user_id, input.team_id);
    await ctx.notices.removedFromTeam(tx, { actorId, teamId: input.team_id, userId: input.user_id });
  });
}

export async function recordDeparture(
  tx: Parameters<Parameters<AppContext['db']['transaction']>[0]>[0],
  teamId: string,
  userId: string,
  reason: 'removed' | 'dissolved' | 'left' | 'merged',
  at: Date,
) {
  await tx
    .insert(teamDepartures)
    .values({ teamId, userId, reason, at })
    .onConflictDoUpdate({ target: [teamDepartures.teamId, teamDepartures.userId], set: { reason, at } });
}

export async function userTeamRole(ctx: AppContext, actorId: string, teamId: string, lang: Lang) {
  const role = await roleInTeam(ctx.db, actorId, teamId);
  return { role_type: role, role_name: roleOf(role, lang).name };
}

/** The remark table of spec 000 §3: user id → team nickname, for members who set one. */
export async function remarkTable(ctx: AppContext, actorId: string, teamId: string) {
  await roleInTeam(ctx.db, actorId, teamId);
  const rows = await ctx.db
    .select({ userId: teamMembers.userId, remark: teamMembers.remark })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), sql`${teamMembers.remark} <> ''`));
  return { remark_table: Object.fromEntries(rows.map((row) => [row.userId, row.remark])) };
}

export async function ownNickname(ctx: AppContext, actorId: string, teamId: string) {
  await roleInTeam(ctx.db, actorId, teamId);
  const me = await memberOfTeam(ctx.db, teamId, actorId);
  return { nickname: me.remark };
}

/** A nickname changes at most once a day (60001 otherwise, spec 000 §8). */
export async function setNickname(
  ctx: AppContext,
  actorId: string,
  input: { team_id: string; user_id: string; nickname: string },
) {
  const actorRole = await roleInTeam(ctx.db, actorId, input.team_id);
  const target = await memberOfTeam(ctx.db, input.team_id, input.user_id);
  if (!maySetNickname({ id: actorId, role: actorRole }, { id: target.userId, role: target.role }))
    throw fail('NO_PERMISSION');
  const now = ctx.now();
  if (
    target.remarkUpdatedAt &&
    now.getTime() - target.remarkUpdatedAt.getTime() < NICKNAME_CHANGE_INTERVAL_MS
  ) {
    throw fail('NICKNAME_TOO_FREQUENT');
  }
  await ctx.db
    .update(teamMembers)
    .set({ remark: input.nickname, remarkUpdatedAt: now })
    .where(and(eq(teamMembers.teamId, input.team_id), eq(teamMembers.userId, input.user_id)));
  return { nickname: input.nickname };
}
