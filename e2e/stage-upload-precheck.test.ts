import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './api.js';
import { launchBrowser, type RunningServer, screenshot, startServer } from './harness.js';

let server: RunningServer;
let browser: Browser;
let owner: Session;
let teamId: string;
let projectId: string;
const stamp = Date.now();

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const api = apiClient(server.url);
  owner = await api.register('Sam', stamp);
  teamId = (await api.call<{ id: string }>(owner, 'POST', 'account/team', { name: 'Precheck' })).id;
  projectId = (
    await api.call<{ project_id: string }>(owner, 'POST', 'project/project_info', {
      team_id: teamId,
      name: 'MobileApp',
      type: 'mobile',
    })
  ).project_id;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the upload pre-check', () => {
  it('refuses a dropped Figma file in the tray, saying what to export, without sending anything', async () => {
    const page = await apiClient(server.url).signedInPage(browser, owner);
    await page.goto(`${server.url}/web/#/item/project/stage?tid=${teamId}&pid=${projectId}`);
    await page.getByTestId('stage-empty').waitFor();

    const sent: Request[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' || request.url().includes('/oss/')) sent.push(request);
    });
    // A Figma file starts with its own magic ("fig-kiwi"), which no design type shares.
    const bytes = [...Buffer.from('fig-kiwi'), ...new Uint8Array(256)];
    // A real drop: a DataTransfer holding the file, dispatched on the stage's drop zone.
    const dropped = await page.evaluateHandle((data) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], 'Checkout.fig'));
      return transfer;
    }, bytes);
    const zone = page.getByTestId('stage-dropzone');
    await zone.dispatchEvent('dragenter', { dataTransfer: dropped });
    await zone.dispatchEvent('drop', { dataTransfer: dropped });

    const row = page.locator('[data-testid="upload-row"][data-name="Checkout.fig"]');
    await expect.poll(() => row.getAttribute('data-status')).toBe('refused');
    expect(await row.getByTestId('upload-row-message').textContent()).toBe(
      'Figma files are not supported yet: export the frames as SVG or PNG and upload those.',
    );
    await screenshot(page, 'stage-upload-precheck-figma');
    // No token, no storage POST, no registration for it.
    expect(sent.map((request) => `${request.method()} ${request.url()}`)).toEqual([]);
  });
});
