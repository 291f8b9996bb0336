import {
  EditionPlan,
  EXPIRY_NOTICE_DAYS,
  EXPIRY_NOTICE_THROTTLE_MS,
  Limits,
  PAID_LEVELS,
  PlanLimits,
  type TeamQuota,
} from '@ferry/shared';
import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { teamMembers, teams } from './tables.js';

type TeamRow = typeof teams.$inferSelect;

const ENTERPRISE_TYPES = ['enterprise', 'enterprise2', 'enterprise3'];

/** Enterprise teams and the corporate edition have no plan limits (spec 001 §5). */
export function isUnlimited(ctx: AppContext, team: TeamRow): boolean {
  return ctx.config.edition === 'corporate' || ENTERPRISE_TYPES.includes(team.type);
}

export function isEnterprise(team: TeamRow): boolean {
  return team.type === 'enterprise' || team.type === 'enterprise2';
}

/** A paid level whose time has run out counts as free. */
export function effectiveLevel(team: TeamRow, now: Date): number {
  const paid = (PAID_LEVELS as readonly number[]).includes(team.packageLevel);
  if (paid && team.expireAt && team.expireAt <= now) return 1;
  return PlanLimits[team.packageLevel] ? team.packageLevel : 1;
}

export function planLimits(ctx: AppContext, team: TeamRow) {
  if (isUnlimited(ctx, team))
    return { memberMax: Limits.unlimited, projectMax: Limits.unlimited, imageMax: Limits.unlimited };
  return PlanLimits[effectiveLevel(team, ctx.now())];
}

export function editionPlan(ctx: AppContext, team: TeamRow): number {
  if (ctx.config.edition === 'corporate') return EditionPlan.local;
  if (ENTERPRISE_TYPES.includes(team.type)) return EditionPlan.enterprise;
  return (
    { 1: EditionPlan.free, 2: EditionPlan.startup, 3: EditionPlan.flagship }[
      effectiveLevel(team, ctx.now())
    ] ?? 1
  );
}

export async function memberCount(db: Db | Tx, teamId: string): Promise<number> {
  const [row] = await db.select({ members: count() }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
  return Number(row.members);
}

/** Refuses when adding `adding` members would pass the plan's member limit. */
export async function assertMemberRoom(
  ctx: AppContext,
  db: Db | Tx,
  team: TeamRow,
  adding = 1,
  refusal: 'TEAM_MEMBER_LIMIT' | 'MERGE_EXCEEDS_LIMITS' = 'TEAM_MEMBER_LIMIT',
) {
  const { memberMax } = planLimits(ctx, team);
  if (memberMax === Limits.unlimited) return;
  if (memberMax - (await memberCount(db, team.id)) - adding < 0) throw fail(refusal);
}

/**
 * Locks the team's row until the transaction ends, so parallel joins or project creations of one team are
 * counted one after another against the plan. NO KEY UPDATE leaves rows that merely reference the team free.
 */
export async function lockTeamLimits(tx: Tx, teamId: string) {
  await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('no key update');
}

/** assertMemberRoom under the team's lock: call it in the transaction that adds the members. */
export async function reserveMemberRoom(ctx: AppContext, tx: Tx, team: TeamRow, adding = 1) {
  await lockTeamLimits(tx, team.id);
  await assertMemberRoom(ctx, tx, team, adding);
}

export async function quota(ctx: AppContext, team: TeamRow): Promise<TeamQuota> {
  const limits = planLimits(ctx, team);
  return {
    hard_limit_cnt: limits.imageMax,
    cur_cnt: await ctx.teamContents.fullestProjectDesigns(ctx.db, team.id),
    project_max: limits.projectMax,
    project_curt: (await ctx.teamContents.projectCounts(ctx.db, [team.id])).get(team.id) ?? 0,
    member_max: limits.memberMax,
    member_curt: await memberCount(ctx.db, team.id),
    package_level: effectiveLevel(team, ctx.now()),
    edition_plan: editionPlan(ctx, team),
  };
}

export async function seats(ctx: AppContext, team: TeamRow) {
  const { memberMax } = planLimits(ctx, team);
  const used = await memberCount(ctx.db, team.id);
  return {
    total: memberMax,
    used,
    available: memberMax === Limits.unlimited ? Limits.unlimited : Math.max(0, memberMax - used),
  };
}

/** Days left for paid levels 2 and 3, 86400000 ms a day; diffDay is whole days left plus one (spec 000 §3–§4). */
export function expireNotice(ctx: AppContext, team: TeamRow) {
  const none = { expire_info: null, throttle_ms: EXPIRY_NOTICE_THROTTLE_MS };
  if (isUnlimited(ctx, team) || !team.expireAt) return none;
  if (!(PAID_LEVELS as readonly number[]).includes(team.packageLevel)) return none;
  const leftMs = team.expireAt.getTime() - ctx.now().getTime();
  const leftDays = Math.max(0, Math.floor(leftMs / Limits.msPerDay));
  if (leftDays > EXPIRY_NOTICE_DAYS) return none;
  return {
    expire_info: {
      package_level: team.packageLevel,
      expire_time: team.expireAt.toISOString(),
      expired: leftMs <= 0,
      left_days: leftDays,
      diffDay: leftDays + 1,
    },
    throttle_ms: EXPIRY_NOTICE_THROTTLE_MS,
  };
}
