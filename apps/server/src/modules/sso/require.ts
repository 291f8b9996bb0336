import { SsoLimits, type TeamRole } from '@ferry/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { currentSessionToken } from '../../http/request-scope.js';
import { hashToken } from '../account/sessions.js';
import { bypassesRequiredSso } from './policy.js';
import { ssoConfigs, ssoSessions } from './tables.js';

/**
 * A team that requires its sign-on is reached only with a session that sign-on made (39996 otherwise, with the
 * team and its SSO id so the client can send the person there). Added to every membership check (teams'
 * access rules); a switched-off sign-on requires nothing, so nobody is locked out by it.
 */
export async function requireTeamSso(db: Db | Tx, _userId: string, teamId: string, role: TeamRole) {
  if (bypassesRequiredSso(role)) return;
  const token = currentSessionToken();
  if (!token) return;
  const [row] = await db
    .select({
      requireSso: ssoConfigs.requireSso,
      enabled: ssoConfigs.enabled,
      slug: ssoConfigs.slug,
      session: ssoSessions.teamId,
    })
    .from(ssoConfigs)
    .leftJoin(
      ssoSessions,
      and(eq(ssoSessions.tokenHash, hashToken(token)), eq(ssoSessions.teamId, ssoConfigs.teamId)),
    )
    .where(eq(ssoConfigs.teamId, teamId));
  if (!row?.requireSso || !row.enabled || row.session) return;
  throw fail('SSO_NOT_LOGGED_IN', undefined, { team_id: teamId, sso_id: row.slug });
}

/**
 * Whether some team here requires its sign-on. Until one does, requests and sockets skip the session scope:
 * on Node 20 an AsyncLocalStorage in use slows every promise of the process (a fifth of a cached call's
 * throughput, bench figure 1). Once true it stays true for the process, which is always safe.
 */
let requiredSomewhere = false;

export const ssoRequiredSomewhere = () => requiredSomewhere;

export function noteSsoRequired() {
  requiredSomewhere = true;
}

/** What another instance saved is seen within SsoLimits.requirementWatchMs. */
export function watchSsoRequirement(ctx: AppContext): () => void {
  const look = async () => {
    if (requiredSomewhere) return;
    const [row] = await ctx.db
      .select({ teamId: ssoConfigs.teamId })
      .from(ssoConfigs)
      .where(and(eq(ssoConfigs.requireSso, true), eq(ssoConfigs.enabled, true)))
      .limit(1);
    if (row) noteSsoRequired();
  };
  const check = () => void look().catch(() => {});
  check();
  const timer = setInterval(check, SsoLimits.requirementWatchMs);
  timer.unref();
  return () => clearInterval(timer);
}
