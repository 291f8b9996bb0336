import { createHash } from 'node:crypto';
import {
  type InviteAbtestView,
  isOnboardingIndustry,
  isOnboardingRole,
  ONBOARDING_STEPS,
  type OnboardingStatus,
  type OnboardingStep,
  type OnboardTeamView,
  type OnboardUserView,
  type onboardUserBody,
} from '@ferry/shared';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { canSetIndustry, teamForIndustry } from './policy.js';
import { onboardingTeams, onboardingUsers } from './tables.js';

type UserRow = typeof onboardingUsers.$inferSelect;

function presentUser(row: UserRow | undefined): OnboardUserView {
  const status = (row?.status ?? 'open') as OnboardingStatus;
  return {
    role: row?.role && isOnboardingRole(row.role) ? row.role : null,
    steps: row?.steps ?? {},
    status,
    done: status !== 'open',
    finished_at: row?.finishedAt?.toISOString() ?? null,
  };
}

async function userRow(ctx: AppContext, userId: string) {
  const [row] = await ctx.db.select().from(onboardingUsers).where(eq(onboardingUsers.userId, userId));
  return row;
}

/** `GET account/onboard_user`: where the caller is on the first-run path. */
export async function onboardUser(ctx: AppContext, userId: string): Promise<OnboardUserView> {
  return presentUser(await userRow(ctx, userId));
}

const isStep = (value: string): value is OnboardingStep =>
  (ONBOARDING_STEPS as readonly string[]).includes(value);

/**
 * `POST` / `PUT account/onboard_user`: the role (from the list, 19220), a step done or skipped (19222 for
 * one that is not a step), and the path finished or skipped. The row is written in one statement, merging
 * the step into those already recorded, so two calls at once lose neither step.
 */
export async function saveOnboardUser(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof onboardUserBody>,
): Promise<OnboardUserView> {
  if (input.role !== undefined && !isOnboardingRole(input.role)) throw fail('ONBOARDING_ROLE_UNKNOWN');
  if (input.step !== undefined && !isStep(input.step)) throw fail('ONBOARDING_STEP_UNKNOWN');
  const now = ctx.now();
  const step = input.step ? { [input.step]: input.state } : {};
  const ending = input.finish ? { status: input.finish, finishedAt: now } : {};
  const role = input.role !== undefined ? { role: input.role } : {};
  const [row] = await ctx.db
    .insert(onboardingUsers)
    .values({ userId, steps: step, ...role, ...ending, startedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: onboardingUsers.userId,
      set: {
        ...role,
        ...ending,
        steps: sqlMergeSteps(step),
        updatedAt: now,
      },
    })
    .returning();
  return presentUser(row);
}

/** The stored steps with this one added (jsonb `||`: the newer state of a step wins). */
function sqlMergeSteps(step: Record<string, string>) {
  return sql`${onboardingUsers.steps} || ${JSON.stringify(step)}::jsonb`;
}

/** `GET account/onboard_team`: the team's industry, for its members; whether the caller may set it. */
export async function onboardTeam(ctx: AppContext, userId: string, teamId: string): Promise<OnboardTeamView> {
  const { team, role } = await teamForIndustry(ctx.db, userId, teamId, 'read');
  const [row] = await ctx.db.select().from(onboardingTeams).where(eq(onboardingTeams.teamId, team.id));
  return {
    team_id: team.id,
    industry: row && isOnboardingIndustry(row.industry) ? row.industry : null,
    can_edit: canSetIndustry(role),
  };
}

/** `PUT account/onboard_team`: the team's admins and super admin set its industry from the list (19221). */
export async function saveOnboardTeam(
  ctx: AppContext,
  userId: string,
  input: { team_id: string; industry: string },
): Promise<OnboardTeamView> {
  const { team } = await teamForIndustry(ctx.db, userId, input.team_id, 'write');
  if (!isOnboardingIndustry(input.industry)) throw fail('ONBOARDING_INDUSTRY_UNKNOWN');
  const now = ctx.now();
  await ctx.db
    .insert(onboardingTeams)
    .values({ teamId: team.id, industry: input.industry, setBy: userId, updatedAt: now })
    .onConflictDoUpdate({
      target: onboardingTeams.teamId,
      set: { industry: input.industry, setBy: userId, updatedAt: now },
    });
  return { team_id: team.id, industry: input.industry, can_edit: true };
}

/**
 * `GET pangu/onboarding/abtest/invite`: the caller's variant of the invite step, the same on every call and
 * every device (a hash of the experiment and the user id), about half of the users each.
 */
export function inviteVariant(userId: string): InviteAbtestView {
  const digest = createHash('sha256').update(`invite:${userId}`).digest();
  return { experiment: 'invite', variant: digest[0] % 2 === 0 ? 'A' : 'B' };
}
