import '../../test/setup';
import { ruleMessage } from '@ferry/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { forgetPasswordKey } from '../../api/crypto';
import { applyLogin, getSession } from '../../state/session';
import { buildLogin, buildUser } from '../../test/fixtures';
import { envelope, ok, type SeenRequest, stubFetch } from '../../test/http';
import { renderApp } from '../../test/render';

let keys: CryptoKeyPair;
let publicPem: string;

beforeAll(async () => {
  keys = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', keys.publicKey));
  const base64 = btoa(String.fromCharCode(...spki));
  publicPem = `-----BEGIN PUBLIC KEY-----\n${base64.match(/.{1,64}/g)?.join('\n')}\n-----END PUBLIC KEY-----\n`;
});

async function decrypt(cipher: string): Promise<string> {
  const bytes = Uint8Array.from(atob(cipher), (ch) => ch.charCodeAt(0));
  const plain = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, keys.privateKey, bytes);
  return new TextDecoder().decode(plain);
}

function serve(extra: (req: SeenRequest) => Response | null = () => null): SeenRequest[] {
  const login = buildLogin();
  applyLogin(login);
  forgetPasswordKey();
  return stubFetch((req) => {
    const answer = extra(req);
    if (answer) return answer;
    if (req.path === '/api/account/login')
      return ok({ user: login.user, teams: login.teams, team_status: null });
    if (req.path === '/api/account/public_key')
      return ok({ public_key: publicPem, algorithm: 'RSA-OAEP-256' });
    return ok({});
  });
}

function fill(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

describe('account settings', () => {
  it('has the page title "Account settings - Ferry"', async () => {
    serve();
    renderApp('/user/info');
    await screen.findByTestId('info-name-input');
    expect(document.title).toBe('Account settings - Ferry');
  });

  it('changes the password with both fields RSA-OAEP encrypted by the server key', async () => {
    const seen = serve();
    renderApp('/user/info');
    await screen.findByTestId('info-old-password');
    fill('info-old-password', 'old-secret1');
    fill('info-new-password', 'new-secret2');
    fill('info-confirm-password', 'new-secret2');
    fireEvent.click(screen.getByTestId('info-password-save'));

    await waitFor(() =>
      expect(seen.some((req) => req.path === '/api/passport/modify_account_password')).toBe(true),
    );
    const call = seen.find((req) => req.path === '/api/passport/modify_account_password');
    const body = call?.body as { old_password: string; new_password: string };
    expect(call?.method).toBe('POST');
    expect(body.old_password).not.toContain('old-secret1');
    expect(body.old_password).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(await decrypt(body.old_password)).toBe('old-secret1');
    expect(await decrypt(body.new_password)).toBe('new-secret2');
    expect(
      await screen.findByText('Password changed; sessions on other devices were signed out'),
    ).toBeTruthy();
  });

  it('refuses a new password with spaces and a confirmation that differs, before any call', async () => {
    const seen = serve();
    renderApp('/user/info');
    await screen.findByTestId('info-old-password');
    fill('info-old-password', 'old-secret1');
    fill('info-new-password', 'has space 1');
    fill('info-confirm-password', 'different1');
    fireEvent.click(screen.getByTestId('info-password-save'));
    expect(await screen.findByText(ruleMessage('password.spaces', 'en-US'))).toBeTruthy();
    expect(await screen.findByText(ruleMessage('password.mismatch', 'en-US'))).toBeTruthy();
    expect(seen.some((req) => req.path.startsWith('/api/passport/'))).toBe(false);
  });

  it('shows a wrong current password under its field', async () => {
    serve((req) =>
      req.path === '/api/passport/modify_account_password'
        ? envelope('19011', 'The current password is wrong')
        : null,
    );
    renderApp('/user/info');
    await screen.findByTestId('info-old-password');
    fill('info-old-password', 'old-secret1');
    fill('info-new-password', 'new-secret2');
    fill('info-confirm-password', 'new-secret2');
    fireEvent.click(screen.getByTestId('info-password-save'));
    expect(await screen.findByText('The current password is wrong')).toBeTruthy();
  });

  it('saves the name and shows it in the header', async () => {
    const seen = serve((req) =>
      req.path === '/api/account/userinfo' && req.method === 'PUT'
        ? ok(buildUser({ name: (req.body as { name: string }).name }))
        : null,
    );
    renderApp('/user/info');
    const input = await screen.findByTestId('info-name-input');
    expect((input as HTMLInputElement).value).toBe('Ada');
    fill('info-name-input', 'Grace');
    fireEvent.click(screen.getByTestId('info-name-save'));
    await waitFor(() => expect(getSession().user?.name).toBe('Grace'));
    expect(seen.find((req) => req.method === 'PUT')?.body).toEqual({ name: 'Grace' });
    expect(screen.getByTestId('user-menu-trigger').textContent).toContain('Grace');
  });

  it('refuses an empty name with the shared rule message', async () => {
    serve();
    renderApp('/user/info');
    await screen.findByTestId('info-name-input');
    fill('info-name-input', '');
    fireEvent.click(screen.getByTestId('info-name-save'));
    expect(await screen.findByText(ruleMessage('name.required', 'en-US'))).toBeTruthy();
  });
});
