import '../test/setup';
import { afterEach, describe, expect, it } from 'vitest';
import { envelope } from '../test/http';
import {
  callAs,
  createTeam,
  inviteLink,
  joinByLink,
  newAccount,
  replaceAnswers,
  signInHere,
  unique,
  useRealServer,
} from '../test/server';
import { checkTeamRole, dayOf, setPageReloader } from './roleInfo';
import { findTeam } from './session';
import { switchTeam } from './teamSwitch';

const morning = new Date(2026, 2, 1, 9, 0);
const evening = new Date(2026, 2, 1, 22, 0);
const nextDay = new Date(2026, 2, 2, 8, 0);

const seen = useRealServer();

/** Ada, signed in here with Olga's team Beta open as a member; she also owns Alpha. */
async function signedIn() {
  const [ada, olga] = await Promise.all([newAccount('Ada'), newAccount('Olga')]);
  const alpha = await createTeam(ada, unique('Alpha'));
  const beta = await createTeam(olga, unique('Beta'));
  await joinByLink(ada, await inviteLink(olga, beta.id, 'member'));
  await signInHere(ada);
  await switchTeam(findTeam(beta.id), { navigate: false });
  seen.length = 0;
  const makeAdmin = () =>
    callAs(olga, 'PUT', 'account/team_user_role', { team_id: beta.id, user_id: ada.userId, role: 'admin' });
  return { alpha, beta, makeAdmin };
}

afterEach(() => setPageReloader(null));

describe('team role check (spec 000 §4)', () => {
  it('fetches once per team per day, and again on a new day', async () => {
    const { alpha, beta } = await signedIn();
    expect(await checkTeamRole(beta.id, morning)).toBe('unchanged');
    expect(await checkTeamRole(beta.id, evening)).toBe('cached');
    expect(seen).toHaveLength(1);
    expect(seen[0].path).toBe('/api/account/user_team_role');
    expect(seen[0].query.get('team_id')).toBe(beta.id);
    expect(JSON.parse(window.localStorage.getItem('roleInfo') ?? '{}')[beta.id]).toEqual({
      day: dayOf(morning),
      role_type: 'member',
      role_name: 'Member',
    });
    await checkTeamRole(alpha.id, evening);
    expect(seen).toHaveLength(2);
    await checkTeamRole(beta.id, nextDay);
    expect(seen).toHaveLength(3);
  });

  it('stores a changed role of the active team and reloads the page', async () => {
    const { beta, makeAdmin } = await signedIn();
    let reloads = 0;
    setPageReloader(() => {
      reloads += 1;
    });
    await makeAdmin();
    expect(await checkTeamRole(beta.id, morning)).toBe('reloaded');
    expect(reloads).toBe(1);
    expect(window.localStorage.getItem('role')).toBe('admin');
    // The same day it does not ask again, so it cannot reload again.
    expect(await checkTeamRole(beta.id, evening)).toBe('cached');
    expect(reloads).toBe(1);
  });

  it('a failed fetch changes nothing and is not kept', async () => {
    const { beta } = await signedIn();
    // The server failing is not an answer it gives on demand: the role call alone is answered so.
    replaceAnswers((req) =>
      req.path === '/api/account/user_team_role' ? envelope('-11111', 'busy', undefined, 500) : null,
    );
    expect(await checkTeamRole(beta.id, morning)).toBe('unknown');
    expect(window.localStorage.getItem('role')).toBe('member');
    expect(window.localStorage.getItem('roleInfo')).toBeNull();
    await checkTeamRole(beta.id, evening);
    expect(seen.filter((req) => req.path === '/api/account/user_team_role')).toHaveLength(2);
  });
});
