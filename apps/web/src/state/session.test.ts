import '../test/setup';
import { describe, expect, it } from 'vitest';
import { accountApi } from '../api/account';
import { setClientUi } from '../api/client';
import { buildLogin, buildTeam } from '../test/fixtures';
import { answerTo, callAs, newAccount, signInHere, useRealServer } from '../test/server';
import { logout } from './logout';
import { setNavigator } from './navigation';
import { applyLogin, getSession, readTeamCache, reloadSession, setTeams } from './session';
import { StorageKeys } from './storage';

const seen = useRealServer();
const stored = () => ({ ...window.localStorage });

describe('sign-in state', () => {
  it('stores token, user, teams and the saved team with its role, name, type and folder', () => {
    const alpha = buildTeam('team-a', 'Alpha', 'superadmin');
    const beta = buildTeam('team-b', 'Beta', 'admin', { type: 'enterprise' });
    const team = applyLogin(
      buildLogin({
        teams: [alpha, beta],
        team_status: { folderId: 'design', team_id: 'team-b', role: 'admin', teamName: 'Beta' },
      }),
    );
    expect(team?.team_id).toBe('team-b');
    const local = stored();
    expect(local.token).toBe('tok-123');
    expect(local.user_id).toBe('user-1');
    expect(local.team_id).toBe('team-b');
    expect(local.role).toBe('admin');
    expect(local.teamName).toBe('Beta');
    expect(local.team_type).toBe('enterprise');
    expect(local.folderId).toBe('design');
    expect(JSON.parse(local.teams).map((t: { id: string }) => t.id)).toEqual(['team-a', 'team-b']);
    expect(readTeamCache('user-1')).toEqual({
      team_id: 'team-b',
      role: 'admin',
      teamName: 'Beta',
      folderId: 'design',
    });
  });

  it('survives a reload from localStorage', () => {
    applyLogin(buildLogin());
    reloadSession();
    expect(getSession().token).toBe('tok-123');
    expect(getSession().team?.team_id).toBe('team-a');
    expect(getSession().teams).toHaveLength(2);
  });

  it('a user without teams has no active team', () => {
    expect(applyLogin(buildLogin({ teams: [], team_status: null }))).toBeNull();
    expect(window.localStorage.getItem(StorageKeys.teamId)).toBeNull();
  });

  it('a refreshed team list stores a changed role and drops a team the user left', () => {
    applyLogin(buildLogin());
    setTeams([buildTeam('team-a', 'Alpha renamed', 'onlooker')]);
    expect(window.localStorage.getItem('role')).toBe('onlooker');
    expect(window.localStorage.getItem('teamName')).toBe('Alpha renamed');
    setTeams([buildTeam('team-b', 'Beta')]);
    expect(getSession().team).toBeNull();
    expect(window.localStorage.getItem('team_id')).toBeNull();
  });
});

describe('logout (spec 000 §4)', () => {
  it('calls PUT account/login?code=10031, which ends the session, and keeps only lang, item_order and the version', async () => {
    const ada = await newAccount('Ada');
    const login = await signInHere(ada);
    window.localStorage.setItem('lang', 'zh-CN');
    window.localStorage.setItem('item_order', 'default_order=asc');
    window.localStorage.setItem('pid', 'project-1');
    const navigations: string[] = [];
    setNavigator((to) => navigations.push(to));

    await logout();

    expect(seen.map((req) => `${req.method} ${req.path}?${req.query}`)).toEqual([
      'PUT /api/account/login?code=10031',
    ]);
    expect(seen[0].headers.authorization).toBe(`Basic ${btoa(`${login.token}:`)}`);
    // The deployed version comes from the answers' header and stays, as the interface preferences do.
    expect(stored()).toEqual({ lang: 'zh-CN', item_order: 'default_order=asc', version: expect.any(String) });
    expect(getSession()).toMatchObject({ token: null, userId: null, team: null, teams: [] });
    expect(navigations).toEqual(['/user/login?type=logout']);
    expect((await answerTo(login, 'GET', 'account/login')).status).toBe(401);
  });

  it('still signs out here when the server has already ended the session, without a dialog', async () => {
    const ada = await newAccount('Ada');
    const login = await signInHere(ada);
    await callAs(login, 'PUT', 'account/login?code=10031');
    const navigations: string[] = [];
    setNavigator((to) => navigations.push(to));
    const dialogs: string[] = [];
    setClientUi({ toast: () => {}, alert: ({ content }) => dialogs.push(content) });
    await logout();
    expect(seen.map((req) => req.path)).toEqual(['/api/account/login']);
    expect(getSession().token).toBeNull();
    expect(navigations).toEqual(['/user/login?type=logout']);
    expect(dialogs).toEqual([]);
  });
});

describe('account calls', () => {
  it('reads the session check answer', async () => {
    await signInHere(await newAccount('Grace'));
    const answer = await accountApi.checkLogin();
    expect(answer.user.name).toBe('Grace');
    expect(answer.teams).toEqual([]);
  });

  it('a session ended elsewhere is refused as expired', async () => {
    const login = await signInHere(await newAccount('Grace'));
    await callAs(login, 'PUT', 'account/login?code=10031');
    setClientUi({ toast: () => {}, alert: () => {} });
    await expect(accountApi.checkLogin()).rejects.toMatchObject({ status: 401 });
  });
});
