import { MaintenanceLimits } from '@ferry/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../apps/server/src/cli.js';
import { MemoryBus } from '../apps/server/src/realtime/bus.js';
import { startTestServer, type TestServer } from '../apps/server/src/test/context.js';
import { apiClient, type Session } from './api.js';
import { screenshot as capture, launchBrowser } from './harness.js';

/**
 * The maintenance banner (spec 002 §2, §9): the operator sets a notice from the command line, in another
 * process than the server (here: a bus of its own, which reaches no server), and the open pages show it
 * within seconds; close slides it up out of sight.
 */
let server: TestServer;
let origin: string;
let browser: Browser;
let ada: Session;
let teamId: string;

beforeAll(async () => {
  // In-process, so the command runs on the server's own database (PGlite allows one process).
  server = await startTestServer({ GUIDES_ENABLED: 'false' });
  origin = (await server.listen()).replace(/^ws/, 'http').replace(/\/ws$/, '');
  browser = await launchBrowser();
  const api = apiClient(origin);
  ada = await api.register('Ada', Date.now());
  ({ teamId } = await api.teamWithProject(ada, 'Harbor', { name: 'Checkout', type: 'mobile' }));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function screenshot(page: Page, name: string) {
  // The banner slides (0.3 s).
  await page.waitForTimeout(400);
  await capture(page, name);
}

const elsewhere = new MemoryBus();
const operator = (...args: string[]) => runCommand(server.ctx.db, args, { bus: elsewhere });

describe('maintenance banner', () => {
  it('an open page shows the notice set from the command line, refresh keeps it, close hides it', async () => {
    const page = await apiClient(origin).signedInPage(browser, ada);
    const socket = page.waitForEvent('websocket', (ws) => ws.url().endsWith('/ws'));
    await page.goto(`${origin}/web/#/item?fid=all&tid=${teamId}`);
    await (await socket).waitForEvent('framereceived', (frame) => String(frame.payload).includes('"ready"'));
    await page.getByTestId('notification-bell').waitFor();
    expect(await page.getByTestId('maintenance-banner').count()).toBe(0);

    await operator(
      'maintenance:set',
      'Ferry is upgraded tonight from 22:00 to 22:30; saving may fail meanwhile.',
    );
    const banner = page.getByTestId('maintenance-banner');
    await banner.waitFor({ timeout: MaintenanceLimits.serverPollMs + 3_000 });
    expect(await banner.textContent()).toContain('Ferry is upgraded tonight');
    const box = await banner.boundingBox();
    expect(box).toMatchObject({ y: 0, height: 55 });
    // The page moves down under it: the header stays in reach.
    const headerTop = async () => (await page.locator('.app-header').boundingBox())?.y;
    await expect.poll(headerTop).toBe(55);
    await screenshot(page, 'maintenance-banner');

    // Refresh reloads: the page reads the notice again and still shows it.
    await banner.getByRole('button', { name: 'Refresh' }).click();
    await page.waitForLoadState('load');
    await page.getByTestId('maintenance-banner').waitFor();

    await page.getByTestId('maintenance-banner').getByRole('button', { name: 'Close' }).click();
    await expect.poll(async () => (await page.getByTestId('maintenance-banner').boundingBox())?.y).toBe(-55);
    await expect.poll(headerTop).toBe(0);
    await screenshot(page, 'maintenance-banner-closed');

    // A new message shows again; clearing it removes the banner.
    await operator('maintenance:set', 'Back to normal at 22:45.');
    await expect
      .poll(async () => (await page.getByTestId('maintenance-banner').boundingBox())?.y, { timeout: 9_000 })
      .toBe(0);
    expect(await page.getByTestId('maintenance-banner').textContent()).toContain('Back to normal');
    await operator('maintenance:clear');
    await page.getByTestId('maintenance-banner').waitFor({ state: 'detached', timeout: 9_000 });
    await page.context().close();
  });

  it('a page opened later, signed out, shows the notice in force', async () => {
    await operator('maintenance:set', 'Sign-in is slow while we move servers.');
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${origin}/web/#/user/login`);
    const banner = page.getByTestId('maintenance-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Sign-in is slow');
    await screenshot(page, 'maintenance-banner-sign-in');
    await operator('maintenance:clear');
    await context.close();
  });
});
