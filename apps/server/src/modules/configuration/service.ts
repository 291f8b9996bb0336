import type { GlobalConfig, Lang, PublicConfiguration, TeamInfo } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { presentUser } from '../account/present.js';
import { users } from '../account/tables.js';
import { linkedAccountOf } from '../chat-accounts/links.js';
import {
  editionPlan,
  effectiveLevel,
  expireNotice,
  isEnterprise,
  isUnlimited,
  planLimits,
  seats,
} from '../teams/plans.js';
import { teamForAdmin, teamForMember } from '../teams/policy.js';
import { currentNotice } from './maintenance.js';
import { featureSwitches } from './switches.js';

/** `GET common/configuration`: any page's configuration, signed in or not. */
export async function publicConfiguration(ctx: AppContext): Promise<PublicConfiguration> {
  return {
    edition: ctx.config.edition,
    maintenance: await currentNotice(ctx.db, ctx.now()),
    switches: featureSwitches(ctx),
    support_email: ctx.config.supportEmail,
  };
}

/** `GET account/global_config?id=<team id>`: the auth data of spec 000 §3 for the caller in that team. */
export async function globalConfig(ctx: AppContext, userId: string, teamId: string): Promise<GlobalConfig> {
  const { team, role } = await teamForMember(ctx.db, userId, teamId);
  return {
    edition: ctx.config.edition,
    maintenance: await currentNotice(ctx.db, ctx.now()),
    switches: featureSwitches(ctx, team),
    support_email: ctx.config.supportEmail,
    team_id: team.id,
    tenant_level: effectiveLevel(team, ctx.now()),
    edition_plan: editionPlan(ctx, team),
    current_user_role: role,
    seat: await seats(ctx, team),
  };
}

/** `GET epm/global_conf`: how this server admits people (enterprise management). */
export function enterpriseConf(ctx: AppContext) {
  const { config } = ctx;
  return {
    edition: config.edition,
    require_email_verification: config.requireEmailVerification,
    allowed_email_suffixes: config.allowedEmailSuffixes,
    chat_sign_in: Object.entries(config.chat)
      .filter(([provider, app]) => app && provider !== 'wechatMp')
      .map(([provider]) => provider),
    mail_delivery: Boolean(config.smtpUrl),
  };
}

/** `GET net_mode`: the corporate edition runs inside a company network, the SaaS on the internet. */
export function netMode(ctx: AppContext) {
  return {
    net_mode: ctx.config.edition === 'corporate' ? 'intranet' : 'internet',
    public_url: ctx.config.publicUrl,
  };
}

async function userRow(ctx: AppContext, userId: string) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!row) throw fail('USER_NOT_FOUND');
  return row;
}

/** `GET account/user/detail {team_id, lark}`: the caller, their role and nickname in the team, and their Lark link. */
export async function userDetail(ctx: AppContext, userId: string, teamId: string, lark: boolean) {
  const { team, role } = await teamForMember(ctx.db, userId, teamId);
  const user = presentUser(await userRow(ctx, userId));
  const linked = lark ? await linkedAccountOf(ctx.db, 'lark', userId) : undefined;
  return {
    ...user,
    team_id: team.id,
    team_name: team.name,
    role,
    ...(lark ? { lark_bound: Boolean(linked), lark_open_id: linked?.providerUserId ?? '' } : {}),
  };
}

/** A team counts as paid while its level 2 or 3 runs, and always when it is an enterprise. */
function paidLevel(team: TeamInfo, now: Date): number {
  if (team.type !== 'normal') return 3;
  const running = team.expire_time === null || new Date(team.expire_time) > now;
  return team.package_level >= 2 && running ? team.package_level : 1;
}

/**
 * `GET account/user/vip {user_id}`: whether a user works in a paid team. Asked of oneself or of someone
 * one shares a team with; anyone else is refused, so the call tells nothing about strangers.
 */
export async function userVip(ctx: AppContext, actorId: string, userId: string, lang: Lang) {
  const theirs = await ctx.teamsOfUser(userId, lang);
  if (userId !== actorId) {
    const mine = new Set((await ctx.teamsOfUser(actorId, lang)).map((team) => team.id));
    if (!theirs.some((team) => mine.has(team.id))) throw fail('NO_PERMISSION');
  }
  const level = Math.max(1, ...theirs.map((team) => paidLevel(team, ctx.now())));
  return { user_id: userId, vip: level > 1, level };
}

/** `GET account/user_pic_status`: whether the caller chose a picture (the web app asks those without one). */
export async function picStatus(ctx: AppContext, userId: string) {
  const user = await userRow(ctx, userId);
  return { has_avatar: user.avatar !== '', avatar: user.avatar };
}

/** `GET account/user_tag`: what is known of the caller, for onboarding (see docs/api.md for the tags). */
export async function userTags(ctx: AppContext, userId: string, lang: Lang) {
  const user = await userRow(ctx, userId);
  const teams = await ctx.teamsOfUser(userId, lang);
  const today = ctx.now().toISOString().slice(0, 10);
  const tags: string[] = [];
  if (user.createdAt.toISOString().slice(0, 10) === today) tags.push('new_user');
  if (teams.length === 0) tags.push('no_team');
  if (teams.length > 1) tags.push('multi_team');
  if (teams.some((team) => team.owner_id === userId)) tags.push('team_owner');
  if (teams.some((team) => team.role.type === 'admin' || team.role.type === 'superadmin'))
    tags.push('team_admin');
  if (teams.some((team) => paidLevel(team, ctx.now()) > 1)) tags.push('paid_team');
  return { tags };
}

/** `GET company/info {team_id}`: the team as a company: kind, plan and size. */
export async function companyInfo(ctx: AppContext, userId: string, teamId: string) {
  const { team } = await teamForMember(ctx.db, userId, teamId);
  const owner = await userRow(ctx, team.ownerId);
  return {
    team_id: team.id,
    name: team.name,
    type: team.type,
    enterprise: isEnterprise(team),
    edition_plan: editionPlan(ctx, team),
    owner: { id: owner.id, name: owner.name },
    seat: await seats(ctx, team),
    create_time: team.createdAt.toISOString(),
  };
}

/** `GET notify/company {team_id}`: what the company is told at the top of its pages: maintenance and expiry. */
export async function companyNotice(ctx: AppContext, userId: string, teamId: string) {
  const { team } = await teamForMember(ctx.db, userId, teamId);
  return {
    team_id: team.id,
    maintenance: await currentNotice(ctx.db, ctx.now()),
    expire_info: expireNotice(ctx, team).expire_info,
  };
}

/** `GET back_stage/account/team/service {team_id}`: the team's service (plan, limits, expiry), for its admins. */
export async function teamService(ctx: AppContext, userId: string, teamId: string) {
  const { team } = await teamForAdmin(ctx.db, userId, teamId);
  const limits = planLimits(ctx, team);
  return {
    team_id: team.id,
    type: team.type,
    package_level: team.packageLevel,
    tenant_level: effectiveLevel(team, ctx.now()),
    edition_plan: editionPlan(ctx, team),
    expire_time: team.expireAt?.toISOString() ?? null,
    expired: Boolean(team.expireAt && team.expireAt <= ctx.now() && team.packageLevel > 1),
    unlimited: isUnlimited(ctx, team),
    member_max: limits.memberMax,
    project_max: limits.projectMax,
    image_max: limits.imageMax,
  };
}
