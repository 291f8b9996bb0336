import { count, inArray, like } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { mailOutbox } from '../modules/mail/tables.js';
import {
  departments,
  teamApplies,
  teamDepartures,
  teamInvites,
  teamMembers,
  teams,
} from '../modules/teams/tables.js';

/**
 * Everything a team call can change for these teams (rows, members, departures, departments, invitations,
 * applications) and the number of mails written to addresses at `mailDomain` (one per test file, so files
 * running side by side on a shared database do not count each other's): equal snapshots mean a call
 * changed nothing.
 */
export async function teamSnapshot(ctx: AppContext, teamIds: string[], mailDomain: string) {
  const sorted = <T>(rows: T[]) => rows.map((row) => JSON.stringify(row)).sort();
  const { db } = ctx;
  return {
    teams: sorted(await db.select().from(teams).where(inArray(teams.id, teamIds))),
    members: sorted(await db.select().from(teamMembers).where(inArray(teamMembers.teamId, teamIds))),
    departures: sorted(await db.select().from(teamDepartures).where(inArray(teamDepartures.teamId, teamIds))),
    departments: sorted(await db.select().from(departments).where(inArray(departments.teamId, teamIds))),
    invites: sorted(await db.select().from(teamInvites).where(inArray(teamInvites.teamId, teamIds))),
    applies: sorted(await db.select().from(teamApplies).where(inArray(teamApplies.teamId, teamIds))),
    mails: (
      await db
        .select({ n: count() })
        .from(mailOutbox)
        .where(like(mailOutbox.to, `%@${mailDomain}`))
    )[0].n,
  };
}
