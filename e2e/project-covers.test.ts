import type { Browser, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './api.js';
import { screenshot as capture, launchBrowser, type RunningServer, startServer } from './harness.js';
import { mockScreen } from './mockScreens.js';

/** Project cards show a picture: the latest design's cover variant when the project has no cover of its own. */
let server: RunningServer;
let browser: Browser;
const stamp = Date.now();

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('project cards', () => {
  it('show the latest design of a project without a cover, and the placeholder for an empty one', async () => {
    const api = apiClient(server.url);
    const owner = await api.register('Cora', stamp);
    const { teamId, projectId } = await api.teamWithProject(owner, 'Covers', {
      name: 'Checkout',
      type: 'mobile',
    });
    await api.call(owner, 'POST', 'project/project_info', { team_id: teamId, name: 'Empty', type: 'web' });
    await api.uploadDesigns(owner, { teamId, projectId }, [
      { name: 'Older.png', data: await mockScreen(1, 'png') },
    ]);
    await api.uploadDesigns(owner, { teamId, projectId }, [
      { name: 'Latest.png', data: await mockScreen(3, 'png') },
    ]);
    // The variants job runs in the server: the card gets its picture once the latest design is ready.
    const listUrl = `account/user_projects?team_id=${teamId}&pageSize=100`;
    const designCover = async () => {
      const { list } = await api.call<{ list: { name: string; design_cover: string }[] }>(
        owner,
        'GET',
        listUrl,
      );
      return list.find((card) => card.name === 'Checkout')?.design_cover ?? '';
    };
    await expect.poll(designCover, { timeout: 30_000, interval: 250 }).toMatch(/\/cover\.webp\?/);

    const page = await api.signedInPage(browser, owner);
    const listAnswers: Response[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/account/user_projects')) listAnswers.push(response);
    });
    await page.goto(`${server.url}/web/#/item?fid=all&tid=${teamId}`);
    const checkout = page.locator('[data-testid="project-card"][data-project-name="Checkout"]');
    const picture = checkout.getByTestId('project-card-cover');
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(480);
    expect(await picture.getAttribute('src')).toContain('/cover.webp?');
    const empty = page.locator('[data-testid="project-card"][data-project-name="Empty"]');
    await empty.getByTestId('project-cover-placeholder').waitFor();
    await expect.poll(() => empty.getByTestId('project-card-cover').count()).toBe(0);
    await page.waitForTimeout(300);
    await capture(page, 'project-covers-01-list');

    // Opening the list again revalidates the kept answer: the cards come back from a 304.
    const before = listAnswers.length;
    await page.reload();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
    const revalidated = await Promise.all(
      listAnswers
        .slice(before)
        .map(async (response) => (await response.request().allHeaders())['if-none-match']),
    );
    expect(revalidated.some(Boolean)).toBe(true);
    await page.context().close();
  });
});
