import '../../test/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLang } from '../../i18n';
import { renderApp } from '../../test/render';
import { answerTo, callAs, newAccount, signInHere, useRealServer } from '../../test/server';

const seen = useRealServer();

async function signedIn() {
  const user = await newAccount('Tess');
  await signInHere(user);
  return user;
}

const bearer = (token: string) => ({ token });

async function openCreate() {
  renderApp('/user/info');
  fireEvent.click(await screen.findByTestId('access-token-new'));
  return screen.findByTestId('access-token-name');
}

describe('access tokens in account settings', () => {
  it('creates a read token, shows its text once, and lists it', async () => {
    const user = await signedIn();
    const name = await openCreate();
    fireEvent.change(name, { target: { value: 'CI read' } });
    fireEvent.click(within(await screen.findByTestId('access-token-scope-upload')).getByText('Upload'));
    fireEvent.click(screen.getByTestId('access-token-create'));

    const field = (await screen.findByTestId('access-token-text')) as HTMLInputElement;
    expect(field.value).toMatch(/^ferry_pat_/);
    const body = seen.find(
      (request) => request.path === '/api/account/access_tokens' && request.method === 'POST',
    )?.body as { scopes: string[]; expires_in_days: number };
    expect(body).toMatchObject({ name: 'CI read', scopes: ['read'], expires_in_days: 30 });
    // The token works for reading, and not for uploading.
    expect((await answerTo(bearer(field.value), 'GET', 'account/user_teams')).code).toBe('00000');
    expect((await answerTo(bearer(field.value), 'GET', 'oss/token?team_id=x')).code).toBe('19174');

    const token = field.value;
    fireEvent.click(screen.getByTestId('access-token-done'));
    const item = await screen.findByText('CI read');
    const row = item.closest('tr') as HTMLElement;
    expect(within(row).getByText('Read')).toBeTruthy();
    expect(within(row).queryByText('Upload')).toBeNull();
    // Used just now by the two calls above.
    expect(within(row).getByTestId('access-token-last-used').textContent).toBe('now');
    expect(document.body.innerHTML).not.toContain(token);
    expect((await callAs<{ list: unknown[] }>(user, 'GET', 'account/access_tokens')).list).toHaveLength(1);
  });

  it('refuses an empty name and no scope before any call', async () => {
    await signedIn();
    await openCreate();
    fireEvent.click(within(await screen.findByTestId('access-token-scope-read')).getByText('Read'));
    fireEvent.click(within(screen.getByTestId('access-token-scope-upload')).getByText('Upload'));
    fireEvent.click(screen.getByTestId('access-token-create'));
    expect(await screen.findByText("A token's name has 1 to 50 characters")).toBeTruthy();
    expect(await screen.findByText('Choose at least one scope (read or upload)')).toBeTruthy();
    expect(
      seen.some((request) => request.path === '/api/account/access_tokens' && request.method === 'POST'),
    ).toBe(false);
  });

  it("marks a plugin's token with its plugin, and revokes it after confirmation", async () => {
    const user = await signedIn();
    const started = await callAs<{ device_code: string; user_code: string }>(
      null,
      'POST',
      'plugin/device_code',
      {
        plugin_uuid: 'uuid-web',
        plugin_type: 'Figma',
      },
    );
    await callAs(user, 'POST', 'plugin/device/decision', { user_code: started.user_code, approve: true });
    const granted = await callAs<{ token: string }>(null, 'POST', 'plugin/device_token', {
      device_code: started.device_code,
    });
    expect((await answerTo(bearer(granted.token), 'GET', 'account/userinfo')).code).toBe('00000');

    renderApp('/user/info');
    expect((await screen.findByTestId('access-token-plugin')).textContent).toBe('Figma plugin');
    expect(screen.getByTestId('access-token-last-used').textContent).not.toBe('Never used');
    fireEvent.click(screen.getByTestId('access-token-revoke'));
    expect(await screen.findByText('Revoke “Figma”?')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('access-token-revoke-confirm'));
    expect(await screen.findByText('No access tokens yet')).toBeTruthy();
    await waitFor(async () =>
      expect((await answerTo(bearer(granted.token), 'GET', 'account/userinfo')).status).toBe(401),
    );

    await setLang('zh-CN');
    expect(await screen.findByText('访问令牌')).toBeTruthy();
    expect(screen.getByText('还没有访问令牌')).toBeTruthy();
    await setLang('en-US');
  });
});
