import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseFromUserMenu,
  launchBrowser,
  type RunningServer,
  screenshot,
  skipFirstRun,
  startServer,
} from './harness.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

const email = `grace-${Date.now()}@example.com`;

describe('a new user', () => {
  it('registers, creates two teams, switches, changes name and password, signs out and back in', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/web\/#\/user\/login/);
    await expect.poll(() => page.title()).toMatch(/ - Ferry$/);
    await screenshot(page, '01-login');

    await page.goto(`${server.url}/web/#/user/register`);
    await page.getByTestId('register-email').fill(email);
    await page.getByTestId('register-name').fill('Grace');
    await page.getByTestId('register-password').fill('First-pass1');
    await page.getByTestId('register-confirm').fill('First-pass1');
    await screenshot(page, '02-register');
    await page.getByTestId('register-submit').click();

    // No team yet: team creation comes first.
    await page.getByTestId('team-name-input').waitFor();
    await screenshot(page, '03-team-create');
    await page.getByTestId('team-name-input').fill('Acme');
    await page.getByTestId('team-create-submit').click();
    // A first team leads into the first-run path; "Skip setup" lands on its project list.
    await skipFirstRun(page);
    await page.getByTestId('item-empty').waitFor();
    await expect.poll(() => page.getByTestId('header-team-name').textContent()).toContain('Acme');
    const acmeId = new URL(page.url().replace('#/', '')).searchParams.get('tid');
    expect(acmeId).toMatch(/^[0-9a-f-]{36}$/);
    await screenshot(page, '04-empty-project-list');

    // A second team from the team-switch popup.
    await page.getByTestId('team-switch-trigger').click();
    await page.getByTestId('team-switch-popup').waitFor();
    await screenshot(page, '05-team-switch-popup');
    await page.getByTestId('team-switch-create').click();
    await page.getByTestId('team-name-input').fill('Second');
    await page.getByTestId('team-create-submit').click();
    await expect.poll(() => page.getByTestId('header-team-name').textContent()).toContain('Second');

    // Back to the first team.
    await page.getByTestId('team-switch-trigger').click();
    await page.locator(`[data-testid="team-switch-item"][data-team-id="${acmeId}"]`).click();
    await expect.poll(() => page.getByTestId('header-team-name').textContent()).toContain('Acme');
    await page.waitForURL(new RegExp(`tid=${acmeId}`));

    // Account settings: name, then password.
    await chooseFromUserMenu(page, 'menu-account-settings');
    await page.waitForURL(/#\/user\/info/);
    await page.getByTestId('info-name-input').fill('GraceH');
    await page.getByTestId('info-name-save').click();
    await expect
      .poll(async () => (await apiAs(page, '/api/account/userinfo')).result.name, { timeout: 5000 })
      .toBe('GraceH');
    await page.getByTestId('info-old-password').fill('First-pass1');
    await page.getByTestId('info-new-password').fill('Second-pass2');
    await page.getByTestId('info-confirm-password').fill('Second-pass2');
    await page.getByTestId('info-password-save').click();
    await page
      .getByText(/password (was )?changed|password updated/i)
      .first()
      .waitFor();
    await screenshot(page, '06-account-settings');

    // Sign out, a wrong password shows the tries left, the new password gets in, back in the last team.
    await chooseFromUserMenu(page, 'menu-logout');
    await page.waitForURL(/#\/user\/login/);
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill('First-pass1');
    await page.getByTestId('login-submit').click();
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toContain('you can also try 9 times');
    await screenshot(page, '07-wrong-password');
    await page.getByTestId('login-password').fill('Second-pass2');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(new RegExp(`#/item\\?fid=all&tid=${acmeId}`));
    await expect.poll(() => page.getByTestId('header-team-name').textContent()).toContain('Acme');
    await page.context().close();
  });

  it('is told the session expired when the token is revoked, and lands on sign-in', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/web/#/user/login`);
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill('Second-pass2');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/#\/item\?/);
    // The same token signed out elsewhere (e.g. another tab): the next call answers HTTP 401.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const revoked = await fetch(`${server.url}/api/account/login?code=10031`, {
      method: 'PUT',
      headers: { authorization: `Basic ${btoa(`${token}:`)}` },
    });
    expect((await revoked.json()).code).toBe('00000');
    await page.reload();
    await page
      .getByText(/login status expired/i)
      .first()
      .waitFor();
    await screenshot(page, '08-session-expired');
    await page
      .getByRole('button', { name: /ok|log in|sign in/i })
      .first()
      .click();
    await page.waitForURL(/#\/user\/login/);
    await page.context().close();
  });
});

/** Calls the API with the page's stored token, as the web app does. */
async function apiAs(page: Page, path: string) {
  return page.evaluate(async (url) => {
    const token = localStorage.getItem('token');
    const response = await fetch(url, { headers: { authorization: `Basic ${btoa(`${token}:`)}` } });
    return response.json();
  }, path);
}
