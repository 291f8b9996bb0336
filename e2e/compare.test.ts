import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './api.js';
import { screenshot as capture, launchBrowser, type RunningServer, startServer } from './harness.js';

/**
 * Comparing two versions of an SVG design in the browser: the changes listed and boxed on the picture, a change's
 * values before → after, the slider over the two pictures dragged and moved by the keys, and all of it in Chinese.
 */
const svg = ({
  title,
  card,
  alert,
  badge,
}: {
  title: string;
  card: string;
  alert: boolean;
  badge: boolean;
}) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400">
  <rect id="Background" width="600" height="400" fill="#f5f6f8"/>
  <rect id="Card" x="40" y="40" width="240" height="200" rx="12" fill="${card}"/>
  <rect id="Chip" x="320" y="40" width="200" height="60" rx="8" fill="#3366cc"/>
  ${alert ? '<rect id="Alert" x="320" y="140" width="200" height="60" fill="#e5484d"/>' : ''}
  ${badge ? '<rect id="Badge" x="320" y="260" width="120" height="40" rx="20" fill="#00b42a"/>' : ''}
  <text id="Title" x="40" y="320" font-family="Arial" font-size="28" font-weight="700" fill="#1e2025">${title}</text>
</svg>`;

/** The second version: the title's words and the card's colour changed, the alert gone, a badge new. */
const FIRST = svg({ title: 'Hello', card: '#3366cc', alert: true, badge: false });
const SECOND = svg({ title: 'Hello there', card: '#ff7d00', alert: false, badge: true });

let server: RunningServer;
let browser: Browser;
let api: ReturnType<typeof apiClient>;
let owner: Session;
let teamId: string;
let projectId: string;
let imageId: string;
let page: Page;

const compareUrl = () =>
  `${server.url}/web/#/item/project/detailDetach?project_id=${projectId}&tid=${teamId}&pid=${projectId}&image_id=${imageId}&compare=1`;

/** The listed changes as "kind name". */
const listed = (on: Page) =>
  on
    .getByTestId('compare-change')
    .evaluateAll((rows) =>
      rows.map((row) => `${row.getAttribute('data-kind')} ${row.getAttribute('data-name')}`),
    );

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  api = apiClient(server.url);
  owner = await api.register('Iris', Date.now());
  ({ teamId, projectId } = await api.teamWithProject(owner, 'Compare', { name: 'Screens', type: 'web' }));
  [{ id: imageId }] = await api.uploadDesigns(owner, { teamId, projectId }, [
    { name: 'Home.svg', data: Buffer.from(FIRST) },
  ]);
  await api.waitForDesign(owner, { teamId, projectId, imageId });
  await api.uploadVersion(
    owner,
    { teamId, projectId, imageId },
    { name: 'Home.svg', data: Buffer.from(SECOND) },
  );
  await api.waitForDesign(owner, { teamId, projectId, imageId });
  page = await api.signedInPage(browser, owner, { width: 1440, height: 900 });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('comparing two versions in the browser', () => {
  it('lists and boxes the changes, and shows a change before → after', async () => {
    await page.goto(compareUrl());
    await page.getByTestId('compare-change').first().waitFor();
    expect((await listed(page)).sort()).toEqual([
      'added Badge',
      'changed Card',
      'changed Title',
      'removed Alert',
    ]);
    await expect
      .poll(() => page.getByTestId('compare-summary').innerText())
      .toMatch(/1 text, 1 colour changed/);
    // Green, red and amber boxes over the newer picture, the removed one at its old place.
    expect(await page.getByTestId('compare-box-added').count()).toBe(1);
    expect(await page.getByTestId('compare-box-removed').count()).toBe(1);
    expect(await page.getByTestId('compare-box-changed').count()).toBe(2);
    const removed = await page.getByTestId('compare-box-removed').boundingBox();
    const picture = await page.getByTestId('compare-to-image').boundingBox();
    if (!removed || !picture) throw new Error('the boxes are not on screen');
    const scale = picture.width / 600;
    expect(Math.abs(removed.x - (picture.x + 320 * scale))).toBeLessThan(3);
    expect(Math.abs(removed.width - 200 * scale)).toBeLessThan(4);
    await capture(page, 'compare-overlays');

    // A click on the card's box on the picture selects it in the panel.
    await page.mouse.click(picture.x + 100 * scale, picture.y + 100 * scale);
    const detail = page.getByTestId('compare-detail');
    await detail.waitFor();
    expect(await detail.getByTestId('compare-diff-fills-before').innerText()).toContain('#3366CC');
    expect(await detail.getByTestId('compare-diff-fills-after').innerText()).toContain('#FF7D00');
    await page.locator('[data-testid="compare-change"][data-name="Title"]').click();
    expect(await page.getByTestId('compare-diff-textContent-after').innerText()).toBe('Hello there');
    await capture(page, 'compare-change-detail');

    // Zoomed in, a change picked in the list is brought into view.
    for (let step = 0; step < 8; step++) await page.getByTestId('detail-zoom-in').click();
    await page.locator('[data-testid="compare-change"][data-name="Badge"]').click();
    const canvas = await page.getByTestId('compare-canvas').boundingBox();
    const badge = await page.getByTestId('compare-box-added').boundingBox();
    if (!canvas || !badge) throw new Error('the canvas is not on screen');
    expect(badge.x).toBeGreaterThanOrEqual(canvas.x);
    expect(badge.y).toBeGreaterThanOrEqual(canvas.y);
    expect(badge.x + badge.width).toBeLessThanOrEqual(canvas.x + canvas.width);
    expect(badge.y + badge.height).toBeLessThanOrEqual(canvas.y + canvas.height);
    await capture(page, 'compare-zoomed-selection');
    await page.getByTestId('detail-fit').click();
  });

  it('drags the slider between the two pictures, and moves it by the arrow keys', async () => {
    await page.getByTestId('compare-mode-slider').click();
    const divider = page.getByTestId('compare-divider');
    await divider.waitFor();
    expect(await page.getByTestId('compare-label-from').innerText()).toBe('v1');
    expect(await page.getByTestId('compare-label-to').innerText()).toBe('v2');
    const box = await divider.boundingBox();
    const picture = await page.getByTestId('compare-to-image').boundingBox();
    if (!box || !picture) throw new Error('the slider is not on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(picture.x + picture.width * 0.25, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    expect(Number(await divider.getAttribute('aria-valuenow'))).toBe(25);
    await capture(page, 'compare-slider');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    expect(Number(await divider.getAttribute('aria-valuenow'))).toBe(36);
    // The older picture ends at the divider.
    const clip = await page
      .getByTestId('compare-from-image')
      .evaluate((image) => getComputedStyle(image).clipPath);
    expect(clip).toMatch(/inset\(0(px)? 64(\.\d+)?% 0(px)? 0(px)?\)/);
    expect(page.url()).toContain(`image_id=${imageId}`);
  });

  it('badges the stage card of a design changed since it was inspected; the badge opens compare mode', async () => {
    const { versions } = await api.call<{ versions: { id: string }[] }>(
      owner,
      'GET',
      `project/image?image_id=${imageId}&project_id=${projectId}&team_id=${teamId}`,
    );
    // Back to having looked at the first version only.
    await api.call(owner, 'POST', 'project/image/inspected', {
      team_id: teamId,
      image_id: imageId,
      version_id: versions[1].id,
    });
    // A fresh load: the change was made behind the open page's back.
    await page.goto(`${server.url}/web/#/item/project/stage?tid=${teamId}&pid=${projectId}`);
    await page.reload();
    const badge = page.getByTestId('design-updated');
    await badge.waitFor();
    expect(await badge.innerText()).toBe('Updated');
    await badge.hover();
    await page.getByRole('tooltip').waitFor();
    expect(await page.getByRole('tooltip').innerText()).toBe('Changed since you last inspected it');
    await capture(page, 'compare-stage-badge');
    await badge.click();
    await page.getByTestId('compare-change').first().waitFor();
    expect(page.url()).toContain('compare=1');
    // Looking at the new version inspected it: the badge is gone from the stage.
    await page.getByTestId('detail-back').click();
    await page.getByTestId('design-card').waitFor();
    await expect.poll(() => page.getByTestId('design-updated').count()).toBe(0);
  });

  it('speaks Chinese', async () => {
    const chinese = await api.signedInPage(browser, owner, { width: 1440, height: 900 });
    await chinese.addInitScript(() => window.localStorage.setItem('lang', 'zh-CN'));
    await chinese.goto(compareUrl());
    await chinese.getByTestId('compare-change').first().waitFor();
    await expect.poll(() => chinese.getByTestId('compare-summary').innerText()).toMatch(/文字/);
    expect(await chinese.getByTestId('compare-group-added').innerText()).toContain('新增');
    expect(await chinese.getByTestId('detail-compare').innerText()).toContain('对比');
    await chinese.locator('[data-testid="compare-change"][data-name="Card"]').click();
    await chinese.getByTestId('compare-detail').waitFor();
    await capture(chinese, 'compare-zh');
    await chinese.getByTestId('compare-mode-slider').click();
    await chinese.getByTestId('compare-divider').waitFor();
    await capture(chinese, 'compare-slider-zh');
    await chinese.context().close();
  });
});
