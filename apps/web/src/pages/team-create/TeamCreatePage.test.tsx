import '../../test/setup';
import { Codes, codeMessage, ruleMessage, type TeamInfo } from '@ferry/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import {
  callAs,
  createTeam,
  newAccount,
  replaceAnswers,
  signInHere,
  unique,
  useRealServer,
} from '../../test/server';

const seen = useRealServer();

async function newUserSignedIn() {
  const ada = await newAccount('Ada');
  await signInHere(ada);
  return ada;
}

describe('team creation', () => {
  it('refuses a name longer than 50 characters with the shared rule message', async () => {
    await newUserSignedIn();
    renderApp('/item/team/create?new=true');
    fireEvent.change(await screen.findByTestId('team-name-input'), { target: { value: 'x'.repeat(51) } });
    fireEvent.click(screen.getByTestId('team-create-submit'));
    expect(await screen.findByText(ruleMessage('name.length', 'en-US'))).toBeTruthy();
    expect(seen.some((req) => req.path === '/api/account/team')).toBe(false);
  });

  it('creates a first team, makes it active and leads straight into the first-run path', async () => {
    const ada = await newUserSignedIn();
    const name = unique('Studio');
    const app = renderApp('/item/team/create?new=true');
    expect(document.title).toBe('Create team - Ferry');
    fireEvent.change(await screen.findByTestId('team-name-input'), { target: { value: name } });
    fireEvent.click(screen.getByTestId('team-create-submit'));
    await waitFor(() => expect(app.location()).toMatch(/^\/onboarding\?tid=./));
    const [team] = await callAs<TeamInfo[]>(ada, 'GET', 'account/user_teams');
    expect(team).toMatchObject({ name, role: { type: 'superadmin' } });
    expect(app.location()).toBe(`/onboarding?tid=${team.id}`);
    await screen.findByTestId('onboarding-page');
    expect(window.localStorage.getItem('role')).toBe('superadmin');

    // Skipping the path lands on the new team's project list.
    fireEvent.click(screen.getByTestId('onboarding-skip-all'));
    await waitFor(() => expect(app.location()).toBe(`/item?fid=all&tid=${team.id}`));
    expect((await screen.findByTestId('header-team-name')).textContent).toBe(name);
  });

  it('opens the project list of a further team, the first-run path not offered in between', async () => {
    const ada = await newAccount('Ada');
    await createTeam(ada, unique('Alpha'));
    await signInHere(ada);
    const name = unique('Beta');
    const app = renderApp('/item/team/create?new=true');
    fireEvent.change(await screen.findByTestId('team-name-input'), { target: { value: name } });
    fireEvent.click(screen.getByTestId('team-create-submit'));
    await waitFor(() => expect(app.location()).toMatch(/^\/item\?fid=all&tid=./));
    const beta = (await callAs<TeamInfo[]>(ada, 'GET', 'account/user_teams')).find(
      (team) => team.name === name,
    );
    expect(app.location()).toBe(`/item?fid=all&tid=${beta?.id}`);
    expect((await screen.findByTestId('header-team-name')).textContent).toBe(name);
    expect(window.localStorage.getItem('role')).toBe('superadmin');
  });

  it('opens the project list of a first team when the user already skipped the first-run path', async () => {
    const ada = await newUserSignedIn();
    await callAs(ada, 'PUT', 'account/onboard_user', { finish: 'skipped' });
    const name = unique('Studio');
    const app = renderApp('/item/team/create?new=true');
    fireEvent.change(await screen.findByTestId('team-name-input'), { target: { value: name } });
    fireEvent.click(screen.getByTestId('team-create-submit'));
    await waitFor(() => expect(app.location()).toMatch(/^\/item\?fid=all&tid=./));
    expect((await screen.findByTestId('header-team-name')).textContent).toBe(name);
  });

  it('shows the failure in the form when the server cannot answer', async () => {
    const ada = await newUserSignedIn();
    renderApp('/item/team/create?new=true');
    fireEvent.change(await screen.findByTestId('team-name-input'), { target: { value: 'Studio' } });
    // A server error (a proxy's bare 500) is not something the real server answers on demand: only the
    // creation call is answered so, the rest still reach the server.
    replaceAnswers((req) =>
      req.method === 'POST' && req.path === '/api/account/team'
        ? new Response('upstream failed', { status: 500 })
        : null,
    );
    fireEvent.click(screen.getByTestId('team-create-submit'));
    expect(await screen.findAllByText(codeMessage(Codes.SYSTEM_BUSY, 'en-US'))).not.toHaveLength(0);
    expect(screen.getByTestId('team-name-input')).toBeTruthy();
    expect(seen.filter((req) => req.path === '/api/account/team')).toHaveLength(1);
    expect(await callAs<TeamInfo[]>(ada, 'GET', 'account/user_teams')).toEqual([]);
  });
});

describe('full-page team switch', () => {
  it('lists the teams and switches to the chosen one; hideback hides the back button', async () => {
    const ada = await newAccount('Ada');
    const alpha = await createTeam(ada, unique('Alpha'));
    const beta = await createTeam(ada, unique('Beta'));
    await signInHere(ada);
    const app = renderApp('/item/switch?hideback=true');
    const page = await screen.findByTestId('team-switch-page');
    expect(screen.queryByText('Back')).toBeNull();
    await waitFor(() => expect(page.querySelectorAll('[data-testid="team-switch-item"]')).toHaveLength(2));
    const items = [...page.querySelectorAll<HTMLElement>('[data-testid="team-switch-item"]')];
    expect(items.map((item) => item.textContent).join()).toContain(alpha.name);
    fireEvent.click(items.find((item) => item.textContent?.includes(beta.name))!);
    await waitFor(() => expect(app.location()).toBe(`/item?fid=all&tid=${beta.id}`));
  });
});
