import { isContributor } from '@ferry/shared';
import type { Db, Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { editsSomeModeBProject } from '../projects/policy.js';
import { roleInTeam } from '../teams/policy.js';

/**
 * Who may receive an upload token for a team: anyone who may add designs somewhere in it, that is a team
 * member above onlooker, or an onlooker whose project role in a mode-B project lets them edit there. The
 * registration call still checks the project itself.
 */
export async function requireUploader(db: Db | Tx, userId: string, teamId: string) {
  const role = await roleInTeam(db, userId, teamId);
  if (isContributor(role)) return;
  if (!(await editsSomeModeBProject(db, userId, teamId))) throw fail('NO_PERMISSION');
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const UPLOAD_KEY = new RegExp(`^uploads/(${UUID})/(${UUID})/[^/]+$`, 'i');

/** The team and user a key was issued to, or null for a key outside every upload folder. */
export function ownerOfKey(key: string): { teamId: string; userId: string } | null {
  const match = UPLOAD_KEY.exec(key);
  return match ? { teamId: match[1], userId: match[2] } : null;
}
