import '../test/setup';
import { Codes, codeMessage } from '@ferry/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLogin, getSession } from '../state/session';
import { buildLogin, buildTeam, buildUser } from '../test/fixtures';
import { envelope, ok, stubFetch } from '../test/http';
import { renderApp } from '../test/render';

const alpha = buildTeam('team-a', 'Alpha', 'superadmin');
const beta = buildTeam('team-b', 'Beta', 'onlooker');

function signedIn() {
  const login = buildLogin({ teams: [alpha, beta] });
  applyLogin(login);
  return stubFetch((req) => {
    if (req.path === '/api/account/login' && req.method === 'GET') {
      return ok({ user: login.user, teams: login.teams, team_status: login.team_status });
    }
    if (req.path === '/api/account/user_teams') return ok([alpha, beta]);
    return ok({});
  });
}

describe('header and team switch', () => {
  it('shows the active team, and the popup lists the teams with roles, the current one checked', async () => {
    signedIn();
    renderApp('/item?fid=all&tid=team-a');
    expect((await screen.findByTestId('header-team-name')).textContent).toBe('Alpha');
    expect((await screen.findByTestId('item-empty')).textContent).toContain('This team has no projects yet');
    // The super admin of an empty team is offered to create the first project.
    expect(screen.getByTestId('item-create-project')).toBeTruthy();

    fireEvent.click(screen.getByTestId('team-switch-trigger'));
    const popup = await screen.findByTestId('team-switch-popup');
    const items = within(popup).getAllByTestId('team-switch-item');
    expect(items.map((item) => item.getAttribute('data-team-id'))).toEqual(['team-a', 'team-b']);
    expect(items[0].getAttribute('aria-current')).toBe('true');
    expect(items[1].getAttribute('aria-current')).toBeNull();
    expect(items[0].textContent).toContain('Super admin');
    expect(items[1].textContent).toContain('Viewer');
    expect(within(popup).getByTestId('team-switch-create')).toBeTruthy();
  });

  it('switching team stores it, saves the team status and opens its project list', async () => {
    const seen = signedIn();
    const app = renderApp('/item?fid=all&tid=team-a');
    fireEvent.click(await screen.findByTestId('team-switch-trigger'));
    const popup = await screen.findByTestId('team-switch-popup');
    fireEvent.click(within(popup).getAllByTestId('team-switch-item')[1]);

    await waitFor(() => expect(app.location()).toBe('/item?fid=all&tid=team-b'));
    await waitFor(() => expect(screen.getByTestId('header-team-name').textContent).toBe('Beta'));
    expect(window.localStorage.getItem('team_id')).toBe('team-b');
    expect(window.localStorage.getItem('role')).toBe('onlooker');
    const saves = seen.filter((req) => req.path === '/api/account/user_settings' && req.method === 'PUT');
    expect(saves).toHaveLength(1);
    expect(JSON.parse((saves[0].body as { web_main: string }).web_main).teamStatus.team_id).toBe('team-b');
  });

  it('"Create team" in the popup opens team creation', async () => {
    signedIn();
    const app = renderApp('/item?fid=all&tid=team-a');
    fireEvent.click(await screen.findByTestId('team-switch-trigger'));
    fireEvent.click(await screen.findByTestId('team-switch-create'));
    await waitFor(() => expect(app.location()).toBe('/item/team/create?new=true'));
  });

  it('opening another team by address makes it the active team', async () => {
    signedIn();
    renderApp('/item?fid=all&tid=team-b');
    await waitFor(() => expect(screen.getByTestId('header-team-name').textContent).toBe('Beta'));
    expect(getSession().team?.team_id).toBe('team-b');
  });

  it('a team the user is not in leads to the no-permission screen', async () => {
    signedIn();
    const app = renderApp('/item?fid=all&tid=team-x');
    await waitFor(() => expect(app.location()).toBe('/noPermissions'));
    expect(await screen.findByText('Sorry, seems no permission')).toBeTruthy();
  });

  it('the user menu signs out to /user/login?type=logout', async () => {
    const seen = signedIn();
    const app = renderApp('/item?fid=all&tid=team-a');
    fireEvent.click(await screen.findByTestId('user-menu-trigger'));
    fireEvent.click(await screen.findByTestId('menu-logout'));
    await waitFor(() => expect(app.location()).toBe('/user/login?type=logout'));
    expect(seen.some((req) => req.method === 'PUT' && req.query.get('code') === '10031')).toBe(true);
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('the user menu switches the language, and page titles follow', async () => {
    signedIn();
    renderApp('/item?fid=all&tid=team-a');
    await screen.findByTestId('item-empty');
    expect(document.title).toBe('Team projects - Ferry');
    fireEvent.click(screen.getByTestId('user-menu-trigger'));
    fireEvent.click(await screen.findByTestId('lang-switch'));
    await waitFor(() => expect(document.title).toBe('团队项目 - Ferry'));
    expect(window.localStorage.getItem('lang')).toBe('zh-CN');
    expect(screen.getByTestId('item-empty').textContent).toContain('该团队还没有项目');
  });
});

describe('team list failure', () => {
  it('keeps the known teams and shows one "network or server error" toast', async () => {
    const login = buildLogin({ teams: [alpha, beta] });
    applyLogin(login);
    stubFetch((req) => {
      if (req.path === '/api/account/login')
        return ok({ user: login.user, teams: login.teams, team_status: null });
      if (req.path === '/api/account/user_teams') return envelope('-11111', 'busy', undefined, 500);
      return ok({});
    });
    renderApp('/item?fid=all&tid=team-a');
    fireEvent.click(await screen.findByTestId('team-switch-trigger'));
    expect(await screen.findByText('Network or server error, please retry later')).toBeTruthy();
    const popup = await screen.findByTestId('team-switch-popup');
    expect(within(popup).getAllByTestId('team-switch-item')).toHaveLength(2);
  });
});

describe('a session the server no longer accepts', () => {
  it('shows the "login status expired" dialog; its button signs out to sign-in', async () => {
    applyLogin(buildLogin({ user: buildUser() }));
    stubFetch(() => envelope(Codes.SESSION_EXPIRED.code, 'expired', undefined, 401));
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
