import { readFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './api.js';
import {
  screenshot as capture,
  launchBrowser,
  type RunningServer,
  screenshotDir,
  startServer,
} from './harness.js';

/**
 * A developer picks a slice format in the slices panel: WebP and SVG of an SVG design's element, then a PSD
 * where SVG is not possible; the choice is remembered for the project.
 */
let server: RunningServer;
let browser: Browser;
let api: ReturnType<typeof apiClient>;
let owner: Session;
let teamId: string;
let projectId: string;
let svgId: string;
let psdId: string;
let page: Page;

const testData = (name: string) => readFileSync(path.join(import.meta.dirname, 'test-data', name));

async function openDesign(imageId: string) {
  await page.goto(
    `${server.url}/web/#/item/project/detailDetach?project_id=${projectId}&tid=${teamId}&pid=${projectId}&image_id=${imageId}`,
  );
  await page.getByTestId('detail-image').waitFor();
  await page.getByRole('tab', { name: 'Slices' }).click();
  // The format choice shows once the design's layers are in.
  await page.getByTestId('slice-format').waitFor();
}

/** Selects the layer at a point of the design (0–1 of its sides) and downloads it alone; answers the zip's files. */
async function downloadSelected(at = { x: 0.5, y: 0.5 }) {
  const box = await page.getByTestId('detail-image').boundingBox();
  if (!box) throw new Error('no design on the canvas');
  await page.mouse.click(box.x + box.width * at.x, box.y + box.height * at.y);
  const row = page.getByTestId('slice-selected');
  await row.waitFor();
  const download = page.waitForEvent('download');
  await row.getByTestId('slice-download').click();
  const file = await (await download).path();
  return Object.entries(unzipSync(readFileSync(file))).map(([name, bytes]) => ({
    name,
    data: Buffer.from(bytes),
  }));
}

const selectedFormat = () =>
  page.getByTestId('slice-format').locator('.ant-segmented-item-selected').textContent();

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  api = apiClient(server.url);
  owner = await api.register('Nora', Date.now());
  ({ teamId, projectId } = await api.teamWithProject(owner, 'Slices', { name: 'Formats', type: 'web' }));
  [{ id: svgId }] = await api.uploadDesigns(owner, { teamId, projectId }, [
    { name: 'Buttons.svg', data: testData('wikimediaui-button_groups_states.svg') },
  ]);
  [{ id: psdId }] = await api.uploadDesigns(owner, { teamId, projectId }, [
    { name: 'Shapes.psd', data: testData('agpsd-shapes.psd') },
  ]);
  await api.waitForDesign(owner, { teamId, projectId, imageId: svgId });
  await api.waitForDesign(owner, { teamId, projectId, imageId: psdId });
  page = await api.signedInPage(browser, owner, { width: 1440, height: 900 });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('choosing a slice format', () => {
  it('downloads WebP slices of an SVG element at every preset', async () => {
    await openDesign(svgId);
    expect(await selectedFormat()).toBe('PNG');
    await page.getByTestId('slice-platform-web').click();
    await page.getByTestId('slice-format-webp').click();
    const files = await downloadSelected();
    expect(files.map((file) => file.name).every((name) => /^web\/.+\.webp$/.test(name))).toBe(true);
    expect(files).toHaveLength(2);
    for (const { data } of files) {
      expect(data.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect((await sharp(data).metadata()).format).toBe('webp');
    }
  });

  it('downloads the element as one standalone SVG', async () => {
    await page.getByTestId('slice-format-svg').click();
    await expect.poll(() => page.getByTestId('slice-size').count()).toBe(1);
    // The sliding highlight has reached SVG.
    await page.getByTestId('slice-format').locator('.ant-segmented-thumb').waitFor({ state: 'detached' });
    await page
      .getByTestId('slices-panel')
      .screenshot({ path: path.join(screenshotDir, 'slices-panel-svg.png') });
    const files = await downloadSelected();
    expect(files.map((file) => file.name)).toEqual([expect.stringMatching(/^web\/.+\.svg$/)]);
    const text = files[0].data.toString('utf8');
    expect(text).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(text).not.toMatch(/<script/i);
    expect((await sharp(files[0].data).metadata()).format).toBe('svg');
  });

  it('shows SVG disabled with the reason on a PSD without a shape layer chosen, and remembers the project’s format', async () => {
    await openDesign(psdId);
    // SVG was the last choice; a PSD cannot have it.
    await expect.poll(selectedFormat).toBe('PNG');
    const svg = page.getByTestId('slice-format-svg');
    expect(await svg.locator('xpath=ancestor::label[1]').getAttribute('class')).toContain(
      'ant-segmented-item-disabled',
    );
    await svg.hover();
    await page.getByText('SVG needs a vector layer', { exact: false }).waitFor();
    await page
      .getByTestId('slices-panel')
      .screenshot({ path: path.join(screenshotDir, 'slices-panel-psd.png') });
    await capture(page, 'slices-psd');
    await page.getByTestId('slice-format-webp').click();
    await page.reload();
    await openDesign(psdId);
    expect(await selectedFormat()).toBe('WebP');
  });

  it('offers SVG for a PSD shape layer and downloads its paths', async () => {
    // The pin of agpsd-shapes.psd (a 500 px square): a shape layer with a subtracted ring.
    const files = await (async () => {
      const box = await page.getByTestId('detail-image').boundingBox();
      if (!box) throw new Error('no design on the canvas');
      await page.mouse.click(box.x + box.width * (191 / 500), box.y + box.height * (345 / 500));
      await page.getByTestId('slice-selected').waitFor();
      await page.getByTestId('slice-format-svg').click();
      await expect.poll(selectedFormat).toBe('SVG');
      await page.getByTestId('slice-format').locator('.ant-segmented-thumb').waitFor({ state: 'detached' });
      await page
        .getByTestId('slices-panel')
        .screenshot({ path: path.join(screenshotDir, 'slices-panel-psd-shape.png') });
      return downloadSelected({ x: 191 / 500, y: 345 / 500 });
    })();
    expect(files.map((file) => file.name)).toEqual([expect.stringMatching(/^\w+\/pin\.svg$/)]);
    const text = files[0].data.toString('utf8');
    expect(text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(text).toContain('<path d="M');
    expect((await sharp(files[0].data).metadata()).format).toBe('svg');
  });
});
