import '../test/setup';
import { Codes, codeMessage } from '@ferry/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession } from '../state/session';
import { envelope } from '../test/http';
import { renderApp } from '../test/render';
import {
  answerTo,
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

const seen = useRealServer();

/** Ada, super admin of her team Alpha and viewer of Olga's team Beta, signed in here. */
async function signedIn() {
  const [ada, olga] = await Promise.all([newAccount('Ada'), newAccount('Olga')]);
  const alpha = await createTeam(ada, unique('Alpha'));
  const beta = await createTeam(olga, unique('Beta'));
  await joinByLink(ada, await inviteLink(olga, beta.id, 'onlooker'));
  const login = await signInHere(ada);
  return { ada, olga, alpha, beta, login };
}

describe('header and team switch', () => {
  it('shows the active team, and the popup lists the teams with roles, the current one checked', async () => {
    const { alpha, beta } = await signedIn();
    renderApp(`/item?fid=all&tid=${alpha.id}`);
    expect((await screen.findByTestId('header-team-name')).textContent).toBe(alpha.name);
    expect((await screen.findByTestId('item-empty')).textContent).toContain('This team has no projects yet');
    // The super admin of an empty team is offered to create the first project.
    expect(screen.getByTestId('item-create-project')).toBeTruthy();

    fireEvent.click(screen.getByTestId('team-switch-trigger'));
    const popup = await screen.findByTestId('team-switch-popup');
    const items = within(popup).getAllByTestId('team-switch-item');
    const item = (id: string) => items.find((element) => element.getAttribute('data-team-id') === id)!;
    expect(items).toHaveLength(2);
    expect(item(alpha.id).getAttribute('aria-current')).toBe('true');
    expect(item(beta.id).getAttribute('aria-current')).toBeNull();
    expect(item(alpha.id).textContent).toContain('Super admin');
    expect(item(beta.id).textContent).toContain('Viewer');
    expect(within(popup).getByTestId('team-switch-create')).toBeTruthy();
  });

  it('switching team stores it, saves the team status and opens its project list', async () => {
    const { ada, alpha, beta } = await signedIn();
    const app = renderApp(`/item?fid=all&tid=${alpha.id}`);
    fireEvent.click(await screen.findByTestId('team-switch-trigger'));
    const popup = await screen.findByTestId('team-switch-popup');
    const items = await within(popup).findAllByTestId('team-switch-item');
    fireEvent.click(items.find((element) => element.getAttribute('data-team-id') === beta.id)!);

    await waitFor(() => expect(app.location()).toBe(`/item?fid=all&tid=${beta.id}`));
    await waitFor(() => expect(screen.getByTestId('header-team-name').textContent).toBe(beta.name));
    expect(window.localStorage.getItem('team_id')).toBe(beta.id);
    expect(window.localStorage.getItem('role')).toBe('onlooker');
    await waitFor(() =>
      expect(
        seen.filter((req) => req.path === '/api/account/user_settings' && req.method === 'PUT'),
      ).toHaveLength(1),
    );
    // The PUT being sent does not mean the server has stored it yet.
    await waitFor(async () => {
      const settings = await callAs<{ web_main: string }>(
        ada,
        'GET',
        'account/user_settings?settings_type=web_main',
      );
      expect(JSON.parse(settings.web_main).teamStatus.team_id).toBe(beta.id);
    });
  });

  it('"Create team" in the popup opens team creation', async () => {
    const { alpha } = await signedIn();
    const app = renderApp(`/item?fid=all&tid=${alpha.id}`);
    fireEvent.click(await screen.findByTestId('team-switch-trigger'));
    fireEvent.click(await screen.findByTestId('team-switch-create'));
    await waitFor(() => expect(app.location()).toBe('/item/team/create?new=true'));
  });

  it('opening another team by address makes it the active team', async () => {
    const { beta } = await signedIn();
    renderApp(`/item?fid=all&tid=${beta.id}`);
    await waitFor(() => expect(screen.getByTestId('header-team-name').textContent).toBe(beta.name));
    expect(getSession().team?.team_id).toBe(beta.id);
  });

  it("another team's id leads to the no-permission screen", async () => {
    await signedIn();
    const stranger = await newAccount('Uma');
    const gamma = await createTeam(stranger, unique('Gamma'));
    const app = renderApp(`/item?fid=all&tid=${gamma.id}`);
    await waitFor(() => expect(app.location()).toBe('/noPermissions'));
    expect(await screen.findByText('Sorry, seems no permission')).toBeTruthy();
  });

  it('the user menu signs out to /user/login?type=logout and ends the session', async () => {
    const { alpha, login } = await signedIn();
    const app = renderApp(`/item?fid=all&tid=${alpha.id}`);
    fireEvent.click(await screen.findByTestId('user-menu-trigger'));
    fireEvent.click(await screen.findByTestId('menu-logout'));
    await waitFor(() => expect(app.location()).toBe('/user/login?type=logout'));
    expect(seen.some((req) => req.method === 'PUT' && req.query.get('code') === '10031')).toBe(true);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect((await answerTo(login, 'GET', 'account/login')).status).toBe(401);
  });

  it('the user menu switches the language, and page titles follow', async () => {
    const { alpha } = await signedIn();
    renderApp(`/item?fid=all&tid=${alpha.id}`);
    await screen.findByTestId('item-empty');
    expect(document.title).toBe('Team projects - Ferry');
    fireEvent.click(screen.getByTestId('user-menu-trigger'));
    fireEvent.click(await screen.findByTestId('lang-switch'));
    await waitFor(() => expect(document.title).toBe('团队项目 - Ferry'));
    expect(window.localStorage.getItem('lang')).toBe('zh-CN');
    await waitFor(() => expect(screen.getByTestId('item-empty').textContent).toContain('该团队还没有项目'));
  });
});

describe('team list failure', () => {
  it('keeps the known teams and shows one "network or server error" toast', async () => {
    const { alpha } = await signedIn();
    // The server failing is not an answer it gives on demand.
    replaceAnswers((req) =>
      req.path === '/api/account/user_teams' ? envelope('-11111', 'busy', undefined, 500) : null,
    );
    renderApp(`/item?fid=all&tid=${alpha.id}`);
    fireEvent.click(await screen.findByTestId('team-switch-trigger'));
    expect(await screen.findByText('Network or server error, please retry later')).toBeTruthy();
    const popup = await screen.findByTestId('team-switch-popup');
    expect(within(popup).getAllByTestId('team-switch-item')).toHaveLength(2);
  });
});

describe('a session the server no longer accepts', () => {
  it('shows the "login status expired" dialog; its button signs out to sign-in', async () => {
    const { login } = await signedIn();
    await callAs(login, 'PUT', 'account/login?code=10031');
    const app = renderApp('/user/info');
    expect(await screen.findByText(codeMessage(Codes.SESSION_EXPIRED, 'en-US'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log in again' }));
    await waitFor(() =>
      expect(app.location()).toBe(
        `/user/login?type=autologout&redirecturl=${encodeURIComponent('/user/info')}`,
      ),
    );
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(await screen.findByText('You have been signed out, please sign in again')).toBeTruthy();
  });
});
