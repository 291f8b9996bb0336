import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './api.js';
import {
  chooseFromUserMenu,
  launchBrowser,
  type RunningServer,
  screenshot,
  startServer,
  waitVisible,
} from './harness.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // Guides on: this test follows one from the first browser to the second.
  server = await startServer({ GUIDES_ENABLED: 'true' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const switchState = (page: Page, option: string) =>
  page.getByTestId(`lab-${option}`).getAttribute('aria-checked');

async function openSettings(page: Page) {
  await chooseFromUserMenu(page, 'menu-settings');
  await waitVisible(page, 'settings-dialog');
}

describe('preferences and guides that follow the user', () => {
  it('a lab option set and a guide dismissed in one browser hold in a fresh one after sign-in', async () => {
    const api = apiClient(server.url);
    const stamp = Date.now();
    const session = await api.register('Penny', stamp);
    const { teamId, projectId } = await api.teamWithProject(session, 'Prefs', { name: 'Kiosk', type: 'web' });
    const stage = `${server.url}/web/#/item/project/stage?tid=${teamId}&pid=${projectId}`;

    // First browser: the stage's first guide, dismissed; two lab options switched on.
    const first = await api.signedInPage(browser, session);
    await first.goto(stage);
    await first.getByTestId('guide-enterProject').waitFor();
    await screenshot(first, 'preferences-01-first-guide');
    await first.getByTestId('guide-enterProject-ok').click();
    await first.getByTestId('guide-enterProject').waitFor({ state: 'detached' });
    await first.getByTestId('guide-uploadDesign').waitFor();
    await first.getByTestId('guide-uploadDesign-ok').click();
    await first.getByTestId('guide-uploadDesign').waitFor({ state: 'detached' });

    await openSettings(first);
    expect(await switchState(first, 'freeZoom')).toBe('false');
    await first.getByTestId('lab-freeZoom').click();
    await first.getByTestId('lab-boxSelect').click();
    await expect
      .poll(async () =>
        api.call<Record<string, unknown>>(session, 'GET', 'account/user_profile?group=preferences'),
      )
      .toMatchObject({ freeZoom: true, boxSelect: true });
    await first.context().close();

    // Second browser: nothing stored; signs in with the password.
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
    const second = await context.newPage();
    await second.goto(`${server.url}/web/#/user/login`);
    await second.getByTestId('login-email').fill(`penny-${stamp}@example.com`);
    await second.getByTestId('login-password').fill('Team-pass1');
    await second.getByTestId('login-submit').click();
    await second.waitForURL((url) => !url.hash.includes('login'));
    await second.goto(stage);
    await second.getByTestId('stage-project-name').waitFor();
    // The dismissed guides stay dismissed; the next one is the share button's.
    await second.getByTestId('guide-share').waitFor();
    expect(await second.getByTestId('guide-enterProject').count()).toBe(0);
    expect(await second.getByTestId('guide-uploadDesign').count()).toBe(0);
    await second.getByTestId('guide-share-ok').click();
    await second.getByTestId('guide-share').waitFor({ state: 'detached' });

    await openSettings(second);
    await expect.poll(() => switchState(second, 'freeZoom')).toBe('true');
    expect(await switchState(second, 'boxSelect')).toBe('true');
    expect(await switchState(second, 'performance')).toBe('false');
    await screenshot(second, 'preferences-02-second-browser');
    await context.close();
  });
});
