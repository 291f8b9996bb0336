import '../test/setup';
import { afterEach, describe, expect, it } from 'vitest';
import { buildLogin, buildTeam } from '../test/fixtures';
import { envelope, ok, stubFetch } from '../test/http';
import { checkTeamRole, dayOf, setPageReloader } from './roleInfo';
import { applyLogin } from './session';

const morning = new Date(2026, 2, 1, 9, 0);
const evening = new Date(2026, 2, 1, 22, 0);
const nextDay = new Date(2026, 2, 2, 8, 0);

function signedIn() {
  applyLogin(buildLogin({ teams: [buildTeam('team-a', 'Alpha', 'member'), buildTeam('team-b', 'Beta')] }));
}

afterEach(() => setPageReloader(null));

describe('team role check (spec 000 §4)', () => {
  it('fetches once per team per day, and again on a new day', async () => {
    signedIn();
    const seen = stubFetch(() => ok({ role_type: 'member', role_name: 'Member' }));
    expect(await checkTeamRole('team-a', morning)).toBe('unchanged');
    expect(await checkTeamRole('team-a', evening)).toBe('cached');
    expect(seen).toHaveLength(1);
    expect(seen[0].path).toBe('/api/account/user_team_role');
    expect(seen[0].query.get('team_id')).toBe('team-a');
    expect(JSON.parse(window.localStorage.getItem('roleInfo') ?? '{}')['team-a']).toEqual({
      day: dayOf(morning),
      role_type: 'member',
      role_name: 'Member',
    });
    await checkTeamRole('team-b', evening);
    expect(seen).toHaveLength(2);
    await checkTeamRole('team-a', nextDay);
    expect(seen).toHaveLength(3);
  });

  it('stores a changed role of the active team and reloads the page', async () => {
    signedIn();
    let reloads = 0;
    setPageReloader(() => {
      reloads += 1;
    });
    stubFetch(() => ok({ role_type: 'admin', role_name: 'Admin' }));
    expect(await checkTeamRole('team-a', morning)).toBe('reloaded');
    expect(reloads).toBe(1);
    expect(window.localStorage.getItem('role')).toBe('admin');
    // The same day it does not ask again, so it cannot reload again.
    expect(await checkTeamRole('team-a', evening)).toBe('cached');
    expect(reloads).toBe(1);
  });

  it('a failed fetch changes nothing and is not kept', async () => {
    signedIn();
    const seen = stubFetch(() => envelope('-11111', 'busy', undefined, 500));
    expect(await checkTeamRole('team-a', morning)).toBe('unknown');
    expect(window.localStorage.getItem('role')).toBe('member');
    expect(window.localStorage.getItem('roleInfo')).toBeNull();
    await checkTeamRole('team-a', evening);
    expect(seen).toHaveLength(2);
  });
});
