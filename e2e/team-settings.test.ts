import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  screenshot as capture,
  chooseFromUserMenu,
  launchBrowser,
  type RunningServer,
  skipFirstRun,
  startServer,
  waitVisible,
} from './harness.js';

/**
 * What a new user meets first: a name of several words, the no-space rule of team and project names said
 * before anything is submitted, the team settings (the avatar's hint under its own button) and the settings
 * dialog (no setting of a feature that does not exist, the two-option choice on one line), in both languages.
 */

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

const stamp = Date.now();
const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

async function screenshot(page: Page, name: string) {
  // Tab ink bars, fades and toasts settle first; a full-page shot of a scrolled page draws fixed layers out of place.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(400);
  await capture(page, name);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not visible');
  return found;
}

async function openSettingsDialog(page: Page) {
  await chooseFromUserMenu(page, 'menu-settings');
  await waitVisible(page, 'settings-dialog');
}

async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByTestId('settings-dialog').waitFor({ state: 'hidden' });
}

describe('a new user', () => {
  it('registers as "Mia Chen", sees the name rules before submitting, and finds tidy settings', async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/web/#/user/register`);
    await page.getByTestId('register-email').fill(`mia-${stamp}@example.com`);
    await page.getByTestId('register-name').fill('Mia Chen');
    await page.getByTestId('register-password').fill('Team-pass1');
    await page.getByTestId('register-confirm').fill('Team-pass1');
    await page.getByTestId('register-submit').click();

    // Team creation says the no-space rule under the field before anything is typed.
    const teamName = page.getByTestId('team-name-input');
    await teamName.waitFor();
    await page.getByText('At most 50 characters, no spaces').waitFor();
    await screenshot(page, 'team-settings-01-create-team-en');
    await teamName.fill('Harbor');
    await page.getByTestId('team-create-submit').click();
    await skipFirstRun(page);
    await expect.poll(() => page.getByTestId('user-menu-trigger').textContent()).toContain('Mia Chen');

    // The new-project dialog: English only, with the rule.
    await page.getByTestId('item-create-project').click();
    const nameField = page.locator('.ant-form-item').filter({ has: page.getByTestId('project-create-name') });
    const hint = await nameField.locator('.ant-form-item-extra').textContent();
    expect(hint).toContain('no spaces');
    expect(hint).not.toMatch(CJK);
    await screenshot(page, 'team-settings-02-new-project-en');
    // Closed by its Cancel button and waited out: Escape is lost when pressed before the dialog holds focus.
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('project-create-name').waitFor({ state: 'hidden' });

    // Team settings: the avatar's hint sits under the avatar button, not under the name's Save button.
    await page.getByTestId('sidebar-team-settings').click();
    await page.getByTestId('team-tab-settings').click();
    const upload = await box(page.getByTestId('team-avatar-upload'));
    const avatarHint = await box(page.getByTestId('team-avatar-hint'));
    const save = await box(page.getByTestId('team-rename-save'));
    expect(avatarHint.y).toBeGreaterThanOrEqual(upload.y + upload.height);
    expect(avatarHint.x + avatarHint.width / 2).toBeCloseTo(upload.x + upload.width / 2, 0);
    expect(avatarHint.x + avatarHint.width).toBeLessThan(save.x);
    expect(await page.getByTestId('team-avatar-hint').textContent()).toBe('JPG or PNG, at most 3 MB');
    await screenshot(page, 'team-settings-03-team-info-en');

    // The settings dialog: the Axure zoom of product documents' Axure exports, and the two ESC choices side
    // by side, centred on their label's line.
    await openSettingsDialog(page);
    const dialog = page.getByTestId('settings-dialog');
    await screenshot(page, 'team-settings-04-settings-dialog-en');
    expect(await dialog.textContent()).toContain('Scale Axure prototypes to fit the window');
    expect(await page.getByTestId('lab-axureZoom').count()).toBe(1);
    const choices = page.getByTestId('lab-escOnMark').locator('label');
    const [first, second] = [await box(choices.nth(0)), await box(choices.nth(1))];
    expect(second.y).toBe(first.y);
    // The buttons of a group share their 1 px border.
    expect(second.x).toBeGreaterThanOrEqual(first.x + first.width - 1);
    const row = await box(page.getByTestId('lab-escOnMark-row'));
    const group = await box(page.getByTestId('lab-escOnMark'));
    expect(group.x + group.width).toBeCloseTo(row.x + row.width, 0);
    await closeDialog(page);

    // The same screens in Chinese.
    await chooseFromUserMenu(page, 'lang-switch');
    await page.getByTestId('team-info-card').getByText('不超过 50 个字符，不能包含空格').waitFor();
    expect(await page.getByTestId('team-avatar-hint').textContent()).toBe('JPG 或 PNG 格式，不超过 3 MB');
    await screenshot(page, 'team-settings-05-team-info-zh');
    await openSettingsDialog(page);
    await screenshot(page, 'team-settings-06-settings-dialog-zh');
    const rowZh = await box(page.getByTestId('lab-escOnMark-row'));
    const choicesZh = [await box(choices.nth(0)), await box(choices.nth(1))];
    expect(choicesZh[1].y).toBe(choicesZh[0].y);
    expect(choicesZh[0].y).toBeGreaterThan(rowZh.y);
    await closeDialog(page);
    await context.close();
  });
});
