import { type CodeEntry, Codes } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { AppError } from '../http/errors.js';
import { runWithSessionToken } from '../http/request-scope.js';
import { findSession } from '../modules/account/sessions.js';
import { projectAccess } from '../modules/projects/policy.js';
import { teamsPassingRules } from '../modules/teams/access-rules.js';
import { teamMembers } from '../modules/teams/tables.js';

export type SocketSession = { userId: string; teamIds: string[] } | { refused: CodeEntry };

const revokedAnswer: Record<string, CodeEntry> = {
  password_changed: Codes.PASSWORD_CHANGED,
  elsewhere: Codes.LOGGED_IN_ELSEWHERE,
};

/** The user behind a session token and their teams, or the reason the token is refused (as the API's). */
export async function socketSession(ctx: AppContext, token: string): Promise<SocketSession> {
  const session = token ? await findSession(ctx.db, token) : undefined;
  if (!session) return { refused: Codes.SESSION_EXPIRED };
  if (session.revokedAt)
    return { refused: revokedAnswer[session.revokedReason ?? ''] ?? Codes.SESSION_EXPIRED };
  if (session.status === 'disabled') return { refused: Codes.ACCOUNT_DISABLED };
  const teams = await ctx.db
    .select({ teamId: teamMembers.teamId, role: teamMembers.role })
    .from(teamMembers)
    .where(eq(teamMembers.userId, session.userId));
  // A team whose rules refuse this session (one that requires SSO) sends it nothing.
  const teamIds = await runWithSessionToken(token, () => teamsPassingRules(ctx.db, session.userId, teams));
  return { userId: session.userId, teamIds };
}

/** Watching a project needs the right to see it; throws the API's refusal otherwise. */
export async function assertMaySee(ctx: AppContext, userId: string, teamId: string, projectId: string) {
  await projectAccess(ctx.db, userId, teamId, projectId);
}

export async function maySee(ctx: AppContext, userId: string, teamId: string, projectId: string) {
  try {
    await assertMaySee(ctx, userId, teamId, projectId);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}
