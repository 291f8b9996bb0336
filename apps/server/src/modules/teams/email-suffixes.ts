import { emailAllowed } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { users } from '../account/tables.js';
import { teamForMember, teamForSuperAdmin } from './policy.js';
import { teams } from './tables.js';

/** `enterprise/email_suffix` GET: every member may see which addresses the team admits. */
export async function teamEmailSuffixes(ctx: AppContext, actorId: string, teamId: string) {
  const { team } = await teamForMember(ctx.db, actorId, teamId);
  return { team_id: team.id, suffixes: team.emailSuffixes };
}

/** PUT: the super admin lists the domains; members already in stay, new ones must match. */
export async function setTeamEmailSuffixes(
  ctx: AppContext,
  actorId: string,
  input: { team_id: string; suffixes: string[] },
) {
  const { team } = await teamForSuperAdmin(ctx.db, actorId, input.team_id);
  const suffixes = [...new Set(input.suffixes)];
  await ctx.db.update(teams).set({ emailSuffixes: suffixes }).where(eq(teams.id, team.id));
  return { team_id: team.id, suffixes };
}

/** Refuses an address outside the team's domains (an invitation, a join by link, an approved application). */
export function assertTeamAdmits(team: { emailSuffixes: string[] }, email: string) {
  if (!emailAllowed(email, team.emailSuffixes)) throw fail('EMAIL_SUFFIX_NOT_ALLOWED');
}

/** The same for a user about to join, read in the joining transaction. */
export async function assertTeamAdmitsUser(tx: Tx, team: { emailSuffixes: string[] }, userId: string) {
  if (team.emailSuffixes.length === 0) return;
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  assertTeamAdmits(team, user?.email ?? '');
}
