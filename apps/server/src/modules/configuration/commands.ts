import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Bus } from '../../realtime/bus.js';
import { users } from '../account/tables.js';
import { isUuid } from '../teams/policy.js';
import { addToList, removeFromList, teamMember, userMember } from './lists.js';
import { clearNotice, setNotice } from './maintenance.js';
import { formatHistogram, timingHistogram } from './timing.js';

export const CONFIGURATION_COMMANDS = [
  'maintenance:set',
  'maintenance:clear',
  'stats',
  'list:add',
  'list:remove',
];

/**
 * The operator's configuration commands (`npm run ferry -- …`):
 *   maintenance:set "<message>" [--until <ISO time>]   the banner on every page, until cleared or that time
 *   maintenance:clear
 *   stats                                             the timing histogram per metric
 *   list:add <list> <team-id|email> | list:remove …    the lists the `*_in_list` calls answer (`master`: operators)
 */
export async function runConfigurationCommand(db: Db, bus: Bus | undefined, args: string[]): Promise<string> {
  const [command, subject, ...rest] = args;
  switch (command) {
    case 'maintenance:set': {
      if (!subject) throw new Error('usage: maintenance:set "<message>" [--until 2027-01-31T18:00:00Z]');
      const untilFlag = rest.indexOf('--until');
      const until = untilFlag >= 0 ? new Date(rest[untilFlag + 1] ?? '') : null;
      if (until && Number.isNaN(until.getTime()))
        throw new Error('--until wants a time like 2027-01-31T18:00:00Z');
      if (until && until <= new Date()) throw new Error('--until is already past');
      const notice = await setNotice(db, bus, subject, until);
      return `maintenance notice set${until ? ` until ${until.toISOString()}` : ''}: ${notice.message}`;
    }
    case 'maintenance:clear':
      return (await clearNotice(db, bus)) ? 'maintenance notice cleared' : 'no maintenance notice was set';
    case 'stats':
      return formatHistogram(await timingHistogram(db));
    default: {
      const [listId, who] = [subject, rest[0]];
      if (!listId || !who) throw new Error(`usage: ${command} <list> <team-id|email>`);
      const member = await listMember(db, who);
      if (command === 'list:add')
        return (await addToList(db, listId, member))
          ? `${who} added to ${listId}`
          : `${who} was in ${listId}`;
      return (await removeFromList(db, listId, member))
        ? `${who} removed from ${listId}`
        : `${who} was not in ${listId}`;
    }
  }
}

/** A team by its id, a user by their e-mail. */
async function listMember(db: Db, who: string): Promise<string> {
  if (isUuid(who)) return teamMember(who);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, who.toLowerCase()));
  if (!user) throw new Error(`no user ${who}`);
  return userMember(user.id);
}
