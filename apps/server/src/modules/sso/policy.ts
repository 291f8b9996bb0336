import type { Db, Tx } from '../../db/client.js';
import { teamForSuperAdmin } from '../teams/policy.js';

/**
 * Only the team's super admin reads or changes its single sign-on: admins and members hear "no permission",
 * another team's id "team does not exist" (teams/policy.ts).
 */
export async function authorizeSsoAdmin(db: Db | Tx, userId: string, teamId: string) {
  return (await teamForSuperAdmin(db, userId, teamId)).team;
}

/** "Require SSO" never binds the super admin, so a broken provider cannot lock the team out. */
export const bypassesRequiredSso = (role: string) => role === 'superadmin';
