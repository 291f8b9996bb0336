import '../../test/setup';
import { ruleMessage } from '@ferry/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLogin } from '../../state/session';
import { buildLogin, buildTeam } from '../../test/fixtures';
import { envelope, ok, type SeenRequest, stubFetch } from '../../test/http';
import { renderApp } from '../../test/render';

function newUser(create: (req: SeenRequest) => Response): SeenRequest[] {
  const login = buildLogin({ teams: [], team_status: null });
  applyLogin(login);
  return stubFetch((req) => {
    if (req.path === '/api/account/login') return ok({ user: login.user, teams: [], team_status: null });
    if (req.path === '/api/account/team' && req.method === 'POST') return create(req);
    if (req.path === '/api/account/user_teams') return ok([]);
    return ok({});
  });
}

describe('team creation', () => {
  it('refuses a name longer than 50 characters with the shared rule message', async () => {
    const seen = newUser(() => ok({}));
    renderApp('/item/team/create?new=true');
    fireEvent.change(await screen.findByTestId('team-name-input'), { target: { value: 'x'.repeat(51) } });
    fireEvent.click(screen.getByTestId('team-create-submit'));
    expect(await screen.findByText(ruleMessage('name.length', 'en-US'))).toBeTruthy();
    expect(seen.some((req) => req.path === '/api/account/team')).toBe(false);
  });

  it('creates the team, makes it active and opens its project list', async () => {
    const seen = newUser((req) =>
      ok(buildTeam('team-new', (req.body as { name: string }).name, 'superadmin', { member_count: 1 })),
    );
    const app = renderApp('/item/team/create?new=true');
    expect(document.title).toBe('Create team - Ferry');
    fireEvent.change(await screen.findByTestId('team-name-input'), { target: { value: 'Studio' } });
    fireEvent.click(screen.getByTestId('team-create-submit'));
    await waitFor(() => expect(app.location()).toBe('/item?fid=all&tid=team-new'));
    expect(seen.find((req) => req.path === '/api/account/team')?.body).toEqual({ name: 'Studio' });
    expect((await screen.findByTestId('header-team-name')).textContent).toBe('Studio');
    expect(window.localStorage.getItem('role')).toBe('superadmin');
  });

  it('shows the server message when the server refuses', async () => {
    newUser(() => envelope('19001', 'Invalid input'));
    renderApp('/item/team/create?new=true');
    fireEvent.change(await screen.findByTestId('team-name-input'), { target: { value: 'Studio' } });
    fireEvent.click(screen.getByTestId('team-create-submit'));
    expect(await screen.findByText('Invalid input')).toBeTruthy();
  });
});

describe('full-page team switch', () => {
  it('lists the teams and switches to the chosen one; hideback hides the back button', async () => {
    const alpha = buildTeam('team-a', 'Alpha');
    const beta = buildTeam('team-b', 'Beta');
    const login = buildLogin({ teams: [alpha, beta] });
    applyLogin(login);
    stubFetch((req) => {
      if (req.path === '/api/account/login')
        return ok({ user: login.user, teams: login.teams, team_status: null });
      if (req.path === '/api/account/user_teams') return ok([alpha, beta]);
      return ok({});
    });
    const app = renderApp('/item/switch?hideback=true');
    const page = await screen.findByTestId('team-switch-page');
    expect(screen.queryByText('Back')).toBeNull();
    const items = page.querySelectorAll('[data-testid="team-switch-item"]');
    expect(items).toHaveLength(2);
    fireEvent.click(items[1]);
    await waitFor(() => expect(app.location()).toBe('/item?fid=all&tid=team-b'));
  });
});
