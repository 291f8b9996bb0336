import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './api.js';
import { screenshot as capture, launchBrowser, type RunningServer, startServer } from './harness.js';

/**
 * Global search as a developer uses it: ⌘K / Ctrl-K on the project list finds a design by the words of one of
 * its text layers (the language picker's 中文), Enter opens it with that layer selected; Ctrl-K again over the
 * detail view (no header there) finds русский; "See all results" opens the results page, filtered to designs.
 */
const PICKER = 'wikimediaui-language_selectors_states_expanded_layout_02.svg';
const DESIGN = 'Language picker';

let server: RunningServer;
let browser: Browser;
let api: ReturnType<typeof apiClient>;
let owner: Session;
let teamId: string;
let projectId: string;
let imageId: string;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  api = apiClient(server.url);
  owner = await api.register('Sana', Date.now());
  ({ teamId, projectId } = await api.teamWithProject(owner, 'Polyglot', {
    name: 'WikiMobile',
    type: 'mobile',
  }));
  const data = readFileSync(path.join(import.meta.dirname, 'test-data', PICKER));
  [{ id: imageId }] = await api.uploadDesigns(owner, { teamId, projectId }, [
    { name: `${DESIGN}.svg`, data },
  ]);
  // The text layers are searchable once the layers job has read them.
  await api.waitForDesign(owner, { teamId, projectId, imageId });
  page = await api.signedInPage(browser, owner, { width: 1440, height: 900 });
  page.setDefaultTimeout(20_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const palette = () => page.getByTestId('search-palette');
const paletteInput = () => page.getByTestId('search-palette-input');
const designHit = () => palette().locator('[data-testid="search-hit"][data-kind="image"]');

/** Ctrl-K, the keyword typed as a user types it, and the design's hit once the answer is in. */
async function searchFor(keyword: string) {
  await page.keyboard.press('Control+k');
  await paletteInput().waitFor();
  // Each opening starts blank, whatever was searched before.
  expect(await paletteInput().inputValue()).toBe('');
  await expect.poll(() => paletteInput().evaluate((input) => input === document.activeElement)).toBe(true);
  await paletteInput().pressSequentially(keyword);
  const hit = designHit().filter({ hasText: keyword });
  await hit.waitFor();
  return hit;
}

describe('global search in the browser', () => {
  it('finds a design by a text layer from the project list; Enter opens it with that layer selected', async () => {
    await page.goto(`${server.url}/web/#/item?tid=${teamId}&fid=all`);
    await page.getByTestId('header-search').waitFor();
    expect(await palette().count()).toBe(0);

    const hit = await searchFor('中文');
    expect(await hit.getByTestId('search-hit-title').textContent()).toBe(DESIGN);
    // The snippet is the layer's text, the keyword highlighted in it.
    expect(await hit.getByTestId('search-hit-snippet').locator('mark').allTextContents()).toEqual(['中文']);
    expect(await hit.textContent()).toContain('WikiMobile');
    expect(await hit.getAttribute('aria-selected')).toBe('true');
    await capture(page, 'search-01-palette-zh');

    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/item\/project\/detailDetach\?/);
    const opened = new URL(page.url().replace('#/', ''));
    expect(opened.searchParams.get('image_id')).toBe(imageId);
    expect(opened.searchParams.get('layer_id')).toBeTruthy();
    await expect.poll(() => palette().count()).toBe(0);
    // The inspect panel shows the selected text layer: its words, not the design's summary.
    await expect.poll(() => page.getByTestId('inspect-text-content').first().textContent()).toBe('中文');
    await page.getByTestId('inspect-selected').waitFor();
    await capture(page, 'search-02-detail-layer-zh');
  });

  it('opens over the detail view with Ctrl-K, where the canvas has no header', async () => {
    expect(await page.getByTestId('header-search').count()).toBe(0);
    // The canvas has the focus, as after working on it.
    await page.getByTestId('detail-canvas').click({ position: { x: 10, y: 10 } });
    const hit = await searchFor('русский');
    expect(await hit.getByTestId('search-hit-snippet').locator('mark').allTextContents()).toEqual([
      'русский',
    ]);
    // The palette is on top: its hit is what the pointer would click at its centre.
    const box = await hit.boundingBox();
    if (!box) throw new Error('the hit is not on screen');
    const topmost = await page.evaluate(
      ({ x, y }) => !!document.elementFromPoint(x, y)?.closest('[data-testid="search-hit"]'),
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    expect(topmost).toBe(true);
    await capture(page, 'search-03-palette-over-detail-ru');

    // Esc closes the palette, not the detail view.
    const address = page.url();
    await page.keyboard.press('Escape');
    await expect.poll(() => palette().count()).toBe(0);
    expect(page.url()).toBe(address);
  });

  it('"See all results" opens the results page, filtered to designs in its address', async () => {
    await searchFor('русский');
    await page.getByTestId('search-see-all').click();
    await page.waitForURL(/#\/item\/search\?/);
    await page.getByTestId('search-page').waitFor();
    const results = page.getByTestId('search-results').getByTestId('search-hit');
    await results.first().waitFor();

    await page.getByTestId('search-type-image').click();
    await page.waitForURL(/type=image/);
    const query = new URL(page.url().replace('#/', '')).searchParams;
    expect([query.get('tid'), query.get('keyword'), query.get('type')]).toEqual([teamId, 'русский', 'image']);
    await expect
      .poll(() => results.evaluateAll((rows) => rows.map((row) => row.dataset.kind)))
      .toEqual(['image']);
    expect(await results.getByTestId('search-hit-title').textContent()).toBe(DESIGN);
    expect(await results.getByTestId('search-hit-snippet').locator('mark').textContent()).toBe('русский');
    // The tab's underline has slid under Designs before the picture.
    const left = async (selector: string) => (await page.locator(selector).first().boundingBox())?.x ?? -1;
    await expect
      .poll(async () => Math.abs((await left('.ant-tabs-ink-bar')) - (await left('.ant-tabs-tab-active'))))
      .toBeLessThan(2);
    await capture(page, 'search-04-results-designs');

    // A hit on the page opens the design at that layer, as the palette does.
    await results.click();
    await page.waitForURL(/detailDetach/);
    await expect.poll(() => page.getByTestId('inspect-text-content').first().textContent()).toBe('русский');
  });
});
