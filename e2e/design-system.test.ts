import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LayerDoc } from '@ferry/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './api.js';
import { screenshot as capture, launchBrowser, type RunningServer, startServer } from './harness.js';

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
let page: Page;

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
  page = await api.signedInPage(browser, owner, { width: 1440, height: 900 });
  page.setDefaultTimeout(20_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const colorRow = (name: string) =>
  page.getByTestId('dsm-tokens-color').locator(`[data-testid="dsm-token-row"][aria-label="${name}"]`);

describe('design tokens from designs to code', () => {
  it('extracts the colours of a project, and a renamed token keeps its value', async () => {
    await page.goto(`${server.url}/web/#/item/dsm?tid=${teamId}&pid=${dsmId}&tab=tokens`);
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
