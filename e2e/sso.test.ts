import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestProvider, type TestProvider } from '../apps/server/src/modules/sso/fixtures.js';
import { apiClient, type Session } from './api.js';
import { launchBrowser, type RunningServer, startServer } from './harness.js';

/**
 * Enterprise single sign-on in the browser, against a real OpenID provider: the super admin sets it up in
 * team settings; a colleague goes from the login page's SSO link through the provider's own login form and
 * lands signed in on the team's projects; a person from outside the allowed domains is told why.
 */

let provider: TestProvider;
let server: RunningServer;
let browser: Browser;
/** The browser uses `localhost`, the server's PUBLIC_URL default, so the provider's redirect back stays same-origin. */
let origin: string;
let owner: Session;
let teamId: string;
const stamp = Date.now();
const domain = `corp${stamp}.test`;
const slug = `corp-${stamp}`;
const shots = '/tmp/ferry-sso-e2e';

beforeAll(async () => {
  server = await startServer();
  origin = server.url.replace('127.0.0.1', 'localhost');
  provider = await startTestProvider(`${origin}/api/sso/callback`);
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
  const api = apiClient(server.url);
  owner = await api.register('Olivia', stamp);
  ({ teamId } = await api.teamWithProject(owner, 'Corp', { name: 'Launch', type: 'web' }));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await provider?.close();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

async function newPage(locale: string, session?: Session): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width: 1280, height: 900 } });
  await context.addInitScript(
    ([lang, token, userId]) => {
      localStorage.setItem('lang', lang);
      if (token && !localStorage.getItem('token')) {
        localStorage.setItem('token', token);
        localStorage.setItem('user_id', userId);
      }
    },
    [locale, session?.token ?? '', session?.userId ?? ''],
  );
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return page;
}

describe('single sign-on', () => {
  it('the super admin sets it up in team settings, the provider checked on saving', async () => {
    const page = await newPage('en-US', owner);
    await page.goto(`${origin}/web/#/item/team?tab=sso`);
    await page.getByTestId('sso-tab').waitFor();
    expect(await page.getByTestId('sso-redirect-uri').textContent()).toBe(`${origin}/api/sso/callback`);
    await page.getByTestId('sso-issuer').fill('http://127.0.0.1:9');
    await page.getByTestId('sso-slug').fill(slug);
    await page.getByTestId('sso-client-id').fill(provider.clientId);
    await page.getByTestId('sso-client-secret').fill(provider.clientSecret);
    await page.locator('[data-testid="sso-domains"] input').fill(domain);
    await page.keyboard.press('Enter');
    await page.getByTestId('sso-enabled').click();
    await page.getByTestId('sso-save').click();
    await expect
      .poll(() => page.getByTestId('sso-problem').textContent())
      .toContain('The identity provider could not be reached');
    await shot(page, '01-settings-unreachable-en');

    await page.getByTestId('sso-issuer').fill(provider.issuer);
    await page.getByTestId('sso-save').click();
    await expect.poll(() => page.getByTestId('sso-status').textContent()).toBe('Enabled');
    expect(await page.getByTestId('sso-client-secret').inputValue()).toBe('');
    await page.getByTestId('sso-test').click();
    await page.getByText(`Connected to ${provider.issuer}`).waitFor();
    await shot(page, '02-settings-saved-en');

    const zh = await newPage('zh-CN', owner);
    await zh.goto(`${origin}/web/#/item/team?tab=sso`);
    await zh.getByTestId('sso-tab').waitFor();
    await expect.poll(() => zh.getByTestId('sso-status').textContent()).toBe('已启用');
    await shot(zh, '03-settings-zh');
  });

  it('a colleague goes from the login page through the provider and lands on the projects', async () => {
    const page = await newPage('en-US');
    await page.goto(`${origin}/web/#/user/login`);
    await page.getByTestId('login-sso-link').waitFor();
    await shot(page, '04-login-page-link');
    await page.getByTestId('login-sso-link').click();
    await page.getByTestId('sso-identifier').waitFor();
    await shot(page, '04-sso-page-en');
    await page.getByTestId('sso-identifier').fill(`lee@${domain}`);
    await page.getByTestId('sso-continue').click();
    await page.waitForURL((url) => url.toString().startsWith(provider.issuer));
    expect(await page.locator('input[name="login"]').inputValue()).toBe(`lee@${domain}`);
    await page.locator('input[name="password"]').fill('any password');
    await shot(page, '05-provider-login');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/\/web\/#\/item\?/);
    expect(page.url()).toContain(`tid=${teamId}`);
    await page.getByTestId('project-grid').getByText('Launch').waitFor();
    await shot(page, '06-signed-in-projects');
  });

  it('tells someone outside the allowed domains why they cannot come in, in their language', async () => {
    for (const locale of ['en-US', 'zh-CN']) {
      const page = await newPage(locale);
      await page.goto(`${origin}/sso/`);
      await page.getByTestId('sso-identifier').fill(slug);
      await page.getByTestId('sso-continue').click();
      await page.waitForURL((url) => url.toString().startsWith(provider.issuer));
      await page.locator('input[name="login"]').fill('guest@elsewhere.test');
      await page.locator('input[name="password"]').fill('any password');
      await page.locator('button[type="submit"]').click();
      await page.getByTestId('sso-error').waitFor();
      const text = await page.getByTestId('sso-error').textContent();
      expect(text).toContain(
        locale === 'en-US'
          ? "This e-mail's domain is not one the team allows"
          : '该邮箱的域名不在团队允许的范围内',
      );
      await shot(page, `07-domain-refused-${locale}`);
    }
  });

  it('sends a member signed in with a password to the SSO page once the team requires it, and lets them in', async () => {
    const api = apiClient(server.url);
    const member = await api.joinedMember(owner, teamId, 'member', 'Max', stamp);
    const settings = await api.call<{ slug: string }>(owner, 'GET', `sso/config?team_id=${teamId}`);
    await api.call(owner, 'PUT', 'sso/config', {
      team_id: teamId,
      slug: settings.slug,
      issuer: provider.issuer,
      client_id: provider.clientId,
      allowed_domains: [domain, 'example.com'],
      default_role: 'member',
      enabled: true,
      require_sso: true,
    });
    const page = await newPage('en-US', member);
    await page.goto(`${origin}/web/#/item?fid=all&tid=${teamId}`);
    await page.getByTestId('sso-required').waitFor();
    expect(await page.getByTestId('sso-identifier').inputValue()).toBe(slug);
    await shot(page, '08-required-redirect');
    await page.getByTestId('sso-continue').click();
    await page.waitForURL((url) => url.toString().startsWith(provider.issuer));
    await page.locator('input[name="login"]').fill(`max-${stamp}@example.com`);
    await page.locator('input[name="password"]').fill('any password');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/\/web\/#\/item\?/);
    await page.getByTestId('project-grid').getByText('Launch').waitFor();
    await shot(page, '09-required-signed-in');
  });
});
