import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './api.js';
import { launchBrowser, type RunningServer, screenshot, startServer } from './harness.js';

/**
 * A Sketch file handed off without a plugin: dropped into the stage's upload input, it becomes a design in a
 * section named after its page, whose text layer inspects with the file's own words and style.
 */

let server: RunningServer;
let browser: Browser;
let owner: Session;
let teamId: string;
let projectId: string;
let page: Page;
const stamp = Date.now();
const SKETCH = path.join(import.meta.dirname, 'test-data', 'sketchutils-simple-textstyle.sketch');

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const api = apiClient(server.url);
  owner = await api.register('Noor', stamp);
  teamId = (await api.call<{ id: string }>(owner, 'POST', 'account/team', { name: 'Sketchers' })).id;
  projectId = (
    await api.call<{ project_id: string }>(owner, 'POST', 'project/project_info', {
      team_id: teamId,
      name: 'Notes',
      type: 'mobile',
    })
  ).project_id;
  page = await api.signedInPage(browser, owner);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a Sketch file on the stage', () => {
  it('uploads through the tray into a section named after its page', async () => {
    await page.goto(`${server.url}/web/#/item/project/stage?tid=${teamId}&pid=${projectId}`);
    await page.getByTestId('stage-empty').waitFor();
    await page.getByTestId('upload-input').setInputFiles({
      name: 'Notes.sketch',
      mimeType: 'application/zip',
      buffer: readFileSync(SKETCH),
    });
    await expect
      .poll(() => page.getByTestId('upload-tray-summary').textContent(), { timeout: 60_000 })
      .toBe('1 added');
    const card = page.locator('[data-testid="design-card"][data-design-name="Page 1"]');
    await card.waitFor();
    // The picture is drawn by the server's jobs: the card leaves its processing state once it is.
    await card.getByTestId('design-processing').waitFor({ state: 'detached', timeout: 60_000 });
    expect(await card.getByTestId('design-failed').count()).toBe(0);
    expect(await page.getByTestId('section-name').allTextContents()).toContain('Page 1');
    await screenshot(page, 'sketch-01-stage');
  });

  it('inspects the text layer with its words and font', async () => {
    await page.locator('[data-testid="design-card"][data-design-name="Page 1"]').dblclick();
    await page.getByTestId('detail-image').waitFor();
    await page.getByTestId('inspect-layer-count').waitFor();
    // The design is its one text layer: a click in the picture's middle selects it.
    const picture = await page.getByTestId('detail-image').boundingBox();
    if (!picture) throw new Error('no picture');
    await page.mouse.click(picture.x + picture.width / 2, picture.y + picture.height / 2);
    await expect.poll(() => page.getByTestId('inspect-layer-name').textContent()).toContain('Type something');
    await expect.poll(() => page.getByTestId('inspect-text-content').textContent()).toBe('Type something');
    expect(await page.getByTestId('inspect-font-family').first().textContent()).toContain('Chancery');
    await screenshot(page, 'sketch-02-inspect');
  });
});
