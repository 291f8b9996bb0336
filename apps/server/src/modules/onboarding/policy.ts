import { isTeamAdmin, type TeamRole } from '@ferry/shared';
import type { Db, Tx } from '../../db/client.js';
import { teamForAdmin, teamForMember } from '../teams/policy.js';

/** The team's industry is its admins' and super admin's to set (spec 000 §6: admin rights). */
export const canSetIndustry = (role: TeamRole) => isTeamAdmin(role);

/**
 * The team whose industry the caller reads (any member) or sets (admins and up: ADMIN_ONLY otherwise); a team
 * the caller is not in answers TEAM_NOT_FOUND, so ids cannot be probed.
 */
export function teamForIndustry(db: Db | Tx, userId: string, teamId: string, use: 'read' | 'write') {
  return use === 'read' ? teamForMember(db, userId, teamId) : teamForAdmin(db, userId, teamId);
}
