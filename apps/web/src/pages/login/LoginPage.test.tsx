import '../../test/setup';
import { ruleMessage } from '@ferry/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession } from '../../state/session';
import { buildLogin } from '../../test/fixtures';
import { envelope, ok, stubFetch } from '../../test/http';
import { renderApp } from '../../test/render';

function fill(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

describe('sign-in page', () => {
  it('refuses a malformed e-mail with the shared rule message and calls nothing', async () => {
    const seen = stubFetch(() => ok({}));
    renderApp('/user/login');
    fill('login-email', 'not-an-email');
    fill('login-password', 'whatever1');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText(ruleMessage('email.invalid', 'en-US'))).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it('shows the server message when the server refuses', async () => {
    stubFetch(() => envelope('10002', 'Wrong e-mail or password, you can also try 9 times'));
    renderApp('/user/login');
    fill('login-email', 'ada@example.com');
    fill('login-password', 'wrong-pass');
    fireEvent.click(screen.getByTestId('login-submit'));
    const error = await screen.findByTestId('login-error');
    expect(error.textContent).toContain('Wrong e-mail or password, you can also try 9 times');
    expect(getSession().token).toBeNull();
  });

  it('signs in and goes to the redirecturl', async () => {
    const seen = stubFetch((req) => (req.path === '/api/account/login' ? ok(buildLogin()) : ok({})));
    const app = renderApp(`/user/login?redirecturl=${encodeURIComponent('/user/info')}`);
    fill('login-email', ' Ada@Example.com ');
    fill('login-password', 'correct-horse');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(app.location()).toBe('/user/info'));
    expect(seen[0].body).toEqual({ email: 'ada@example.com', password: 'correct-horse' });
    expect(getSession().token).toBe('tok-123');
  });

  it('signs in and opens the saved team project list', async () => {
    stubFetch((req) => (req.path === '/api/account/login' ? ok(buildLogin()) : ok({})));
    const app = renderApp('/user/login');
    fill('login-email', 'ada@example.com');
    fill('login-password', 'correct-horse');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(app.location()).toBe('/item?fid=all&tid=team-a'));
    expect(await screen.findByTestId('item-empty')).toBeTruthy();
    expect(screen.getByTestId('header-team-name').textContent).toBe('Alpha');
  });

  it('sends a user without teams to team creation', async () => {
    stubFetch(() => ok(buildLogin({ teams: [], team_status: null })));
    const app = renderApp('/user/login');
    fill('login-email', 'ada@example.com');
    fill('login-password', 'correct-horse');
    fireEvent.click(screen.getByTestId('login-submit'));
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
  it('refuses a short password and a different confirmation with the shared rule messages', async () => {
    const seen = stubFetch(() => ok({}));
    renderApp('/user/register');
    fill('register-email', 'ada@example.com');
    fill('register-name', 'Ada');
    fill('register-password', 'short');
    fill('register-confirm', 'other');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText(ruleMessage('password.length', 'en-US'))).toBeTruthy();
    expect(await screen.findByText(ruleMessage('password.mismatch', 'en-US'))).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it('refuses a name with spaces in Chinese when the interface is Chinese', async () => {
    window.localStorage.setItem('lang', 'zh-CN');
    const { setLang } = await import('../../i18n');
    await setLang('zh-CN');
    stubFetch(() => ok({}));
    renderApp('/user/register');
    fill('register-email', 'ada@example.com');
    fill('register-name', 'Ada Lovelace');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText(ruleMessage('name.spaces', 'zh-CN'))).toBeTruthy();
  });

  it('shows the server message for a taken e-mail', async () => {
    stubFetch(() => envelope('19002', 'Account already registered'));
    renderApp('/user/register');
    fill('register-email', 'ada@example.com');
    fill('register-name', 'Ada');
    fill('register-password', 'password1');
    fill('register-confirm', 'password1');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect((await screen.findByTestId('register-error')).textContent).toContain('Account already registered');
  });
});
