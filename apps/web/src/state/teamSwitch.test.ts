import '../test/setup';
import type { LoginResult } from '@ferry/shared';
import { describe, expect, it } from 'vitest';
import { setClientUi } from '../api/client';
import { buildTeam } from '../test/fixtures';
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
import { setNavigator } from './navigation';
import { findTeam, getSession, readTeamCache } from './session';
import { switchTeam } from './teamSwitch';

const seen = useRealServer();

/** Ada owns Alpha and is an admin of Beta (joined by an admin link), signed in here with Alpha open. */
async function adaInTwoTeams() {
  const [ada, olga] = await Promise.all([newAccount('Ada'), newAccount('Olga')]);
  const alpha = await createTeam(ada, unique('Alpha'));
  const beta = await createTeam(olga, unique('Beta'));
  await joinByLink(ada, await inviteLink(olga, beta.id, 'admin'));
  await signInHere(ada);
  const navigations: string[] = [];
  setNavigator((to) => navigations.push(to));
  return { ada, alpha, beta: findTeam(beta.id)!, navigations };
}

/** The team the next sign-in opens: what the server kept of the switch. */
async function nextSignIn(user: { token: string }) {
  const summary = await callAs<Omit<LoginResult, 'token'>>(user, 'GET', 'account/login');
  return summary.team_status;
}

describe('team switch (spec 000 §4)', () => {
  it('clears the folder, stores the team, saves the team status and opens the project list', async () => {
    const { ada, beta, navigations } = await adaInTwoTeams();
    window.localStorage.setItem('folderId', 'design');
    seen.length = 0;

    const saved = await switchTeam(beta);

    expect(saved).toBe(true);
    expect(window.localStorage.getItem('folderId')).toBeNull();
    expect(window.localStorage.getItem('team_id')).toBe(beta.id);
    expect(window.localStorage.getItem('role')).toBe('admin');
    expect(window.localStorage.getItem('teamName')).toBe(beta.name);
    expect(window.localStorage.getItem('team_type')).toBe('normal');
    expect(getSession().team).toMatchObject({ team_id: beta.id, role: 'admin', teamName: beta.name });
    expect(readTeamCache(ada.userId)).toMatchObject({ team_id: beta.id, teamName: beta.name });
    expect(seen.map((req) => `${req.method} ${req.path}`)).toEqual(['PUT /api/account/user_settings']);
    expect(navigations).toEqual([`/item?fid=all&tid=${beta.id}`]);
    expect(await nextSignIn(ada)).toEqual({
      folderId: 'all',
      team_id: beta.id,
      role: 'admin',
      teamName: beta.name,
    });
  });

  it('saves folder design when the design folder is checked, and can stay on the page', async () => {
    const { ada, beta, navigations } = await adaInTwoTeams();
    await expect(switchTeam(beta, { design: true, navigate: false })).resolves.toBe(true);
    expect(navigations).toEqual([]);
    expect(await nextSignIn(ada)).toMatchObject({ folderId: 'design', team_id: beta.id });
  });

  it('a saved team the user has left is not opened by the next sign-in', async () => {
    const { ada, alpha, beta } = await adaInTwoTeams();
    await switchTeam(beta);
    await callAs(ada, 'POST', 'account/exit_team', { team_id: beta.id });
    expect(await nextSignIn(ada)).toMatchObject({ team_id: alpha.id });
  });

  it('switches locally even when saving the status fails', async () => {
    const { ada, beta } = await adaInTwoTeams();
    // The network being down is not something the server can answer: the save fails as fetch does then.
    replaceAnswers((req) => {
      if (req.path === '/api/account/user_settings') throw new TypeError('Failed to fetch');
      return null;
    });
    await expect(switchTeam(beta)).resolves.toBe(false);
    expect(window.localStorage.getItem('team_id')).toBe(beta.id);
    expect(seen.filter((req) => req.path === '/api/account/user_settings')).toHaveLength(1);
    // Nothing reached the server: the next sign-in does not open Beta.
    expect((await nextSignIn(ada))?.team_id).not.toBe(beta.id);
  });

  it('without a team id only warns', async () => {
    await adaInTwoTeams();
    const open = getSession().team?.team_id;
    expect(open).toBeTruthy();
    const toasts: string[] = [];
    setClientUi({ toast: (_level, text) => toasts.push(text), alert: () => {} });
    seen.length = 0;
    await expect(switchTeam(null)).resolves.toBe(false);
    await expect(switchTeam(buildTeam('', 'Nameless'))).resolves.toBe(false);
    expect(toasts).toHaveLength(2);
    expect(seen).toHaveLength(0);
    expect(window.localStorage.getItem('team_id')).toBe(open);
  });
});
