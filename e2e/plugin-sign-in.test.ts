import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './api.js';
import { screenshot as capture, launchBrowser, type RunningServer, startServer } from './harness.js';

/**
 * A plugin signs in by device code: a script asks for a code, the user opens the address in Chromium, signs
 * in, approves, lands on the success page; the script's poll receives the token and pushes a real design with
 * it, which shows on the project's stage.
 */
let server: RunningServer;
let browser: Browser;
let api: ReturnType<typeof apiClient>;
let owner: Session;
let teamId: string;
let projectId: string;
const stamp = Date.now();
const email = `pia-${stamp}@example.com`;
const design = {
  name: 'Onboarding.svg',
  data: readFileSync(
    path.resolve(
      import.meta.dirname,
      '../apps/server/src/modules/access-tokens/test-data/wikimediaui-illustrations-colored-background.svg',
    ),
  ),
};

interface Started {
  device_code: string;
  user_code: string;
  verification_uri_complete: string;
  interval: number;
}

/** The script's side: plain HTTP, no session, as a plugin would call. */
async function script<T>(pathName: string, body: unknown) {
  const response = await fetch(`${server.url}/api/${pathName}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Request-From': 'plugin' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: string; msg: string; result: T };
}

/** Polls as a plugin does, at the interval it was given, until the token or a refusal. */
async function pollForToken(started: Started) {
  let interval = started.interval;
  for (let attempt = 0; attempt < 6; attempt++) {
    const answer = await script<{ token: string; user_id: string; interval?: number }>(
      'plugin/device_token',
      {
        device_code: started.device_code,
      },
    );
    if (answer.code === '00000') return answer.result;
    if (answer.code !== '19165' && answer.code !== '19166') throw new Error(`${answer.code} ${answer.msg}`);
    interval = answer.result.interval ?? interval;
    await new Promise((resolve) => setTimeout(resolve, interval * 1000));
  }
  throw new Error('no token in time');
}

async function shot(page: Page, name: string) {
  await page.waitForTimeout(300);
  await capture(page, `plugin-sign-in-${name}`);
}

/** The verification address as the server wrote it, on the address the test reaches the server at. */
const onTestServer = (address: string) => {
  const url = new URL(address);
  return `${server.url}${url.pathname}${url.hash}`;
};

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  api = apiClient(server.url);
  owner = await api.register('Pia', stamp);
  ({ teamId, projectId } = await api.teamWithProject(owner, 'PluginStudio', { name: 'Pushes', type: 'web' }));
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('plugin sign-in', () => {
  it('signs a script in through the browser, and its token pushes a design onto the stage', async () => {
    const started = (
      await script<Started>('plugin/device_code', { plugin_uuid: `uuid-${stamp}`, plugin_type: 'Figma' })
    ).result;
    expect(started.user_code).toMatch(/^\w{4}-\w{4}$/);
    expect((await script('plugin/device_token', { device_code: started.device_code })).code).toBe('19165');

    // Signed out: the address goes to sign-in and back.
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(onTestServer(started.verification_uri_complete));
    await page.getByTestId('login-plugin-note').waitFor();
    await shot(page, 'login-en');
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill('Team-pass1');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('plugin-decision').waitFor();
    expect(await page.getByTestId('plugin-code').textContent()).toBe(started.user_code);
    expect(await page.locator('.auth-subtitle').textContent()).toContain('Figma');
    await shot(page, 'approve-en');
    await page.getByTestId('plugin-approve').click();
    await page.getByTestId('plugin-success').waitFor();
    expect(page.url()).toContain('#/user/plug-login-success?pluginType=Figma');
    await shot(page, 'success-en');

    const granted = await pollForToken(started);
    expect(granted.user_id).toBe(owner.userId);
    const images = await api.uploadDesigns(
      { token: granted.token, userId: owner.userId },
      { teamId, projectId },
      [design],
    );
    expect(images.map((image) => image.name)).toEqual(['Onboarding']);
    await api.waitForDesign(owner, { teamId, projectId, imageId: images[0].id }, false);

    await page.goto(`${server.url}/web/#/item/project/stage?tid=${teamId}&pid=${projectId}`);
    await page.locator('[data-testid="design-card"][data-design-name="Onboarding"]').waitFor();
    await shot(page, 'stage');

    // The token is listed in account settings as the plugin's, and revoked there.
    await page.goto(`${server.url}/web/#/user/info`);
    const item = page.getByTestId('access-token-plugin');
    await item.waitFor();
    expect(await item.textContent()).toBe('Figma plugin');
    await shot(page, 'settings-en');
    await page.getByTestId('access-token-revoke').click();
    await page.getByTestId('access-token-revoke-confirm').click();
    await page.getByText('No access tokens yet').waitFor();
    const after = await fetch(`${server.url}/api/account/userinfo`, {
      headers: { Authorization: `Basic ${Buffer.from(`${granted.token}:`).toString('base64')}` },
    });
    expect(after.status).toBe(401);
    await context.close();
  }, 120_000);

  it('shows the approval in Chinese, and a denied sign-in tells the script', async () => {
    const started = (
      await script<Started>('plugin/device_code', { plugin_uuid: 'uuid-zh', plugin_type: 'Sketch' })
    ).result;
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 860 } });
    await context.addInitScript(
      ([token, userId]) => {
        window.localStorage.setItem('token', token);
        window.localStorage.setItem('user_id', userId);
      },
      [owner.token, owner.userId],
    );
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(onTestServer(started.verification_uri_complete));
    await page.getByTestId('plugin-decision').waitFor();
    expect(await page.getByTestId('plugin-approve').textContent()).toContain('确认登录');
    await shot(page, 'approve-zh');
    await page.getByTestId('plugin-deny').click();
    await page.getByTestId('plugin-denied').waitFor();
    await shot(page, 'denied-zh');
    expect((await script('plugin/device_token', { device_code: started.device_code })).code).toBe('19168');

    // A mistyped code is refused in place, and counted.
    await page.goto(`${server.url}/web/#/user/plug-bind-account?pluginuuid=uuid-zh&pluginType=Sketch`);
    await page.getByTestId('plugin-code-input').fill('AAAA-AAAA');
    await page.getByTestId('plugin-code-continue').click();
    await page.getByTestId('plugin-refused').waitFor();
    expect(await page.getByTestId('plugin-refused').textContent()).toContain('验证码错误');
    await shot(page, 'wrong-code-zh');

    // A personal token for CI, made in account settings: its text shown once.
    await page.goto(`${server.url}/web/#/user/info`);
    await page.getByTestId('access-token-new').click();
    await page.getByTestId('access-token-name').fill('CI 上传');
    await page.getByTestId('access-token-create').click();
    const text = await page.getByTestId('access-token-text').inputValue();
    expect(text).toMatch(/^ferry_pat_/);
    await shot(page, 'token-created-zh');
    await page.getByTestId('access-token-done').click();
    await page.locator('[data-testid="access-token-item"][data-token-name="CI 上传"]').waitFor();
    await shot(page, 'settings-zh');
    await context.close();
  }, 60_000);
});
