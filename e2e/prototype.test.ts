import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './api.js';
import { screenshot as capture, launchBrowser, type RunningServer, startServer } from './harness.js';
import { mockScreen } from './mockScreens.js';

/**
 * A designer links three screens of a mobile project into a flow: a hotspot on Home opens Cart, one on Cart
 * opens Done. The demo plays from Home, clicks through to Done and back; the same demo opens through a share
 * link in a browser with no account.
 *
 * The screens are 375×812; the hotspots sit on each screen's bottom button (24,716 of 327×52).
 */
const BUTTON = { x: 24, y: 716, width: 327, height: 52 };
const SCREEN = { width: 375, height: 812 };

let server: RunningServer;
let browser: Browser;
let api: ReturnType<typeof apiClient>;
let owner: Session;
let teamId: string;
let projectId: string;
const ids: Record<string, string> = {};
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  api = apiClient(server.url);
  owner = await api.register('Nora', Date.now());
  ({ teamId, projectId } = await api.teamWithProject(owner, 'HarbourStudio', {
    name: 'FerryTickets',
    type: 'mobile',
  }));
  const names = ['Home', 'Cart', 'Done'];
  const files = await Promise.all(
    names.map(async (name, index) => ({ name: `${name}.png`, data: await mockScreen(index, 'png') })),
  );
  const uploaded = await api.uploadDesigns(owner, { teamId, projectId }, files);
  for (const [index, { id }] of uploaded.entries()) {
    ids[names[index]] = id;
    await api.waitForDesign(owner, { teamId, projectId, imageId: id }, false);
  }
  page = await api.signedInPage(browser, owner, { width: 1440, height: 900 });
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Drags over the design's bottom button on the editor's canvas, in screen pixels. */
async function drawOverButton() {
  const image = page.getByTestId('proto-image');
  await image.waitFor();
  await expect.poll(async () => (await image.boundingBox())?.width ?? 0).toBeGreaterThan(0);
  const box = await image.boundingBox();
  if (!box) throw new Error('no design on the canvas');
  const scale = box.width / SCREEN.width;
  const from = { x: box.x + BUTTON.x * scale, y: box.y + BUTTON.y * scale };
  const to = { x: from.x + BUTTON.width * scale, y: from.y + BUTTON.height * scale };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
}

/** Picks a target design in the picker shown after drawing. */
async function pickTarget(name: string) {
  const picker = page.getByTestId('proto-target-picker');
  await picker.waitFor();
  await picker.getByRole('combobox').click();
  await page.locator('.ant-select-item-option', { hasText: name }).first().click();
  await picker.waitFor({ state: 'detached' });
}

async function hotspotsOnServer() {
  const answer = await api.call<{ positions: { image_id: string; next_image: string }[] }>(
    owner,
    'GET',
    `project/prototype?team_id=${teamId}&project_id=${projectId}`,
  );
  return answer.positions.map((spot) => [spot.image_id, spot.next_image]);
}

/** The demo's shown design, once its picture is in place. */
async function shownDesign(demo: Page) {
  return demo.getByTestId('demo-frame').getAttribute('data-design-id');
}

/** Clicks through the demo: Home → Cart → Done, then back twice with ← and the back button. */
async function clickThrough(demo: Page, shot: string) {
  await expect.poll(() => shownDesign(demo)).toBe(ids.Home);
  await demo.getByTestId('demo-hotspot').first().click();
  await expect.poll(() => shownDesign(demo)).toBe(ids.Cart);
  await demo.getByTestId('demo-hotspot').first().click();
  await expect.poll(() => shownDesign(demo)).toBe(ids.Done);
  await capture(demo, shot);
  // Done has no hotspot: a click anywhere flashes the hotspots (none here) and goes nowhere.
  await demo.getByTestId('demo-stage').click({ position: { x: 20, y: 20 } });
  expect(await shownDesign(demo)).toBe(ids.Done);
  await demo.keyboard.press('ArrowLeft');
  await expect.poll(() => shownDesign(demo)).toBe(ids.Cart);
  await demo.keyboard.press('ArrowLeft');
  await expect.poll(() => shownDesign(demo)).toBe(ids.Home);
  await demo.keyboard.press('ArrowRight');
  await expect.poll(() => shownDesign(demo)).toBe(ids.Cart);
}

describe('a clickable prototype', () => {
  it('draws two hotspots across three designs in the editor', async () => {
    const query = new URLSearchParams({ tid: teamId, pid: projectId, image_id: ids.Home });
    await page.goto(`${server.url}/web/#/item/project/protoDetach/edit?${query.toString()}`);
    await expect.poll(() => page.title()).toMatch(/Interaction prototype/);
    await drawOverButton();
    await pickTarget('Cart');
    await page.getByTestId('proto-design').filter({ hasText: 'Cart' }).click();
    await drawOverButton();
    await pickTarget('Done');
    await expect.poll(hotspotsOnServer).toEqual(
      expect.arrayContaining([
        [ids.Home, ids.Cart],
        [ids.Cart, ids.Done],
      ]),
    );
    expect(await hotspotsOnServer()).toHaveLength(2);
    await page.getByTestId('proto-hotspot').first().waitFor();
    await capture(page, 'prototype-01-editor');
  });

  it('shows the flow on the map: three cards, the two hotspot links as arrows', async () => {
    const query = new URLSearchParams({ tid: teamId, pid: projectId });
    await page.goto(`${server.url}/web/#/item/project/stage?${query.toString()}`);
    await page.getByTestId('flow-map-open').click();
    await expect.poll(() => page.getByTestId('flow-card').count()).toBe(3);
    const arrows = page.locator('[data-testid="flow-arrow"][data-source="hotspot"]');
    await expect.poll(() => arrows.count()).toBe(2);
    const pairs = await arrows.evaluateAll((paths) =>
      paths.map((path) => [path.getAttribute('data-parent'), path.getAttribute('data-son')]),
    );
    expect(pairs).toEqual(
      expect.arrayContaining([
        [ids.Home, ids.Cart],
        [ids.Cart, ids.Done],
      ]),
    );
    await capture(page, 'prototype-02-flow-map');
  });

  it('plays the demo from the first design, through to the third and back', async () => {
    // Play from the editor starts at the design being edited (Cart).
    const editor = new URLSearchParams({ tid: teamId, pid: projectId, image_id: ids.Cart });
    await page.goto(`${server.url}/web/#/item/project/protoDetach/edit?${editor.toString()}`);
    await page.getByTestId('proto-play').click();
    await page.getByTestId('demo-page').waitFor();
    await expect.poll(() => page.title()).toMatch(/Prototype demo/);
    await expect.poll(() => shownDesign(page)).toBe(ids.Cart);
    // The stage's Play starts at the flow's first design: Home leads on and nothing leads to it.
    const query = new URLSearchParams({ tid: teamId, pid: projectId });
    await page.goto(`${server.url}/web/#/item/project/stage?${query.toString()}`);
    await page.getByTestId('demo-open').click();
    await page.getByTestId('demo-device').waitFor();
    await clickThrough(page, 'prototype-03-demo');
  });

  it('opens the same demo through a share link in a browser with no account', async () => {
    const link = await api.call<{ code: string }>(owner, 'POST', 'sharesvc/link', {
      team_id: teamId,
      project_id: projectId,
      scope: 'project',
      rights: { inspect: false, download: false, see_comments: false, comment: false },
      name: 'Clickable demo for the client',
    });
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
    const visitor = await context.newPage();
    visitor.setDefaultTimeout(15_000);
    await visitor.goto(`${server.url}/web/#/share/${link.code}`);
    await visitor.getByTestId('demo-open').click();
    await visitor.getByTestId('demo-page').waitFor();
    await clickThrough(visitor, 'prototype-04-share-demo');
    await context.close();
  });
});
