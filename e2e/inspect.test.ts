import { readFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './api.js';
import { screenshot as capture, launchBrowser, type RunningServer, startServer } from './harness.js';

/**
 * A developer inspecting a PSD they never spoke to the designer about: hover and click layers, read a distance
 * and a colour, copy CSS, download a slice zip, pin a comment and reply to it.
 *
 * agpsd-shapes.psd (500×500), values read from the file: "矩形 1" a rectangle at 18,25 of 124×75 filled
 * #E03F4B; "圆角矩形 1" a rounded rectangle at 179,20 of 157×86, radius 10, filled #FD9E00. The gap between
 * them is 179 − (18 + 124) = 37 px.
 */
const RECTANGLE = { x: 18, y: 25, width: 124, height: 75 };
const ROUNDED = { x: 179, y: 20, width: 157, height: 86 };
const DESIGN_SIDE = 500;

let server: RunningServer;
let browser: Browser;
let api: ReturnType<typeof apiClient>;
let owner: Session;
let teamId: string;
let projectId: string;
let imageId: string;
let page: Page;

/** The page point over a design point, from where the design is drawn now. */
async function pointOf(x: number, y: number) {
  const box = await page.getByTestId('detail-image').boundingBox();
  if (!box) throw new Error('no design on the canvas');
  const scale = box.width / DESIGN_SIDE;
  return { x: box.x + x * scale, y: box.y + y * scale };
}

async function moveTo(x: number, y: number) {
  const point = await pointOf(x, y);
  await page.mouse.move(point.x, point.y, { steps: 4 });
}

const centreOf = (frame: typeof RECTANGLE) =>
  [frame.x + frame.width / 2, frame.y + frame.height / 2] as const;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  api = apiClient(server.url);
  const stamp = Date.now();
  owner = await api.register('Iris', stamp);
  ({ teamId, projectId } = await api.teamWithProject(owner, 'Inspect', { name: 'Shapes', type: 'web' }));
  const data = readFileSync(path.join(import.meta.dirname, 'test-data', 'agpsd-shapes.psd'));
  [{ id: imageId }] = await api.uploadDesigns(owner, { teamId, projectId }, [{ name: 'Shapes.psd', data }]);
  await api.waitForDesign(owner, { teamId, projectId, imageId });
  page = await api.signedInPage(browser, owner, { width: 1440, height: 900 });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('inspecting a PSD in the browser', () => {
  it('selects a layer by clicking and shows its exact frame and colour', async () => {
    const pageView = page.waitForRequest((request) => request.url().endsWith('/api/log/add'));
    await page.goto(
      `${server.url}/web/#/item/project/detailDetach?project_id=${projectId}&tid=${teamId}&pid=${projectId}&image_id=${imageId}`,
    );
    await page.getByTestId('detail-image').waitFor();
    // The layers arrive after the picture; the design card counts them once they are in.
    await page.getByTestId('inspect-layer-count').waitFor();
    expect(JSON.parse((await pageView).postData() ?? '{}')).toMatchObject({
      msgType: 'measurepage_pageview',
      imageId,
      projectId,
    });
    await moveTo(...centreOf(RECTANGLE));
    await page.mouse.down();
    await page.mouse.up();
    await expect.poll(() => page.getByTestId('inspect-layer-name').textContent()).toContain('矩形 1');
    expect(await page.getByTestId('inspect-x').textContent()).toBe('18px');
    expect(await page.getByTestId('inspect-y').textContent()).toBe('25px');
    expect(await page.getByTestId('inspect-width').textContent()).toBe('124px');
    expect(await page.getByTestId('inspect-height').textContent()).toBe('75px');
    expect(await page.getByTestId('inspect-fill').first().textContent()).toContain('#E03F4B');
  });

  it('hovering another layer measures the gap between them', async () => {
    await moveTo(...centreOf(ROUNDED));
    await expect
      .poll(() => page.getByTestId('inspect-distance').allTextContents())
      .toContain(String(ROUNDED.x - (RECTANGLE.x + RECTANGLE.width)));
    await capture(page, 'inspect-browser-distance');
    // Away from every layer but the picture, the selection measures to the design's edges.
    await moveTo(490, 490);
    await expect
      .poll(() => page.getByTestId('inspect-distance').allTextContents())
      .toEqual(expect.arrayContaining(['18', '25']));
  });

  it('copies the CSS of the selection and logs the copy', async () => {
    await page.getByTestId('inspect-code-language').getByText('CSS', { exact: true }).click();
    const copyLog = page.waitForRequest(
      (request) =>
        request.url().endsWith('/api/log/add') && request.postData()?.includes('code_copy') === true,
    );
    await page.getByTestId('inspect-code-copy').click();
    await copyLog;
    const css = await page.evaluate(() => navigator.clipboard.readText());
    expect(css).toContain('width: 124px');
    expect(css).toContain('height: 75px');
    expect(css.toLowerCase()).toContain('#e03f4b');
  });

  it('downloads the selected layer as a zip of iOS slices', async () => {
    await page.getByRole('tab', { name: 'Slices' }).click();
    await page.getByTestId('slice-platform-ios').click();
    const download = page.waitForEvent('download');
    await page.getByTestId('slice-download').first().click();
    const file = await (await download).path();
    const entries = unzipSync(readFileSync(file));
    const names = Object.keys(entries).sort();
    expect(names).toHaveLength(3);
    const sizes = await Promise.all(names.map(async (name) => sharp(entries[name]).metadata()));
    // @1x, @2x and @3x of a 124×75 layer drawn at @1x.
    expect(sizes.map((meta) => [meta.width, meta.height]).sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0))).toEqual([
      [124, 75],
      [248, 150],
      [372, 225],
    ]);
    expect(names.some((name) => name.endsWith('@2x.png'))).toBe(true);
  });

  it('pins a comment to a point of the design and replies to it', async () => {
    await page.getByTestId('detail-comment-mode').click();
    const [x, y] = centreOf(ROUNDED);
    const point = await pointOf(x, y);
    await page.mouse.click(point.x, point.y);
    await page.locator('[data-testid="comment-new"] textarea').fill('Is this orange the brand colour?');
    await page.getByTestId('comment-new-submit').click();
    await page.getByTestId('comment-thread').waitFor();
    await page.locator('[data-testid="comment-reply"] textarea').fill('Yes, #FD9E00 everywhere.');
    await page.getByTestId('comment-reply-submit').click();
    await expect
      .poll(() => page.getByTestId('comment-text').allTextContents())
      .toContain('Yes, #FD9E00 everywhere.');
    await capture(page, 'inspect-browser-comment');
    const { threads } = await api.call<{
      threads: { content: string; position: { x: number; y: number }; replies: { content: string }[] }[];
    }>(owner, 'GET', `project/comments?project_id=${projectId}&image_id=${imageId}`);
    expect(threads).toHaveLength(1);
    expect(threads[0].content).toBe('Is this orange the brand colour?');
    // The pin is stored in design pixels (within the pixel the click fell in), wherever the design was zoomed.
    expect(Math.abs(threads[0].position.x - x)).toBeLessThanOrEqual(1);
    expect(Math.abs(threads[0].position.y - y)).toBeLessThanOrEqual(1);
    expect(threads[0].replies.map((reply) => reply.content)).toEqual(['Yes, #FD9E00 everywhere.']);
  });
});
