import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './api.js';
import { screenshot as capture, launchBrowser, type RunningServer, startServer } from './harness.js';

let server: RunningServer;
let browser: Browser;
let api: ReturnType<typeof apiClient>;

const stamp = Date.now();
const DESIGN_FILES = [
  'wikimediaui-illustrations-colored-background.svg',
  'wikimediaui-language_selectors_states_expanded_layout_02.svg',
  'wikimediaui-language_selectors_states_expanded_layout_01.svg',
  'wikimediaui-principles-content-chrome.svg',
  'wikimediaui-button_groups_states.svg',
];
/** Design names as a designer would give them, one per fixture file above. */
const DESIGN_NAMES = [
  'Welcome.svg',
  'Language picker.svg',
  'Language picker desktop.svg',
  'Article.svg',
  'Buttons.svg',
];

interface Design {
  id: string;
  name: string;
  status: string;
}
interface Arrangement {
  sectors: { id: string; name: string; image_ids: string[]; children: unknown[] }[];
}

let owner: Session;
let viewer: Session;
let teamId: string;
let checkout: string;
let archive: string;

async function screenshot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await capture(page, `stage-${name}`);
}

const card = (page: Page, name: string) =>
  page.locator(`[data-testid="design-card"][data-design-name="${name}"]`);
const header = (page: Page, name: string) =>
  page.locator(`[data-testid="section-header"][data-section-name="${name}"]`);
const cardNames = (page: Page) =>
  page
    .getByTestId('design-card')
    .evaluateAll((cards) => cards.map((el) => el.getAttribute('data-design-name')));
/** An item of the menu now open (closed antd menus stay in the page, hidden). */
const menuItem = (page: Page, testId: string) =>
  page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByTestId(testId);
const cardIds = (page: Page) =>
  page
    .getByTestId('design-card')
    .evaluateAll((cards) => cards.map((el) => el.getAttribute('data-design-id')));
const stageUrl = (projectId: string) =>
  `${server.url}/web/#/item/project/stage?tid=${teamId}&pid=${projectId}`;

async function images(projectId: string): Promise<Design[]> {
  const answer = await api.call<{ images: Design[] }>(
    owner,
    'GET',
    `project/images?project_id=${projectId}&team_id=${teamId}`,
  );
  return answer.images;
}

async function waitUntilReady(projectId: string) {
  const deadline = Date.now() + 60_000;
  while ((await images(projectId)).some((design) => design.status === 'processing')) {
    if (Date.now() > deadline) throw new Error('variants were not made within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

const arrangement = (projectId: string) =>
  api.call<Arrangement>(owner, 'GET', `project/project_sectors?project_id=${projectId}&team_id=${teamId}`);

/** Copies the project's designs into itself until it holds `total` (copies share the files: no new variants). */
async function growTo(projectId: string, total: number) {
  let current = (await images(projectId)).map((design) => design.id);
  let next = current.length + 1;
  while (current.length < total) {
    const batch = current.slice(0, Math.min(current.length, total - current.length, 500));
    await api.call(owner, 'POST', 'project/copyimage', {
      team_id: teamId,
      project_id: projectId,
      images: batch.map((id) => ({ [id]: { name: `Screen ${String(next++).padStart(4, '0')}` } })),
    });
    current = (await images(projectId)).map((design) => design.id);
  }
}

beforeAll(async () => {
  // The corporate edition has no per-project design limit: the big project holds 1,000 designs.
  server = await startServer({ FERRY_EDITION: 'corporate' });
  browser = await launchBrowser();
  api = apiClient(server.url);

  owner = await api.register('Olga', stamp);
  teamId = (await api.call<{ id: string }>(owner, 'POST', 'account/team', { name: 'Harbor' })).id;
  const create = (name: string) =>
    api
      .call<{ project_id: string }>(owner, 'POST', 'project/project_info', {
        team_id: teamId,
        name,
        type: 'mobile',
      })
      .then((project) => project.project_id);
  checkout = await create('Checkout');
  archive = await create('Archive');

  // A team viewer, joined by link.
  viewer = await api.joinedMember(owner, teamId, 'onlooker', 'Vic', stamp);

  const files = DESIGN_FILES.map((file, n) => ({
    name: DESIGN_NAMES[n],
    data: readFileSync(path.join(import.meta.dirname, 'test-data', file)),
  }));
  await api.uploadDesigns(owner, { teamId, projectId: checkout }, files);
  await api.uploadDesigns(owner, { teamId, projectId: archive }, files);
  await waitUntilReady(checkout);
  await waitUntilReady(archive);
  await growTo(archive, 1000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the project stage', () => {
  it('arranges designs in sections, moves one by dragging, renames, copies and deletes', async () => {
    const page = await api.signedInPage(browser, owner);
    await page.goto(stageUrl(checkout));
    await expect.poll(() => cardNames(page).then((names) => names.length)).toBe(5);
    await expect.poll(() => page.title()).toBe('Checkout - Ferry');
    // Thumbnails are the p25 variants, loaded.
    await expect
      .poll(() =>
        page
          .locator('[data-testid="design-card"] img')
          .evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length),
      )
      .toBe(5);
    expect(await page.locator('[data-testid="design-card"] img').first().getAttribute('src')).toContain(
      'p25',
    );
    await screenshot(page, '01-ungrouped');

    // Two designs selected (click, then Ctrl-click) become a new section.
    await card(page, 'Welcome').click();
    await card(page, 'Language picker').click({ modifiers: ['Control'] });
    await expect.poll(() => page.getByTestId('selection-count').textContent()).toBe('2 selected');
    await screenshot(page, '02-selection');
    await page.getByTestId('selection-new-section').click();
    await page.getByTestId('stage-name-input').fill('Onboarding');
    await page.getByTestId('stage-name-save').click();
    await header(page, 'Onboarding').waitFor();

    // Renamed from its menu.
    await header(page, 'Onboarding').hover();
    await header(page, 'Onboarding').getByTestId('section-actions').click();
    await menuItem(page, 'section-action-rename').click();
    await page.getByTestId('stage-name-input').fill('Sign-in flow');
    await page.getByTestId('stage-name-save').click();
    await header(page, 'Sign-in flow').waitFor();

    // An empty section from the toolbar, then a design dragged onto its header.
    await page.getByTestId('stage-new-section').click();
    await page.getByTestId('stage-name-input').fill('Components');
    await page.getByTestId('stage-name-save').click();
    await header(page, 'Components').waitFor();
    await page.keyboard.press('Escape');
    await card(page, 'Buttons').dragTo(header(page, 'Components'));
    await expect
      .poll(async () => {
        const sections = (await arrangement(checkout)).sectors;
        const components = sections.find((section) => section.name === 'Components');
        const buttons = (await images(checkout)).find((design) => design.name === 'Buttons');
        return components?.image_ids.includes(buttons?.id ?? '') ?? false;
      })
      .toBe(true);
    const signIn = (await arrangement(checkout)).sectors.find((section) => section.name === 'Sign-in flow');
    expect(signIn?.image_ids).toHaveLength(2);
    await screenshot(page, '03-sections');

    // Box selection from the empty area left of the ungrouped cards.
    await page.getByTestId('stage-scroll').evaluate((el) => el.scrollTo(0, 0));
    const first = await card(page, 'Language picker desktop').boundingBox();
    const second = await card(page, 'Article').boundingBox();
    if (!first || !second) throw new Error('cards not laid out');
    await page.mouse.move(first.x - 14, first.y + 12);
    await page.mouse.down();
    await page.mouse.move(second.x + 20, second.y + 20, { steps: 6 });
    await screenshot(page, '04-box');
    await page.mouse.up();
    await expect.poll(() => page.getByTestId('selection-count').textContent()).toBe('2 selected');

    // Move the two into "Sign-in flow" from the selection bar.
    await page.getByTestId('selection-to-section').click();
    await page.locator('[data-testid="selection-section-option"][data-section-name="Sign-in flow"]').click();
    await expect
      .poll(
        async () =>
          (await arrangement(checkout)).sectors.find((s) => s.name === 'Sign-in flow')?.image_ids.length,
      )
      .toBe(4);

    // Rename a design from its card menu.
    await card(page, 'Article').hover();
    await card(page, 'Article').getByTestId('design-actions').click();
    await menuItem(page, 'design-action-rename').click();
    await page.getByTestId('stage-name-input').fill('Article page');
    await page.getByTestId('stage-name-save').click();
    await card(page, 'Article page').waitFor();

    // Copy one design to another project: the outcome names what was copied.
    await card(page, 'Welcome').click();
    await page.getByTestId('selection-copy').click();
    await page.locator('[data-testid="transfer-project"][data-project-name="Archive"]').click();
    await page.getByTestId('transfer-confirm').click();
    await expect.poll(() => page.getByTestId('transfer-done').textContent()).toContain('1 design copied');
    await screenshot(page, '05-copied');
    await page.getByTestId('transfer-confirm').click();
    expect((await images(archive)).length).toBe(1001);

    // Delete one to the recycle bin, after the confirmation.
    await card(page, 'Article page').click();
    await page.getByTestId('selection-delete').click();
    await screenshot(page, '06-delete-confirm');
    await page.getByTestId('stage-delete-confirm').click();
    await card(page, 'Article page').waitFor({ state: 'detached' });
    await expect.poll(() => images(checkout).then((list) => list.length)).toBe(4);
    await expect.poll(() => page.getByTestId('stage-count').textContent()).toBe('4 designs');

    // The deleted design waits in the recycle bin drawer.
    await page.getByTestId('stage-recycle-bin').click();
    await expect.poll(() => page.getByTestId('recycle-bin-row').count()).toBe(1);
    await screenshot(page, '06b-recycle-bin');
    await page.keyboard.press('Escape');

    // The versions drawer of a design, from its card menu.
    await card(page, 'Welcome').hover();
    await card(page, 'Welcome').getByTestId('design-actions').click();
    await menuItem(page, 'design-action-versions').click();
    await expect.poll(() => page.getByTestId('version-row').count()).toBe(1);
    await page.keyboard.press('Escape');

    // Upload through the toolbar's button: the new design shows, processing first, then its thumbnail.
    await page.getByTestId('upload-input').setInputFiles({
      name: 'Article.svg',
      mimeType: 'image/svg+xml',
      buffer: readFileSync(path.join(import.meta.dirname, 'test-data', DESIGN_FILES[3])),
    });
    await card(page, 'Article').waitFor();
    await expect.poll(() => card(page, 'Article').locator('img').count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => page.getByTestId('stage-count').textContent()).toBe('5 designs');

    // Search narrows the stage to matching names; only the sections holding them stay.
    await page.getByTestId('stage-search').fill('language');
    await expect
      .poll(() => cardNames(page).then((names) => names.sort()))
      .toEqual(['Language picker', 'Language picker desktop']);
    await screenshot(page, '07-search');
    await page.getByTestId('stage-search').fill('');

    // Section order from the header menu, then a section deleted: its design goes to ungrouped, not away.
    const sectionNames = () =>
      page
        .getByTestId('section-header')
        .evaluateAll((rows) => rows.map((el) => el.getAttribute('data-section-name')));
    await expect.poll(sectionNames).toEqual(['Ungrouped', 'Sign-in flow', 'Components']);
    await header(page, 'Components').hover();
    await header(page, 'Components').getByTestId('section-actions').click();
    await menuItem(page, 'section-action-up').click();
    await expect.poll(sectionNames).toEqual(['Ungrouped', 'Components', 'Sign-in flow']);
    await header(page, 'Components').hover();
    await header(page, 'Components').getByTestId('section-actions').click();
    await menuItem(page, 'section-action-delete').click();
    await page.getByTestId('section-delete-confirm').click();
    await expect.poll(sectionNames).toEqual(['Ungrouped', 'Sign-in flow']);
    await card(page, 'Buttons').waitFor();
    await expect.poll(() => page.getByTestId('stage-count').textContent()).toBe('5 designs');

    // Someone else changes the layout meanwhile: the next change here is refused as stale, said once, and the
    // stage reads the new layout.
    await api.call(owner, 'POST', 'project/sector', {
      team_id: teamId,
      project_id: checkout,
      name: 'Elsewhere',
    });
    await card(page, 'Buttons').click();
    await page.getByTestId('selection-to-section').click();
    await page.locator('[data-testid="selection-section-option"][data-section-name="Sign-in flow"]').click();
    await page.getByText('Operation failed, please refresh the page and retry').waitFor();
    await expect.poll(sectionNames).toEqual(['Ungrouped', 'Sign-in flow', 'Elsewhere']);
    await screenshot(page, '07b-stale-layout');
    expect(await page.getByText('Operation failed, please refresh the page and retry').count()).toBe(1);

    // A sub-section, listed under its parent.
    await header(page, 'Sign-in flow').hover();
    await header(page, 'Sign-in flow').getByTestId('section-actions').click();
    await menuItem(page, 'section-action-add-child').click();
    await page.getByTestId('stage-name-input').fill('Errors');
    await page.getByTestId('stage-name-save').click();
    await expect.poll(sectionNames).toEqual(['Ungrouped', 'Sign-in flow', 'Errors', 'Elsewhere']);
    const nested = (await arrangement(checkout)).sectors.find((section) => section.name === 'Sign-in flow');
    expect(nested?.children).toHaveLength(1);

    // A double click opens the detail view.
    await card(page, 'Welcome').dblclick();
    await page.waitForURL(/#\/item\/project\/detailDetach\?.*image_id=/);
    await page.context().close();
  });

  it('shows a viewer the designs without any edit action', async () => {
    const page = await api.signedInPage(browser, viewer);
    await page.goto(stageUrl(checkout));
    await expect.poll(() => cardNames(page).then((names) => names.length)).toBe(5);
    await header(page, 'Sign-in flow').waitFor();
    expect(await page.getByTestId('stage-upload').count()).toBe(0);
    expect(await page.getByTestId('stage-new-section').count()).toBe(0);
    expect(await page.getByTestId('section-actions').count()).toBe(0);
    expect(await card(page, 'Welcome').getAttribute('draggable')).toBe('false');
    await card(page, 'Welcome').click();
    expect(await page.getByTestId('selection-delete').count()).toBe(0);
    expect(await page.getByTestId('selection-to-section').count()).toBe(0);
    await card(page, 'Welcome').getByTestId('design-actions').click();
    await menuItem(page, 'design-action-versions').waitFor();
    expect(await menuItem(page, 'design-action-rename').count()).toBe(0);
    expect(await menuItem(page, 'design-action-delete').count()).toBe(0);
    await screenshot(page, '08-viewer');
    await page.context().close();
  });

  it('keeps only a window of 1,000 designs in the page while scrolling', async () => {
    const page = await api.signedInPage(browser, owner);
    await page.goto(stageUrl(archive));
    await page.getByTestId('stage-slow-warning').waitFor();
    await expect.poll(() => page.getByTestId('stage-count').textContent()).toBe('1001 designs');
    await expect.poll(() => cardIds(page).then((names) => names.length)).toBeGreaterThan(0);
    const top = await cardIds(page);
    expect(top.length).toBeLessThan(80);
    await screenshot(page, '09-thousand');

    const scroller = page.getByTestId('stage-scroll');
    const seen = new Set(top);
    for (let step = 0; step < 6; step++) {
      await scroller.evaluate((el) => el.scrollBy(0, el.clientHeight * 3));
      await page.waitForTimeout(100);
      const names = await cardIds(page);
      expect(names.length).toBeLessThan(80);
      for (const id of names) seen.add(id);
    }
    await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(async () => (await cardIds(page)).some((id) => top.includes(id))).toBe(false);
    expect((await cardIds(page)).length).toBeLessThan(80);
    expect(seen.size).toBeGreaterThan(top.length * 3);
    await screenshot(page, '10-thousand-scrolled');

    // Bigger thumbnails: fewer per row, still a window.
    await page.getByTestId('stage-zoom').locator('.anticon-zoom-in').click();
    await page.getByTestId('stage-zoom').locator('.anticon-zoom-in').click();
    expect((await cardIds(page)).length).toBeLessThan(60);
    await page.getByTestId('stage-search').fill('Screen 1000');
    await expect.poll(() => cardNames(page)).toEqual(['Screen 1000']);
    await page.context().close();
  });
});
