import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  screenshot as capture,
  launchBrowser,
  type RunningServer,
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

/** A screenshot once tab ink bars, fades and toasts have settled. */
async function screenshot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await capture(page, name);
}

const stamp = Date.now();

const card = (page: Page, name: string) =>
  page.locator(`[data-testid="project-card"][data-project-name="${name}"]`);
const cardNames = (page: Page) =>
  page
    .getByTestId('project-card')
    .evaluateAll((cards) => cards.map((el) => el.getAttribute('data-project-name')));
const folderRow = (page: Page, name: string) =>
  page.getByTestId('folder-row').filter({ has: page.getByText(name, { exact: true }) });

async function createFolder(page: Page, name: string) {
  await page.getByTestId('folder-name-input').fill(name);
  await page.getByTestId('folder-name-save').click();
  await folderRow(page, name).waitFor();
}

async function createProject(page: Page, name: string, type: 'mobile' | 'web' | 'dsm') {
  await page.getByTestId('project-create').click();
  await page.getByTestId('project-create-name').fill(name);
  await page.getByTestId(`project-type-${type}`).click();
  await page.getByTestId('project-create-save').click();
  await card(page, name).waitFor();
}

/** Opens the menu in a card's corner and picks one of its actions. */
async function cardAction(page: Page, name: string, action: string) {
  await card(page, name).hover();
  await card(page, name).getByTestId('project-actions').click();
  await page.getByTestId(`project-action-${action}`).click();
}

describe('the project list', () => {
  it('organises projects in folders, moves them by dialog and by dragging, and deletes one by its name', async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${server.url}/web/#/user/register`);
    await page.getByTestId('register-email').fill(`lists-${stamp}@example.com`);
    await page.getByTestId('register-name').fill('Lina');
    await page.getByTestId('register-password').fill('Team-pass1');
    await page.getByTestId('register-confirm').fill('Team-pass1');
    await page.getByTestId('register-submit').click();
    await page.getByTestId('team-name-input').fill('Studio');
    await page.getByTestId('team-create-submit').click();
    await skipFirstRun(page);
    await expect.poll(() => page.title()).toBe('Team projects - Ferry');
    await page.getByTestId('item-create-project').waitFor();
    await screenshot(page, 'projects-01-empty');

    // Two folders, one inside the other.
    await page.getByTestId('folder-create').click();
    await createFolder(page, 'Design');
    await folderRow(page, 'Design').hover();
    await folderRow(page, 'Design').getByTestId('folder-actions').click();
    await page.getByTestId('folder-action-create').click();
    await createFolder(page, 'Mobile');
    await page.waitForURL(/fid=[0-9a-f-]{36}/);
    await expect.poll(() => page.getByTestId('item-folder-name').textContent()).toBe('Mobile');

    // Projects on the top level; a taken name is flagged while typing and cannot be saved.
    await page.getByTestId('sidebar-all-projects').click();
    await createProject(page, 'Checkout', 'mobile');
    await createProject(page, 'Dashboard', 'web');
    await createProject(page, 'Tokens', 'dsm');
    await createProject(page, 'Onboarding', 'mobile');
    await page.getByTestId('project-create').click();
    await page.getByTestId('project-create-name').fill('Checkout');
    await page.getByTestId('project-name-taken').waitFor();
    await expect.poll(() => page.getByTestId('project-create-save').isDisabled()).toBe(true);
    await screenshot(page, 'projects-02-create-taken');
    await page.keyboard.press('Escape');
    await expect.poll(() => cardNames(page).then((names) => names.length)).toBe(4);
    await card(page, 'Checkout').hover();
    await screenshot(page, 'projects-03-list');

    // Move by the dialog: Dashboard into Design.
    await cardAction(page, 'Dashboard', 'move');
    await page.getByTestId('folder-picker').getByText('Design', { exact: true }).click();
    await screenshot(page, 'projects-04-move-dialog');
    await page.getByTestId('folder-pick-confirm').click();
    await page.getByTestId('folder-picker').waitFor({ state: 'detached' });

    // Move by dragging: Onboarding onto Mobile in the sidebar.
    await card(page, 'Onboarding').dragTo(folderRow(page, 'Mobile'));
    await folderRow(page, 'Mobile').getByText('Mobile').click();
    await expect.poll(() => cardNames(page)).toEqual(['Onboarding']);
    await folderRow(page, 'Design').getByText('Design').click();
    await expect.poll(() => cardNames(page)).toEqual(['Dashboard']);
    // The subfolder leads on from its parent.
    expect(await page.getByTestId('folder-link').allTextContents()).toEqual(['Mobile1']);
    await screenshot(page, 'projects-05-folder');

    // Design specs list the design-system projects.
    await page.getByTestId('sidebar-design').click();
    await expect.poll(() => page.title()).toBe('Design specs - Ferry');
    await expect.poll(() => cardNames(page)).toEqual(['Tokens']);

    // Opening a project records it as recently used.
    await page.getByTestId('sidebar-all-projects').click();
    await card(page, 'Checkout').getByTestId('project-open').click();
    await page.waitForURL(/#\/item\/project\/stage\?tid=.*&pid=/);
    await page.getByTestId('stage-back').click();
    await page.getByTestId('project-tab-use').click();
    await expect.poll(() => cardNames(page)).toEqual(['Checkout']);
    await page.getByTestId('project-tab-join').click();
    await expect.poll(() => cardNames(page).then((names) => names.length)).toBe(4);
    await page.getByTestId('project-tab-all').click();

    // Search finds projects and folders by part of their name.
    await page.getByTestId('project-search').locator('input').fill('board');
    await page.getByTestId('project-search').locator('input').press('Enter');
    await expect
      .poll(() => cardNames(page).then((names) => names.sort()))
      .toEqual(['Dashboard', 'Onboarding']);
    await page.getByTestId('project-search').locator('input').fill('Mob');
    await page.getByTestId('project-search').locator('input').press('Enter');
    await expect.poll(() => page.getByTestId('folder-link').allTextContents()).toEqual(['Mobile']);
    await screenshot(page, 'projects-06-search');
    await page.getByTestId('project-search').locator('input').fill('');
    await expect.poll(() => cardNames(page).then((names) => names.length)).toBe(4);

    // Deleting asks for the exact name.
    await cardAction(page, 'Tokens', 'delete');
    const confirm = page.getByTestId('project-delete-confirm');
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByTestId('project-delete-name').fill('Token');
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByTestId('project-delete-name').fill('Tokens');
    expect(await confirm.isDisabled()).toBe(false);
    await screenshot(page, 'projects-07-delete');
    await confirm.click();
    await card(page, 'Tokens').waitFor({ state: 'detached' });
    expect((await cardNames(page)).sort()).toEqual(['Checkout', 'Dashboard', 'Onboarding']);

    // The same list in Chinese, inside a folder.
    await page.evaluate(() => window.localStorage.setItem('lang', 'zh-CN'));
    await page.reload();
    await folderRow(page, 'Design').getByText('Design').click();
    await expect.poll(() => page.title()).toBe('团队项目 - Ferry');
    await card(page, 'Dashboard').hover();
    await screenshot(page, 'projects-08-folder-zh');
    await context.close();
  });
});
