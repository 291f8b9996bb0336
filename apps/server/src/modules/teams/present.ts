import { type Lang, Limits, roleNames, type TeamInfo, type TeamRole, teamAbilities } from '@ferry/shared';
import type { AppContext } from '../../context.js';
import { planLimits } from './plans.js';
import type { teams } from './tables.js';

type TeamRow = typeof teams.$inferSelect;

/** A day-long signed URL of the team's avatar, '' when it has none. */
export function teamAvatarUrl(ctx: AppContext, team: TeamRow): string {
  if (!team.avatarKey) return '';
  return ctx.files.signedUrl(team.avatarKey, new Date(ctx.now().getTime() + Limits.msPerDay));
}

export function presentTeam(
  ctx: AppContext,
  row: TeamRow,
  role: TeamRole,
  counts: { members: number; projects: number },
  lang: Lang,
): TeamInfo {
  return {
    id: row.id,
    team_id: row.id,
    name: row.name,
    type: row.type as TeamInfo['type'],
    role: { type: role, name: lang === 'zh-CN' ? roleNames[role].zh : roleNames[role].en },
    package_level: row.packageLevel,
    expire_time: row.expireAt?.toISOString() ?? null,
    project_max: planLimits(ctx, row).projectMax,
    project_curt: counts.projects,
    member_count: counts.members,
    avatar: teamAvatarUrl(ctx, row),
    owner_id: row.ownerId,
    create_time: row.createdAt.toISOString(),
    abilities: teamAbilities(role),
  };
}
