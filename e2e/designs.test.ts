import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './api.js';
import { screenshot as capture, launchBrowser, type RunningServer, startServer } from './harness.js';
import { mockScreen } from './mockScreens.js';

/**
 * A designer's day with designs: 50 files dropped on the stage with their progress and outcomes, a deleted
 * design recovered from the bin, a new version uploaded and switched, and the detail view.
 */
let server: RunningServer;
let browser: Browser;
let api: ReturnType<typeof apiClient>;
let owner: Session;
let teamId: string;
let projectId: string;
let page: Page;

const stamp = Date.now();
const here = import.meta.dirname;
const UPLOADS = 50;
const HTML_AS_PNG = 'Not an image.png';

interface Design {
  id: string;
  name: string;
  status: string;
}

async function screenshot(name: string) {
  await page.waitForTimeout(400);
  await capture(page, `designs-${name}`);
}

const card = (name: string) => page.locator(`[data-testid="design-card"][data-design-name="${name}"]`);
const stageUrl = () => `${server.url}/web/#/item/project/stage?tid=${teamId}&pid=${projectId}`;

async function designs(): Promise<Design[]> {
  const answer = await api.call<{ images: Design[] }>(
    owner,
    'GET',
    `project/images?project_id=${projectId}&team_id=${teamId}`,
  );
  return answer.images;
}

/** The 50 files a designer picks: real PSDs and SVGs, exported PNG and JPEG screens, and one HTML page in disguise. */
async function pickedFiles() {
  const real = [
    ...['agpsd-layers.psd', 'agpsd-effects.psd', 'agpsd-text.psd'].map((file) => ({
      name: `PSD ${file.replace('agpsd-', '')}`,
      buffer: readFileSync(path.join(here, 'test-data', file)),
      mimeType: 'image/vnd.adobe.photoshop',
    })),
    ...[
      'wikimediaui-illustrations-colored-background.svg',
      'wikimediaui-language_selectors_states_expanded_layout_01.svg',
      'wikimediaui-language_selectors_states_expanded_layout_02.svg',
      'wikimediaui-principles-content-chrome.svg',
      'wikimediaui-button_groups_states.svg',
    ].map((file, n) => ({
      name: `Wiki ${n + 1}.svg`,
      buffer: readFileSync(path.join(here, 'test-data', file)),
      mimeType: 'image/svg+xml',
    })),
  ];
  const screens = [];
  for (let n = 1; screens.length + real.length < UPLOADS - 1; n++) {
    const kind = n % 4 === 0 ? 'jpeg' : 'png';
    screens.push({
      name: `Screen ${String(n).padStart(2, '0')}.${kind === 'png' ? 'png' : 'jpg'}`,
      buffer: await mockScreen(n, kind),
      mimeType: `image/${kind}`,
    });
  }
  const disguised = {
    name: HTML_AS_PNG,
    buffer: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
    mimeType: 'image/png',
  };
  return [...screens.slice(0, 20), disguised, ...real, ...screens.slice(20)];
}

/** Records, in the page, every status and progress value each tray row shows, as the uploads go. */
function watchTray() {
  return page.evaluate(() => {
    const seen: Record<string, { statuses: string[]; progress: number[] }> = {};
    (window as unknown as { trayLog: typeof seen }).trayLog = seen;
    const record = () => {
      for (const row of document.querySelectorAll('[data-testid="upload-row"]')) {
        const name = row.getAttribute('data-name') as string;
        seen[name] = seen[name] ?? { statuses: [], progress: [] };
        const entry = seen[name];
        const status = row.getAttribute('data-status') as string;
        if (entry.statuses.at(-1) !== status) entry.statuses.push(status);
        const bar = row.querySelector('[data-testid="upload-row-progress"]');
        const value = Number(bar?.getAttribute('aria-valuenow'));
        if (bar && entry.progress.at(-1) !== value) entry.progress.push(value);
      }
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

const trayLog = () =>
  page.evaluate(
    () =>
      (window as unknown as { trayLog: Record<string, { statuses: string[]; progress: number[] }> }).trayLog,
  );
const rowStatuses = () =>
  page
    .getByTestId('upload-row')
    .evaluateAll((rows) =>
      rows.map((row) => [row.getAttribute('data-name'), row.getAttribute('data-status')]),
    );

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  api = apiClient(server.url);
  owner = await api.register('Dana', stamp);
  ({ teamId, projectId } = await api.teamWithProject(owner, 'Lighthouse', {
    name: 'Banking',
    type: 'mobile',
  }));
  page = await api.signedInPage(browser, owner, { width: 1440, height: 900 });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('designs in the browser', () => {
  it('takes 50 files through the picker with a progress bar and an outcome for each', async () => {
    await page.goto(stageUrl());
    await page.getByTestId('stage-dropzone').waitFor();
    await screenshot('01-empty-stage');

    // Files dragged over the stage show the drop overlay.
    const dragged = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['x'], 'drag.png', { type: 'image/png' }));
      return transfer;
    });
    await page.getByTestId('stage-dropzone').dispatchEvent('dragenter', { dataTransfer: dragged });
    await page.getByTestId('upload-drop-overlay').waitFor();
    await screenshot('02-drop-overlay');
    await page.getByTestId('stage-dropzone').dispatchEvent('dragleave', { dataTransfer: dragged });
    await page.getByTestId('upload-drop-overlay').waitFor({ state: 'detached' });

    await watchTray();
    const files = await pickedFiles();
    expect(files).toHaveLength(UPLOADS);
    await page.getByTestId('upload-input').setInputFiles(files);
    await page.getByTestId('upload-tray').waitFor();
    await expect.poll(() => page.getByTestId('upload-row').count()).toBe(UPLOADS);
    await page.getByTestId('upload-row-progress').first().waitFor();
    await capture(page, 'designs-03-uploading');

    const settled = ['done', 'refused', 'failed'];
    await expect
      .poll(async () => (await rowStatuses()).filter(([, status]) => settled.includes(status ?? '')).length, {
        timeout: 60_000,
      })
      .toBe(UPLOADS);
    const outcome = Object.fromEntries(await rowStatuses());
    expect(outcome[HTML_AS_PNG]).toBe('refused');
    expect(Object.values(outcome).filter((status) => status === 'done')).toHaveLength(UPLOADS - 1);
    const refusedRow = page.locator(`[data-testid="upload-row"][data-name="${HTML_AS_PNG}"]`);
    // Refused in the browser by its leading bytes, before any upload.
    expect(await refusedRow.getByTestId('upload-row-message').textContent()).toBe(
      'This file type is not supported: upload Sketch, PSD, PNG, JPG, GIF, WebP, BMP, TIFF, SVG or PDF files.',
    );
    // Every accepted file showed its own bar while it was posted, then was added to the project.
    const log = await trayLog();
    expect(log[HTML_AS_PNG]?.statuses).not.toContain('uploading');
    for (const file of files.filter((candidate) => candidate.name !== HTML_AS_PNG)) {
      expect(log[file.name]?.statuses, file.name).toContain('uploading');
      expect(log[file.name]?.statuses.at(-1), file.name).toBe('done');
      expect(log[file.name]?.progress.length, file.name).toBeGreaterThan(0);
    }
    expect(await page.getByTestId('upload-tray-title').textContent()).toBe('Uploads finished');
    expect(await page.getByTestId('upload-tray-summary').textContent()).toBe('49 added · 1 refused');
    expect(await page.getByTestId('upload-overall').getAttribute('aria-valuenow')).toBe('100');
    await screenshot('04-tray-finished');

    // The designs are on the stage and their variants get made.
    await expect.poll(async () => (await designs()).length).toBe(UPLOADS - 1);
    await expect
      .poll(async () => (await designs()).filter((design) => design.status === 'processing').length, {
        timeout: 90_000,
        interval: 500,
      })
      .toBe(0);
    expect((await designs()).filter((design) => design.status === 'failed')).toEqual([]);
    await card('Screen 01').waitFor();
    await expect
      .poll(() =>
        card('Screen 01')
          .locator('img')
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);

    // The tray collapses to its bar, and closes once cleared.
    await page.getByTestId('upload-tray-toggle').click();
    await page.getByTestId('upload-list').waitFor({ state: 'detached' });
    await screenshot('05-stage-with-designs');
    await page.getByTestId('upload-tray-clear').click();
    await page.getByTestId('upload-tray').waitFor({ state: 'detached' });

    // A file dropped on the stage joins the project the same way.
    const png = (await mockScreen(50, 'png')).toString('base64');
    const dropped = await page.evaluateHandle((data) => {
      const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'Dropped.png', { type: 'image/png' }));
      return transfer;
    }, png);
    await page.getByTestId('stage-dropzone').dispatchEvent('dragenter', { dataTransfer: dropped });
    await page.getByTestId('stage-dropzone').dispatchEvent('drop', { dataTransfer: dropped });
    await page.locator('[data-testid="upload-row"][data-name="Dropped.png"][data-status="done"]').waitFor();
    await expect.poll(async () => (await designs()).map((design) => design.name)).toContain('Dropped');
    await page.getByTestId('upload-tray-clear').click();
  });

  it('recovers a deleted design from the recycle bin', async () => {
    await card('Screen 03').hover();
    await card('Screen 03').getByTestId('design-actions').click();
    await page.getByTestId('design-action-delete').click();
    await page.getByTestId('stage-delete-confirm').click();
    await card('Screen 03').waitFor({ state: 'detached' });

    await page.getByTestId('stage-recycle-bin').click();
    const row = page.locator('[data-testid="recycle-bin-row"][data-name="Screen 03"]');
    await row.waitFor();
    expect(await row.textContent()).toContain('Deleted by Dana');
    expect(await row.getByTestId('recycle-bin-left').textContent()).toBe('30 days left');
    await row.click();
    await expect.poll(() => page.getByTestId('recycle-bin-recover').textContent()).toBe('Recover 1');
    await screenshot('06-recycle-bin');
    await page.getByTestId('recycle-bin-recover').click();
    await page.getByTestId('recycle-bin-empty').waitFor();
    await screenshot('07-recycle-bin-empty');
    await page.keyboard.press('Escape');
    await page.getByTestId('recycle-bin').waitFor({ state: 'hidden' });
    await card('Screen 03').waitFor();
    expect((await designs()).map((design) => design.name)).toContain('Screen 03');
  });

  it('uploads a new version of a design and switches between its versions', async () => {
    await card('Screen 02').hover();
    await card('Screen 02').getByTestId('design-actions').click();
    await page.getByTestId('design-action-versions').click();
    await page.getByTestId('versions-drawer').waitFor();
    await expect.poll(() => page.getByTestId('version-row').count()).toBe(1);

    await page.getByTestId('version-upload-input').setInputFiles({
      name: 'Screen 02 (revised).png',
      buffer: await mockScreen(42, 'png'),
      mimeType: 'image/png',
    });
    await expect.poll(() => page.getByTestId('version-row').count(), { timeout: 30_000 }).toBe(2);
    const current = () =>
      page.locator('[data-testid="version-row"][data-current="true"]').getAttribute('data-version');
    expect(await current()).toBe('V2');
    await expect
      .poll(
        () =>
          page
            .locator('[data-testid="version-row"][data-version="V2"]')
            .getByTestId('version-dimensions')
            .count(),
        {
          timeout: 30_000,
        },
      )
      .toBe(1);
    await screenshot('08-versions');

    const first = page.locator('[data-testid="version-row"][data-version="V1"]');
    await first.getByTestId('version-make-current').click();
    await expect.poll(current).toBe('V1');
    await screenshot('09-versions-switched');
    await page.keyboard.press('Escape');
    await page.getByTestId('versions-drawer').waitFor({ state: 'hidden' });
  });

  it('opens a design at full size, goes to the next with the arrow keys and zooms', async () => {
    await card('Screen 05').dblclick();
    await page.waitForURL(/detailDetach\?.*image_id=/);
    await expect.poll(() => page.getByTestId('detail-name').textContent()).toBe('Screen 05');
    const image = page.getByTestId('detail-image');
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(375);
    // Fitted: 812 px tall in a canvas of 900 − 54 − 2 × 48.
    expect(await page.getByTestId('detail-zoom').textContent()).toBe('92%');
    // The stage's last toast has gone.
    await page.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
    await screenshot('10-detail');

    const order = (await designs()).map((design) => design.name);
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => page.getByTestId('detail-name').textContent())
      .toBe(order[order.indexOf('Screen 05') + 1]);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.getByTestId('detail-name').textContent()).toBe('Screen 05');

    await page.keyboard.press('+');
    expect(await page.getByTestId('detail-zoom').textContent()).toBe('100%');
    await page.getByTestId('detail-zoom-in').click();
    await page.getByTestId('detail-zoom-in').click();
    expect(await page.getByTestId('detail-zoom').textContent()).toBe('150%');
    expect(await image.getAttribute('width')).toBe(String(Math.round(375 * 1.5)));
    await screenshot('11-detail-zoomed');
    await page.keyboard.press('0');
    expect(await page.getByTestId('detail-zoom').textContent()).toBe('92%');

    // Quick presses each move one design further.
    const back3 = order[order.indexOf('Screen 05') - 3];
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.getByTestId('detail-name').textContent()).toBe(back3);

    // The version switcher shows another version of a design.
    await page.goto(
      `${server.url}/web/#/item/project/detailDetach?project_id=${projectId}&tid=${teamId}&pid=${projectId}&image_id=${(await designs()).find((design) => design.name === 'Screen 02')?.id}`,
    );
    await expect.poll(() => page.getByTestId('detail-name').textContent()).toBe('Screen 02');
    await page.getByTestId('detail-version').click();
    await page.locator('.ant-select-item-option', { hasText: 'V2' }).click();
    await page.waitForURL(/version_id=/);
    await screenshot('12-detail-version');

    await page.getByTestId('detail-back').click();
    await page.waitForURL(/item\/project\/stage/);
  });

  it('says on the card why a design could not be drawn', async () => {
    // A few KB of stacked dilations and blurs: refused by the filter budget before anything is drawn.
    const layers = '<feMorphology operator="dilate" radius="40"/><feGaussianBlur stdDeviation="40"/>'.repeat(
      30,
    );
    const hostile = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="2000"><filter id="f">${layers}</filter>` +
        '<rect width="2000" height="2000" fill="#c33" filter="url(#f)"/></svg>',
    );
    await api.uploadDesigns(owner, { teamId, projectId }, [{ name: 'Too costly.svg', data: hostile }]);
    await expect
      .poll(async () => (await designs()).find((design) => design.name === 'Too costly')?.status, {
        timeout: 30_000,
      })
      .toBe('failed');
    await page.goto(stageUrl());
    await page.reload();
    // The stage is virtualised: narrowed by name, the new design's card is on screen.
    await page.getByTestId('stage-search').fill('Too costly');
    const failed = card('Too costly');
    await failed.waitFor();
    await expect
      .poll(() => failed.getByTestId('design-failed-reason').textContent())
      .toBe('The design has filters too costly to draw');
    await screenshot('13-failed-reason');
  });
});
