import '../../test/setup';
import { Codes, codeMessage, ruleMessage } from '@ferry/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession } from '../../state/session';
import { renderApp } from '../../test/render';
import { callAs, createTeam, newAccount, type SeededUser, unique, useRealServer } from '../../test/server';

const seen = useRealServer();
/** The calls the form made: every page also reads the public configuration (switches, maintenance notice). */
const formCalls = () => seen.filter((req) => req.path !== '/api/common/configuration');

function fill(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

function signInWith(email: string, password: string) {
  fill('login-email', email);
  fill('login-password', password);
  fireEvent.click(screen.getByTestId('login-submit'));
}

/** The token the page kept opens a session on the server for `user`. */
async function expectSignedInAs(user: SeededUser) {
  const token = getSession().token;
  expect(token).toBeTruthy();
  const summary = await callAs<{ user: { id: string } }>({ token: token! }, 'GET', 'account/login');
  expect(summary.user.id).toBe(user.userId);
}

describe('sign-in page', () => {
  it('refuses a malformed e-mail with the shared rule message and calls nothing', async () => {
    renderApp('/user/login');
    signInWith('not-an-email', 'whatever1');
    expect(await screen.findByText(ruleMessage('email.invalid', 'en-US'))).toBeTruthy();
    // Only the sign-in methods on offer (account/login_url) are read; nothing is sent.
    expect(formCalls().filter((req) => req.path !== '/api/account/login_url')).toHaveLength(0);
  });

  it('shows the server message for a wrong password and keeps no session', async () => {
    const ada = await newAccount('Ada');
    renderApp('/user/login');
    signInWith(ada.email, 'wrong-pass1');
    const error = await screen.findByTestId('login-error');
    expect(error.textContent).toContain(codeMessage(Codes.WRONG_PASSWORD, 'en-US'));
    expect(getSession().token).toBeNull();
  });

  it('signs in with the e-mail trimmed and lower-cased, and goes to the redirecturl', async () => {
    const ada = await newAccount('Ada');
    const app = renderApp(`/user/login?redirecturl=${encodeURIComponent('/user/info')}`);
    signInWith(` ${ada.email.toUpperCase()} `, ada.password);
    await waitFor(() => expect(app.location()).toBe('/user/info'));
    expect(seen.find((req) => req.path === '/api/account/login')?.body).toEqual({
      email: ada.email,
      password: ada.password,
    });
    await expectSignedInAs(ada);
  });

  it('signs in and opens the team project list', async () => {
    const ada = await newAccount('Ada');
    const team = await createTeam(ada, unique('Alpha'));
    const app = renderApp('/user/login');
    signInWith(ada.email, ada.password);
    await waitFor(() => expect(app.location()).toBe(`/item?fid=all&tid=${team.id}`));
    expect(await screen.findByTestId('item-empty')).toBeTruthy();
    expect(screen.getByTestId('header-team-name').textContent).toBe(team.name);
  });

  it('sends a user without teams to team creation', async () => {
    const ada = await newAccount('Ada');
    const app = renderApp('/user/login');
    signInWith(ada.email, ada.password);
    await waitFor(() => expect(app.location()).toBe('/item/team/create?new=true'));
    expect(await screen.findByTestId('team-name-input')).toBeTruthy();
  });
});

describe('route guard', () => {
  it('sends a visitor without a session to sign-in with the address as redirecturl', async () => {
    const app = renderApp('/user/info');
    await waitFor(() =>
      expect(app.location()).toBe(`/user/login?redirecturl=${encodeURIComponent('/user/info')}`),
    );
    expect(screen.getByTestId('login-email')).toBeTruthy();
  });

  it('keeps tid beside the redirecturl', async () => {
    const app = renderApp('/item?fid=all&tid=team-x');
    await waitFor(() =>
      expect(app.location()).toBe(
        `/user/login?redirecturl=${encodeURIComponent('/item?fid=all&tid=team-x')}&tid=team-x`,
      ),
    );
  });
});

describe('sign-up page', () => {
  function register(email: string, name: string, password: string, confirm = password) {
    fill('register-email', email);
    fill('register-name', name);
    fill('register-password', password);
    fill('register-confirm', confirm);
    fireEvent.click(screen.getByTestId('register-submit'));
  }

  it('refuses a short password and a different confirmation with the shared rule messages', async () => {
    renderApp('/user/register');
    register('ada@example.com', 'Ada', 'short', 'other');
    expect(await screen.findByText(ruleMessage('password.length', 'en-US'))).toBeTruthy();
    expect(await screen.findByText(ruleMessage('password.mismatch', 'en-US'))).toBeTruthy();
    expect(formCalls()).toHaveLength(0);
  });

  it('refuses a password with spaces in Chinese when the interface is Chinese', async () => {
    window.localStorage.setItem('lang', 'zh-CN');
    const { setLang } = await import('../../i18n');
    await setLang('zh-CN');
    renderApp('/user/register');
    fill('register-email', 'ada@example.com');
    fill('register-name', 'Ada Lovelace');
    fill('register-password', 'pass word1');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText(ruleMessage('password.spaces', 'zh-CN'))).toBeTruthy();
    expect(screen.queryByText(ruleMessage('name.spaces', 'zh-CN'))).toBeNull();
    expect(formCalls()).toHaveLength(0);
  });

  it('registers, signs in at once and goes on to team creation', async () => {
    const email = `${unique('grace')}@example.com`;
    const app = renderApp('/user/register');
    register(email, 'Grace', 'password1');
    await waitFor(() => expect(app.location()).toBe('/item/team/create?new=true'));
    const summary = await callAs<{ user: { email: string; name: string } }>(
      { token: getSession().token! },
      'GET',
      'account/login',
    );
    expect(summary.user).toMatchObject({ email, name: 'Grace' });
  });

  it('shows the server message for a taken e-mail', async () => {
    const ada = await newAccount('Ada');
    renderApp('/user/register');
    register(ada.email, 'Ada', 'password1');
    expect((await screen.findByTestId('register-error')).textContent).toContain(
      codeMessage(Codes.ACCOUNT_REGISTERED, 'en-US'),
    );
    expect(getSession().token).toBeNull();
  });
});
