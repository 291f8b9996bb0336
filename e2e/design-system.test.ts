import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LayerDoc } from '@ferry/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './api.js';
import { launchBrowser, motionSettled, type RunningServer, screenshot, startServer } from './harness.js';

/**
 * The design system as a team uses it: tokens extracted from a real design (the Wikimedia button sheet, whose
 * labels are #202122), one renamed, the dsm project linked in the product project's settings, and a developer
 * selecting a label in inspect sees the token's name in the properties and `var(--…)` in the CSS.
 */
const SHEET = 'wikimediaui-button_groups_states.svg';

let server: RunningServer;
let browser: Browser;
let api: ReturnType<typeof apiClient>;
let owner: Session;
let teamId: string;
let projectId: string;
let dsmId: string;
let imageId: string;
let labelId: string;
let groupId: string;
let page: Page;

/** The first group of the sheet named like a button group (`Button-Group-X`): what becomes a component. */
function buttonGroup(doc: LayerDoc): string {
  const queue = [...doc.layers];
  while (queue.length) {
    const layer = queue.shift()!;
    if (layer.type === 'group' && layer.children?.length && /^Button/.test(layer.name)) return layer.id;
    queue.push(...(layer.children ?? []));
  }
  throw new Error('no button group in the sheet');
}

/** A text layer of the sheet painted #202122: what the renamed token will name. */
function darkLabel(doc: LayerDoc): string {
  const stack = [...doc.layers];
  while (stack.length) {
    const layer = stack.shift()!;
    const run = layer.text?.runs[0];
    if (run && run.color.r === 0x20 && run.color.g === 0x21 && run.color.b === 0x22 && run.color.a === 1)
      return layer.id;
    stack.push(...(layer.children ?? []));
  }
  throw new Error('no #202122 text layer in the sheet');
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  api = apiClient(server.url);
  owner = await api.register('Rune', Date.now());
  ({ teamId, projectId } = await api.teamWithProject(owner, 'Atelier', { name: 'Storefront', type: 'web' }));
  const data = readFileSync(path.join(import.meta.dirname, 'test-data', SHEET));
  [{ id: imageId }] = await api.uploadDesigns(owner, { teamId, projectId }, [{ name: 'Buttons.svg', data }]);
  await api.waitForDesign(owner, { teamId, projectId, imageId });
  ({ project_id: dsmId } = await api.call<{ project_id: string }>(owner, 'POST', 'project/project_info', {
    team_id: teamId,
    name: 'AtelierKit',
    type: 'dsm',
  }));
  const detail = await api.call<{ versions: { json_url: string }[] }>(
    owner,
    'GET',
    `project/image?image_id=${imageId}&project_id=${projectId}&team_id=${teamId}`,
  );
  const doc = (await (await fetch(new URL(detail.versions[0].json_url, server.url))).json()) as LayerDoc;
  labelId = darkLabel(doc);
  groupId = buttonGroup(doc);
  page = await api.signedInPage(browser, owner, { width: 1440, height: 900 });
  page.setDefaultTimeout(20_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A screenshot once drawers, tabs and buttons have finished moving and fading. */
async function capture(on: Page, name: string) {
  await motionSettled(on);
  await screenshot(on, name);
}

const colorRow = (name: string) =>
  page.getByTestId('dsm-tokens-color').locator(`[data-testid="dsm-token-row"][aria-label="${name}"]`);

describe('design tokens from designs to code', () => {
  it('extracts the colours of a project, and a renamed token keeps its value', async () => {
    await page.goto(`${server.url}/web/#/item/dsm?tid=${teamId}&pid=${dsmId}`);
    await page.getByTestId('dsm-files-empty').waitFor();
    await capture(page, 'dsm-00-library-empty');
    await page.getByTestId('dsm-tab-tokens').click();
    await page.getByTestId('dsm-tokens-empty').waitFor();
    await capture(page, 'dsm-00-tokens-empty');
    await page.getByTestId('dsm-extract').click();
    await page.getByTestId('dsm-extract-sources').getByText('Storefront').click();
    await page.getByTestId('dsm-extract-read').click();
    const review = page.getByTestId('dsm-extract-review');
    await review.waitFor();
    // The sheet's most used colour is its dark grey text, proposed as color/gray.
    const first = review.getByTestId('dsm-proposals-color').getByTestId('dsm-proposal').first();
    expect(await first.getByTestId('dsm-proposal-name').inputValue()).toBe('color/gray');
    expect(await first.textContent()).toContain('#202122');
    await capture(page, 'dsm-01-extract');
    await page.getByTestId('dsm-extract-add').click();
    await review.waitFor({ state: 'detached' });

    await colorRow('color/gray').getByTestId('dsm-token-rename').click();
    await page.getByTestId('dsm-token-name-input').fill('color/text/primary');
    await page.getByTestId('dsm-token-name-save').click();
    const renamed = colorRow('color/text/primary');
    await renamed.waitFor();
    expect(await renamed.getByTestId('dsm-token-value').textContent()).toBe('#202122');
    await capture(page, 'dsm-02-tokens');
  });

  it('links the design system in the project settings', async () => {
    await page.goto(`${server.url}/web/#/item/project/setting?tid=${teamId}&pid=${projectId}`);
    const card = page.getByTestId('project-dsm-card');
    await card.scrollIntoViewIfNeeded();
    await card.getByTestId('project-dsm-picker').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'AtelierKit' }).click();
    await card.getByTestId('project-dsm-save').click();
    await expect.poll(() => card.getByTestId('project-dsm-link').allTextContents()).toEqual(['AtelierKit']);
    // Kept on the server: a fresh read shows it.
    await page.reload();
    await expect
      .poll(() => page.getByTestId('project-dsm-card').getByTestId('project-dsm-link').allTextContents())
      .toEqual(['AtelierKit']);
  });

  it('names the token in inspect and writes it in the CSS, with a switch back to raw values', async () => {
    const query = new URLSearchParams({
      project_id: projectId,
      tid: teamId,
      pid: projectId,
      image_id: imageId,
      layer_id: labelId,
    });
    await page.goto(`${server.url}/web/#/item/project/detailDetach?${query.toString()}`);
    const token = page
      .getByTestId('inspect-text-color-token')
      .filter({ hasText: 'color/text/primary' })
      .first();
    await token.waitFor();
    const code = page.getByTestId('inspect-code');
    await expect.poll(() => code.textContent()).toContain('var(--color-text-primary)');
    await capture(page, 'dsm-03-inspect');

    await page.getByTestId('inspect-code-tokens').getByText('Raw values').click();
    await expect.poll(() => code.textContent()).not.toContain('var(--color-text-primary)');
    expect(await code.textContent()).toMatch(/#202122/i);
  });
});

const detailQuery = (layerId: string) =>
  new URLSearchParams({
    project_id: projectId,
    tid: teamId,
    pid: projectId,
    image_id: imageId,
    layer_id: layerId,
  }).toString();

describe('components from designs to the library', () => {
  it('adds a selected button group as a component, with its pictures to download', async () => {
    await page.goto(`${server.url}/web/#/item/project/detailDetach?${detailQuery(groupId)}`);
    await page.getByTestId('inspect-add-to-dsm').click();
    // The only dsm project of the team is chosen already; an SVG layer is proposed as an icon.
    await page.getByTestId('add-to-dsm-project').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'AtelierKit' }).click();
    await page.getByTestId('add-to-dsm-name').fill('Button group');
    await page.getByTestId('add-to-dsm-type').getByText('Component').click();
    await page.getByTestId('add-to-dsm-save').click();
    const open = page.getByTestId('add-to-dsm-open');
    // Opened in a new tab the link lands on the same file.
    expect(await open.getAttribute('href')).toMatch(/^#\/item\/dsm\?.*file=/);
    await open.click();

    // The success link opens the new file in the library, its drawer on top.
    const drawer = page.getByTestId('dsm-drawer');
    await drawer.waitFor();
    expect(await page.getByTestId('dsm-drawer-title').textContent()).toBe('Button group');
    const scales = drawer.getByTestId('dsm-pictures').locator('.dsm-picture-scale');
    await expect.poll(() => scales.allTextContents()).toEqual(['1x', '2x', '4x', 'SVG']);
    for (const link of await drawer.getByTestId('dsm-picture-download').all()) {
      const href = await link.getAttribute('href');
      expect((await fetch(new URL(href ?? '', server.url))).status).toBe(200);
    }
    await expect
      .poll(() =>
        drawer.locator('.dsm-picture-stage img').evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await capture(page, 'dsm-05-component-drawer');

    await page.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'detached' });
    const card = page.getByTestId('dsm-file').filter({ hasText: 'Button group' });
    const picture = card.getByTestId('dsm-card-picture');
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await card.locator('.dsm-card-facts').textContent()).toBe('Component');
    await capture(page, 'dsm-04-library');
  });
});

describe('tokens in and out as files', () => {
  it('refuses a broken DTCG file and says where it breaks', async () => {
    await page.goto(`${server.url}/web/#/item/dsm?tid=${teamId}&pid=${dsmId}&tab=tokens`);
    await page.getByTestId('dsm-import').click();
    const broken = '{\n  "color": {\n    "brand": { "$type": "color", "$value": "#123456" },,\n  }\n}\n';
    await page.getByTestId('dsm-import-file').setInputFiles({
      name: 'broken.tokens.json',
      mimeType: 'application/json',
      buffer: Buffer.from(broken),
    });
    await page.getByTestId('dsm-import-submit').click();
    const refusal = page.getByTestId('dsm-import-error');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/line 3, column \d+/);
    expect(await refusal.getByTestId('dsm-import-excerpt').textContent()).toContain(',,');
    await capture(page, 'dsm-06-import-error');
    await page.locator('.ant-modal').getByRole('button', { name: 'Cancel' }).click();
    // Nothing of the broken file was kept.
    await colorRow('color/text/primary').waitFor();
    expect(await page.getByTestId('dsm-tokens-color').getByTestId('dsm-token-row').count()).toBeGreaterThan(
      0,
    );
    expect(await colorRow('color/brand').count()).toBe(0);
  });

  it('exports the tokens as CSS custom properties under their new names', async () => {
    await page.getByTestId('dsm-export').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('dsm-export-css').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.css$/);
    const css = readFileSync(await download.path(), 'utf8');
    expect(css).toMatch(/--color-text-primary:\s*#202122/i);
  });

  it('reads in Chinese: the library and the tokens', async () => {
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    await context.addInitScript(
      ([token, userId]) => {
        window.localStorage.setItem('token', token);
        window.localStorage.setItem('user_id', userId);
      },
      [owner.token, owner.userId],
    );
    const zh = await context.newPage();
    zh.setDefaultTimeout(20_000);
    await zh.goto(`${server.url}/web/#/item/dsm?tid=${teamId}&pid=${dsmId}`);
    const picture = zh.getByTestId('dsm-card-picture').first();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await zh.getByTestId('dsm-tab-library').textContent()).not.toMatch(/Library/);
    await capture(zh, 'dsm-07-library-zh');
    await zh.getByTestId('dsm-tab-tokens').click();
    await zh.getByTestId('dsm-tokens-color').waitFor();
    await capture(zh, 'dsm-08-tokens-zh');
    await context.close();
  });
});

describe('a design system open in two places', () => {
  it('shows a token another member adds without a reload', async () => {
    await page.goto(`${server.url}/web/#/item/dsm?tid=${teamId}&pid=${dsmId}&tab=tokens`);
    await colorRow('color/text/primary').waitFor();
    await api.call(owner, 'POST', 'project/dsm_token', {
      team_id: teamId,
      project_id: dsmId,
      tokens: [{ name: 'color/live', kind: 'color', value: '#12ab34' }],
    });
    // The server tells the project's watchers over the socket; the open table reads its tokens again.
    await colorRow('color/live').waitFor();
    expect(await colorRow('color/live').getByTestId('dsm-token-value').textContent()).toBe('#12ab34');
  });
});
