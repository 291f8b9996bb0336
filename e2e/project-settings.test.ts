import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './api.js';
import { screenshot as capture, launchBrowser, type RunningServer, startServer } from './harness.js';

let server: RunningServer;
let browser: Browser;
const api = () => apiClient(server.url);

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

/** A small PNG with a diagonal gradient, so the cover preview shows a real picture. */
async function gradientPng(width = 96, height = 72): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = 40 + Math.round((x / width) * 120);
      pixels[at + 1] = 120 + Math.round((y / height) * 100);
      pixels[at + 2] = 255 - Math.round((x / width) * 80);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

const register = (name: string) => api().register(name, stamp);
const call = <T>(...args: Parameters<ReturnType<typeof apiClient>['call']>) => api().call<T>(...args);
const signedInPage = (session: Session) => api().signedInPage(browser, session);

describe('project settings', () => {
  it('renames the project, adds a member, changes their role, switches the mode and deletes it', async () => {
    // An owner with a team and a project, and a second member who joined by link.
    const owner = await register('Olga');
    const team = await call<{ id: string }>(owner, 'POST', 'account/team', { name: 'Harbor' });
    const project = await call<{ project_id: string }>(owner, 'POST', 'project/project_info', {
      team_id: team.id,
      name: 'Checkout',
      type: 'mobile',
    });
    const link = await call<{ inviteSign: string; time: number; token: string }>(
      owner,
      'GET',
      `account/team_invite_link?team_id=${team.id}&role=member`,
    );
    const bob = await register('Bob');
    await call(bob, 'POST', 'account/join_by_link', {
      inviteSign: link.inviteSign,
      time: link.time,
      token: link.token,
    });

    const page = await signedInPage(owner);
    await page.goto(`${server.url}/web/#/item/project/setting?tid=${team.id}&pid=${project.project_id}`);
    await page.getByTestId('project-rename-input').waitFor();
    await expect.poll(() => page.title()).toBe('Project settings - Ferry');
    await screenshot(page, 'project-settings-01-general');

    // Rename.
    await page.getByTestId('project-rename-input').fill('Checkout-v2');
    await page.getByTestId('project-rename-save').click();
    await expect.poll(() => page.getByTestId('project-setting-name').textContent()).toBe('Checkout-v2');

    // A background from the palette.
    await page.getByTestId('project-swatch-blue').click();
    await expect
      .poll(() => page.getByTestId('project-swatch-blue').getAttribute('aria-pressed'))
      .toBe('true');

    // A cover: the server's 480×360 thumbnail comes back and shows in the preview and the page head.
    await page.getByTestId('project-cover-input').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: await gradientPng(),
    });
    await page.getByTestId('project-cover-image').waitFor();
    await expect
      .poll(() =>
        page.getByTestId('project-cover-image').evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(480);
    await screenshot(page, 'project-settings-01b-look');

    // Add Bob as a member, then make him a viewer.
    await page.getByTestId('project-tab-members').click();
    await page.getByTestId('project-members-add').click();
    await page.getByTestId('add-members-picker').click();
    await page.locator('.ant-select-item-option', { hasText: 'Bob' }).click();
    await page.keyboard.press('Escape');
    await screenshot(page, 'project-settings-02-add-members');
    await page.getByTestId('add-members-save').click();
    const bobRow = page.getByTestId('project-member-row').filter({ hasText: 'Bob' });
    await expect.poll(() => bobRow.getByTestId('member-project-role').textContent()).toBe('Member');
    await bobRow.getByTestId('member-project-role-trigger').click();
    await page.getByTestId('project-role-option-onlooker').click();
    await expect.poll(() => bobRow.getByTestId('member-project-role').textContent()).toBe('Viewer');
    await screenshot(page, 'project-settings-03-members');

    // Mode B, after the confirmation.
    await page.getByTestId('project-tab-basic').click();
    await page.getByText('Mode B: by project role').click();
    await page.getByTestId('mode-confirm').click();
    await expect
      .poll(() => page.getByTestId('project-setting-mode').textContent())
      .toBe('Mode B: by project role');

    // Bob, a project viewer in mode B, sees the settings read-only.
    const bobPage = await signedInPage(bob);
    await bobPage.goto(`${server.url}/web/#/item/project/setting?tid=${team.id}&pid=${project.project_id}`);
    await bobPage.getByTestId('project-setting-readonly').waitFor();
    expect(await bobPage.getByTestId('project-rename-input').count()).toBe(0);
    await screenshot(bobPage, 'project-settings-04-readonly');

    // The owner deletes the project by typing its name, and lands on the project list.
    await page.getByTestId('project-delete').click();
    await page.getByTestId('project-delete-name').fill('Checkout-v2');
    await screenshot(page, 'project-settings-05-delete');
    await page.getByTestId('project-delete-confirm').click();
    await page.waitForURL(/#\/item\?fid=all&tid=/);
  });
});
