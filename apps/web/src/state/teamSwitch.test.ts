import '../test/setup';
import { describe, expect, it } from 'vitest';
import { setClientUi } from '../api/client';
import { buildLogin, buildTeam } from '../test/fixtures';
import { envelope, ok, stubFetch } from '../test/http';
import { setNavigator } from './navigation';
import { applyLogin, getSession, readTeamCache } from './session';
import { switchTeam } from './teamSwitch';

describe('team switch (spec 000 §4)', () => {
  it('clears the folder, stores the team, saves the team status and opens the project list', async () => {
    const beta = buildTeam('team-b', 'Beta', 'admin', { type: 'enterprise2' });
    applyLogin(
      buildLogin({
        teams: [buildTeam('team-a', 'Alpha', 'superadmin'), beta],
        team_status: { folderId: 'design', team_id: 'team-a', role: 'superadmin', teamName: 'Alpha' },
      }),
    );
    expect(window.localStorage.getItem('folderId')).toBe('design');
    const navigations: string[] = [];
    setNavigator((to) => navigations.push(to));
    const seen = stubFetch(() => ok({}));

    const saved = await switchTeam(beta);

    expect(saved).toBe(true);
    expect(window.localStorage.getItem('folderId')).toBeNull();
    expect(window.localStorage.getItem('team_id')).toBe('team-b');
    expect(window.localStorage.getItem('role')).toBe('admin');
    expect(window.localStorage.getItem('teamName')).toBe('Beta');
    expect(window.localStorage.getItem('team_type')).toBe('enterprise2');
    expect(getSession().team).toMatchObject({ team_id: 'team-b', role: 'admin', teamName: 'Beta' });
    expect(readTeamCache('user-1')).toMatchObject({ team_id: 'team-b', teamName: 'Beta' });

    expect(seen).toHaveLength(1);
    expect(seen[0].method).toBe('PUT');
    expect(seen[0].path).toBe('/api/account/user_settings');
    const body = seen[0].body as { web_main: string };
    expect(typeof body.web_main).toBe('string');
    expect(JSON.parse(body.web_main)).toEqual({
      teamStatus: { folderId: 'all', team_id: 'team-b', role: 'admin', teamName: 'Beta' },
    });
    expect(navigations).toEqual(['/item?fid=all&tid=team-b']);
  });

  it('saves folder design when the design folder is checked, and can stay on the page', async () => {
    const beta = buildTeam('team-b', 'Beta');
    applyLogin(buildLogin({ teams: [buildTeam('team-a', 'Alpha'), beta] }));
    const navigations: string[] = [];
    setNavigator((to) => navigations.push(to));
    const seen = stubFetch(() => ok({}));
    await switchTeam(beta, { design: true, navigate: false });
    expect(JSON.parse((seen[0].body as { web_main: string }).web_main).teamStatus.folderId).toBe('design');
    expect(navigations).toEqual([]);
  });

  it('switches locally even when saving the status fails', async () => {
    const beta = buildTeam('team-b', 'Beta');
    applyLogin(buildLogin({ teams: [buildTeam('team-a', 'Alpha'), beta] }));
    setNavigator(() => {});
    stubFetch(() => envelope('19001', 'Invalid input'));
    await expect(switchTeam(beta)).resolves.toBe(false);
    expect(window.localStorage.getItem('team_id')).toBe('team-b');
  });

  it('without a team id only warns', async () => {
    applyLogin(buildLogin());
    const toasts: string[] = [];
    setClientUi({ toast: (_level, text) => toasts.push(text), alert: () => {} });
    const seen = stubFetch(() => ok({}));
    await expect(switchTeam(null)).resolves.toBe(false);
    await expect(switchTeam(buildTeam('', 'Nameless'))).resolves.toBe(false);
    expect(toasts).toHaveLength(2);
    expect(seen).toHaveLength(0);
    expect(window.localStorage.getItem('team_id')).toBe('team-a');
  });
});
