import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './api.js';
import { launchBrowser, type RunningServer, screenshot, startServer } from './harness.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // The operator names a support address: the menu offers to contact it.
  server = await startServer({ SUPPORT_EMAIL: 'support@example.com' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('help', () => {
  it('opens the help menu, the shortcuts sheet with ?, the team docs and the public help centre', async () => {
    const api = apiClient(server.url);
    const session = await api.register('Hana', Date.now());
    const { teamId } = await api.teamWithProject(session, 'Harbour', { name: 'Checkout', type: 'web' });
    const page = await api.signedInPage(browser, session);
    await page.goto(`${server.url}/web/#/item?fid=all&tid=${teamId}`);
    await page.getByTestId('help-button').waitFor();

    await page.getByTestId('help-button').click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      'Help centre',
      'Team docs',
      'Keyboard shortcuts?',
      'Contact support',
    ]);
    await screenshot(page, 'help-01-menu');

    // The help centre opens in a tab of its own.
    const [supportTab] = await Promise.all([
      page.context().waitForEvent('page'),
      menu.getByText('Help centre').click(),
    ]);
    await supportTab.getByTestId('support-page').waitFor();
    expect(supportTab.url()).toMatch(/\/web\/#\/support$/);
    await expect.poll(() => supportTab.title()).toBe('Help centre - Ferry');
    await supportTab.close();

    // ? opens the shortcuts sheet.
    await page.keyboard.press('Escape');
    await page.locator('body').click({ position: { x: 700, y: 500 } });
    await page.keyboard.press('?');
    const sheet = page.getByTestId('shortcuts-sheet');
    await sheet.waitFor();
    expect(await sheet.textContent()).toContain('Previous design');
    await page.waitForTimeout(300);
    await screenshot(page, 'help-02-shortcuts');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });

    await page.getByTestId('help-button').click();
    await page.getByRole('menu').getByText('Team docs').click();
    await page.waitForURL(new RegExp(`#/item/docs/${teamId}$`));
    await expect.poll(() => page.getByTestId('team-docs-card').textContent()).toContain('Members1 of 10');
    await screenshot(page, 'help-03-team-docs');

    // Signed out, in a fresh browser: the help centre is still there.
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
    const visitor = await context.newPage();
    await visitor.goto(`${server.url}/web/#/support`);
    await visitor.getByTestId('help-article-plans').waitFor();
    expect(await visitor.getByTestId('help-article-plans').textContent()).toContain(
      'Free: up to 10 members, 10 projects and 500 designs.',
    );
    await screenshot(visitor, 'help-04-support-signed-out');
    await context.close();
  });
});
