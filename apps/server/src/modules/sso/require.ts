import type { TeamRole } from '@ferry/shared';
import { and, eq } from 'drizzle-orm';
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
