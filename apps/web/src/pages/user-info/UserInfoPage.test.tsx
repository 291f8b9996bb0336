import '../../test/setup';
import { Codes, codeMessage, type LoginResult, ruleMessage, type UserInfo } from '@ferry/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { forgetPasswordKey } from '../../api/crypto';
import { getSession } from '../../state/session';
import { renderApp } from '../../test/render';
import { answerTo, callAs, newAccount, signInHere, useRealServer } from '../../test/server';

const seen = useRealServer();

async function adaSignedIn() {
  const ada = await newAccount('Ada');
  await signInHere(ada);
  // The server's key is fetched once per page load: each test is a new page.
  forgetPasswordKey();
  return ada;
}

function fill(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

function changePassword(current: string, next: string, confirm = next) {
  fill('info-old-password', current);
  fill('info-new-password', next);
  fill('info-confirm-password', confirm);
  fireEvent.click(screen.getByTestId('info-password-save'));
}

describe('account settings', () => {
  it('has the page title "Account settings - Ferry"', async () => {
    await adaSignedIn();
    renderApp('/user/info');
    await screen.findByTestId('info-name-input');
    expect(document.title).toBe('Account settings - Ferry');
  });

  it('changes the password with both fields encrypted by the server key', async () => {
    const ada = await adaSignedIn();
    renderApp('/user/info');
    await screen.findByTestId('info-old-password');
    changePassword(ada.password, 'new-secret2');
    expect(
      await screen.findByText('Password changed; sessions on other devices were signed out'),
    ).toBeTruthy();
    const call = seen.find((req) => req.path === '/api/passport/modify_account_password');
    const body = call?.body as { old_password: string; new_password: string };
    expect(call?.method).toBe('POST');
    expect(body.old_password).not.toContain(ada.password);
    expect(body.new_password).toMatch(/^[A-Za-z0-9+/]+=*$/);
    // The server could read both: the new password signs in, the old one no longer does.
    const login = (password: string) =>
      answerTo<LoginResult>(null, 'POST', 'account/login', { email: ada.email, password });
    expect((await login('new-secret2')).code).toBe('00000');
    expect((await login(ada.password)).code).toBe(Codes.WRONG_PASSWORD.code);
    // This page's own session goes on.
    expect((await answerTo(ada, 'GET', 'account/login')).status).toBe(200);
  });

  it('refuses a new password with spaces and a confirmation that differs, before any call', async () => {
    await adaSignedIn();
    renderApp('/user/info');
    await screen.findByTestId('info-old-password');
    changePassword('old-secret1', 'has space 1', 'different1');
    expect(await screen.findByText(ruleMessage('password.spaces', 'en-US'))).toBeTruthy();
    expect(await screen.findByText(ruleMessage('password.mismatch', 'en-US'))).toBeTruthy();
    expect(seen.some((req) => req.path.startsWith('/api/passport/'))).toBe(false);
  });

  it('shows a wrong current password under its field', async () => {
    const ada = await adaSignedIn();
    renderApp('/user/info');
    await screen.findByTestId('info-old-password');
    changePassword('not-my-pass1', 'new-secret2');
    expect(await screen.findByText(codeMessage(Codes.OLD_PASSWORD_WRONG, 'en-US'))).toBeTruthy();
    expect(
      (await answerTo(null, 'POST', 'account/login', { email: ada.email, password: ada.password })).code,
    ).toBe('00000');
  });

  it('saves the name and shows it in the header', async () => {
    const ada = await adaSignedIn();
    renderApp('/user/info');
    const input = await screen.findByTestId('info-name-input');
    expect((input as HTMLInputElement).value).toBe('Ada');
    fill('info-name-input', 'Grace');
    fireEvent.click(screen.getByTestId('info-name-save'));
    await waitFor(() => expect(getSession().user?.name).toBe('Grace'));
    expect(seen.find((req) => req.method === 'PUT')?.body).toEqual({ name: 'Grace' });
    expect(screen.getByTestId('user-menu-trigger').textContent).toContain('Grace');
    expect((await callAs<UserInfo>(ada, 'GET', 'account/userinfo')).name).toBe('Grace');
  });

  it('refuses an empty name with the shared rule message', async () => {
    await adaSignedIn();
    renderApp('/user/info');
    await screen.findByTestId('info-name-input');
    fill('info-name-input', '');
    fireEvent.click(screen.getByTestId('info-name-save'));
    expect(await screen.findByText(ruleMessage('name.required', 'en-US'))).toBeTruthy();
    expect(seen.some((req) => req.method === 'PUT')).toBe(false);
  });
});
