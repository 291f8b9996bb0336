import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './api.js';
import { screenshot as capture, launchBrowser, type RunningServer, startServer } from './harness.js';

/**
 * The inspect view as a new user meets it: a very tall page, an SVG whose values carry sub-pixel noise, the
 * colour picker of a plain picture, the comment composer near the sidebar, @mentions of the whole team, and a
 * notice arriving while a thread is open.
 */
const TALL = { width: 1579, height: 7845 };
const SVG = { width: 600, height: 400 };
/** An SVG export as design tools write them: a card of 306.62 × 120.38 and a price in 21.41 px. */
const CARD = { x: 20.4, y: 30.3, width: 306.62, height: 120.38 };
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SVG.width}" height="${SVG.height}" viewBox="0 0 ${SVG.width} ${SVG.height}">
  <rect width="${SVG.width}" height="${SVG.height}" fill="#f5f6f8"/>
  <rect id="Card" x="${CARD.x}" y="${CARD.y}" width="${CARD.width}" height="${CARD.height}" fill="#3370ff"/>
  <text id="Price" x="40" y="260" font-family="Arial" font-size="21.41" fill="#1e2025">Price 42</text>
</svg>`;

let server: RunningServer;
let browser: Browser;
let api: ReturnType<typeof apiClient>;
let owner: Session;
let mira: Session;
let teamId: string;
let projectId: string;
let tallId: string;
let svgId: string;
let page: Page;

const detailUrl = (imageId: string) =>
  `${server.url}/web/#/item/project/detailDetach?project_id=${projectId}&tid=${teamId}&pid=${projectId}&image_id=${imageId}`;

async function boxOf(testId: string) {
  const box = await page.getByTestId(testId).first().boundingBox();
  if (!box) throw new Error(`${testId} is not on screen`);
  return box;
}

/** The design point under a page point, from where the design is drawn now. */
async function designPointAt(at: { x: number; y: number }, designWidth: number) {
  const image = await boxOf('detail-image');
  const scale = image.width / designWidth;
  return { x: (at.x - image.x) / scale, y: (at.y - image.y) / scale };
}

const scaleNow = async () => Number(await page.getByTestId('detail-image').getAttribute('data-scale'));

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  api = apiClient(server.url);
  const stamp = Date.now();
  owner = await api.register('Iris', stamp);
  ({ teamId, projectId } = await api.teamWithProject(owner, 'InspectView', { name: 'Pages', type: 'web' }));
  // Mira is of the team but was never added to this (mode A) project.
  mira = await api.joinedMember(owner, teamId, 'member', 'Mira', stamp);
  const tall = await sharp({
    create: { ...TALL, channels: 3, background: { r: 58, g: 123, b: 213 } },
  })
    .png()
    .toBuffer();
  [{ id: tallId }, { id: svgId }] = await api.uploadDesigns(owner, { teamId, projectId }, [
    { name: 'Long page.png', data: tall },
    { name: 'Card.svg', data: Buffer.from(svg) },
  ]);
  await api.waitForDesign(owner, { teamId, projectId, imageId: tallId }, false);
  await api.waitForDesign(owner, { teamId, projectId, imageId: svgId });
  page = await api.signedInPage(browser, owner, { width: 1440, height: 900 });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const socket = page.waitForEvent('websocket', (ws) => ws.url().endsWith('/ws'));
  await page.goto(detailUrl(tallId));
  // The notice of the last test comes over this socket, long ready by then.
  await socket;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the inspect view', () => {
  it('opens a tall design fitted to its width from the top, and zooms at the pointer', async () => {
    await page.getByTestId('detail-image').waitFor();
    const canvas = await boxOf('detail-canvas');
    await expect.poll(async () => (await boxOf('detail-image')).width).toBeGreaterThan(canvas.width - 100);
    const image = await boxOf('detail-image');
    expect(Math.abs(image.width - (canvas.width - 96))).toBeLessThanOrEqual(2);
    expect(Math.abs(image.y - (canvas.y + 48))).toBeLessThanOrEqual(1);
    await capture(page, 'inspect-view-01-tall');

    const pointer = { x: canvas.x + 300, y: canvas.y + 500 };
    await page.mouse.move(pointer.x, pointer.y, { steps: 3 });
    const before = await designPointAt(pointer, TALL.width);
    const opened = await scaleNow();
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -120);
    await page.keyboard.up('Control');
    await expect.poll(scaleNow).toBeGreaterThan(opened);
    const wheeled = await designPointAt(pointer, TALL.width);
    expect(Math.abs(wheeled.x - before.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(wheeled.y - before.y)).toBeLessThanOrEqual(1);

    // A key zooms at the pointer too while it is over the canvas.
    const zoomed = await scaleNow();
    await page.keyboard.press('-');
    await expect.poll(scaleNow).toBeLessThan(zoomed);
    const keyed = await designPointAt(pointer, TALL.width);
    expect(Math.abs(keyed.x - before.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(keyed.y - before.y)).toBeLessThanOrEqual(1);
  });

  it('drops the colour picker’s chip when the next design has layers', async () => {
    const picture = await boxOf('detail-image');
    const loupe = page.getByTestId('inspect-loupe');
    // The picker reads the picture on the first move; the next moves show its colour.
    await expect
      .poll(async () => {
        const x = picture.x + picture.width / 2 + Math.random() * 10;
        await page.mouse.move(x, picture.y + Math.min(picture.height / 2, 300), { steps: 2 });
        return loupe.count();
      })
      .toBe(1);
    expect(await loupe.textContent()).toContain('#3A7BD5');
    // To the layered SVG with the keyboard, the pointer not moving.
    await page.keyboard.press('ArrowRight');
    if (!page.url().includes(svgId)) await page.keyboard.press('ArrowLeft');
    await page.waitForURL((url) => url.hash.includes(svgId));
    await page.getByTestId('inspect-layer-count').waitFor();
    await capture(page, 'inspect-view-02-layered-after-picker');
    expect(await loupe.count()).toBe(0);
  });

  it('shows and codes an SVG’s values rounded, with the exact value on hover', async () => {
    const image = await boxOf('detail-image');
    const scale = image.width / SVG.width;
    const at = (x: number, y: number) => ({ x: image.x + x * scale, y: image.y + y * scale });
    const card = at(CARD.x + CARD.width / 2, CARD.y + CARD.height / 2);
    await page.mouse.click(card.x, card.y);
    await expect.poll(() => page.getByTestId('inspect-width').textContent()).toBe('307px');
    expect(await page.getByTestId('inspect-height').textContent()).toBe('120px');
    expect(await page.getByTestId('inspect-x').textContent()).toBe('20px');
    await page.getByTestId('inspect-width').hover();
    await expect
      .poll(() => page.getByTestId('inspect-exact-value').textContent())
      .toContain('Exact: 306.62px');
    await capture(page, 'inspect-view-03-rounded');
    await page.getByTestId('inspect-code-language').getByText('CSS', { exact: true }).click();
    await page.getByTestId('inspect-code-copy').click();
    const css = await page.evaluate(() => navigator.clipboard.readText());
    expect(css).toContain('width: 307px;');
    expect(css).toContain('height: 120px;');

    const price = at(60, 253);
    await page.mouse.click(price.x, price.y);
    await expect.poll(() => page.getByTestId('inspect-layer-name').textContent()).toContain('Price');
    expect(await page.getByTestId('inspect-font-size').textContent()).toBe('21.5px');
  });

  it('keeps the composer whole beside the sidebar and offers everyone of the team to mention', async () => {
    const canvas = await boxOf('detail-canvas');
    // Zoomed in at the canvas's right side, the design runs under the sidebar.
    await page.mouse.move(canvas.x + canvas.width - 40, canvas.y + canvas.height / 2, { steps: 3 });
    await expect
      .poll(async () => {
        await page.keyboard.press('+');
        return scaleNow();
      })
      .toBeGreaterThanOrEqual(3);
    await page.getByTestId('detail-comment-mode').click();
    await page.mouse.click(canvas.x + canvas.width - 30, canvas.y + canvas.height - 40);
    const draft = await boxOf('comment-draft');
    expect(draft.x).toBeGreaterThanOrEqual(canvas.x);
    expect(draft.x + draft.width).toBeLessThanOrEqual(canvas.x + canvas.width);
    expect(draft.y).toBeGreaterThanOrEqual(canvas.y);
    expect(draft.y + draft.height).toBeLessThanOrEqual(canvas.y + canvas.height);

    const input = page.locator('[data-testid="comment-new"] textarea');
    await input.pressSequentially('@Mi');
    const option = page.getByTestId('mention-option').filter({ hasText: 'Mira' });
    await option.waitFor();
    await capture(page, 'inspect-view-04-composer');
    await option.click();
    await input.pressSequentially(' is this the card width?');
    await page.getByTestId('comment-new-submit').click();
    await page.getByTestId('comment-thread').waitFor();
    const { threads } = await api.call<{ threads: { mentions: { user_id: string }[] }[] }>(
      owner,
      'GET',
      `project/comments?project_id=${projectId}&image_id=${svgId}`,
    );
    expect(threads[0].mentions.map((person) => person.user_id)).toEqual([mira.userId]);
  });

  it('shows a notice that arrives while a thread is open beside its Resolve button, not over it', async () => {
    const { id: threadId } = await api.call<{ id: string }>(owner, 'POST', 'project/comment', {
      team_id: teamId,
      project_id: projectId,
      image_id: svgId,
      content: 'Which blue is the card?',
      position: { x: 500, y: 300 },
      mentions: [],
    });
    await page.goto(`${detailUrl(svgId)}&comment_id=${threadId}`);
    await expect.poll(() => page.getByTestId('comment-thread').getAttribute('data-thread-id')).toBe(threadId);
    await api.call(mira, 'POST', 'project/comment', {
      team_id: teamId,
      project_id: projectId,
      image_id: svgId,
      parent_id: threadId,
      content: '@Iris yes, 307 wide',
      mentions: [owner.userId],
    });
    const toast = page.getByTestId('notice-toast');
    await toast.waitFor();
    await capture(page, 'inspect-view-05-toast');
    const toastBox = await boxOf('notice-toast');
    const resolve = await boxOf('comment-resolve');
    const apart =
      toastBox.x + toastBox.width <= resolve.x ||
      resolve.x + resolve.width <= toastBox.x ||
      toastBox.y + toastBox.height <= resolve.y ||
      resolve.y + resolve.height <= toastBox.y;
    expect(apart).toBe(true);
    await page.getByTestId('comment-resolve').click();
    await page.getByTestId('comment-reopen').waitFor();
    expect(await toast.isVisible()).toBe(true);
  });
});
