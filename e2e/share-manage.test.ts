import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './api.js';
import { screenshot as capture, launchBrowser, type RunningServer, startServer } from './harness.js';

let server: RunningServer;
let browser: Browser;
let api: ReturnType<typeof apiClient>;
let owner: Session;
let teamId: string;
let projectId: string;
let designIds: string[];
const stamp = Date.now();

const FILES = [
  ['wikimediaui-principles-content-chrome.svg', 'Content chrome.svg'],
  ['wikimediaui-button_groups_states.svg', 'Button groups.svg'],
] as const;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  api = apiClient(server.url);
  owner = await api.register('Olga', stamp);
  ({ teamId, projectId } = await api.teamWithProject(owner, 'Harbor', { name: 'Checkout', type: 'mobile' }));
  const files = FILES.map(([file, name]) => ({
    name,
    data: readFileSync(path.join(import.meta.dirname, 'test-data', file)),
  }));
  designIds = (await api.uploadDesigns(owner, { teamId, projectId }, files)).map((image) => image.id);
  for (const imageId of designIds) await api.waitForDesign(owner, { teamId, projectId, imageId }, false);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A screenshot once fades, ink bars and toasts have settled. */
async function screenshot(page: Page, name: string) {
  await page.waitForTimeout(500);
  await capture(page, name);
}

describe('share links', () => {
  it('makes a link from the stage, then manages it in project and team settings', async () => {
    const ref = { team_id: teamId, project_id: projectId };
    const page = await api.signedInPage(browser, owner);
    await page.goto(`${server.url}/web/#/item/project/stage?tid=${teamId}&pid=${projectId}`);
    await page.getByTestId('design-card').first().waitFor();

    await page.getByTestId('share-open').click();
    await page.getByTestId('share-create').waitFor();
    await page.getByTestId('share-name').fill('Client review');
    await page.getByTestId('share-right-see_comments').check();
    await page.getByTestId('share-password').fill('harbor-42');
    await page.getByTestId('share-expiry-7').click();
    await screenshot(page, 'share-01-dialog');

    await page.getByTestId('share-create').click();
    const url = await page.getByTestId('share-url').inputValue();
    expect(url).toMatch(/\/web\/#\/share\/[0-9A-Za-z]{32}$/);
    await page.getByTestId('share-send-emails').click();
    await page.keyboard.type('grace@example.com,');
    await screenshot(page, 'share-02-created');
    await page.getByTestId('share-done').click();

    // More links: a quick share opened twice by visitors, one tried with a wrong password, one revoked.
    const quick = await api.call<{ id: string; code: string }>(owner, 'POST', 'sharesvc/link', {
      ...ref,
      scope: 'design',
      design_ids: [designIds[0]],
      rights: { inspect: true, download: false, see_comments: false, comment: false },
      share_type: 'quickShare',
    });
    for (let n = 0; n < 2; n++) await api.call(null, 'POST', 'share/url/resolve', { code: quick.code });
    const code = url.slice(url.lastIndexOf('/') + 1);
    const wrong = await fetch(`${server.url}/api/share/url/resolve`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code, password: 'not-it' }),
    });
    expect(((await wrong.json()) as { code: string }).code).toBe('19090');
    await api.call(null, 'POST', 'share/url/resolve', { code, password: 'harbor-42' });
    const old = await api.call<{ id: string }>(owner, 'POST', 'sharesvc/link', {
      ...ref,
      scope: 'designs',
      design_ids: designIds,
      name: 'Old handover',
      expires_in_days: 0,
    });
    await api.call(owner, 'DELETE', 'sharesvc/link', { link_id: old.id });

    await page.goto(`${server.url}/web/#/item/project/setting?tid=${teamId}&pid=${projectId}&tab=share`);
    await page.getByTestId('share-link-row').nth(2).waitFor();
    expect(await page.getByTestId('share-link-row').count()).toBe(3);
    expect(await page.locator(`[data-link-id="${old.id}"]`).getAttribute('data-state')).toBe('revoked');
    await screenshot(page, 'share-03-project-tab');

    await page
      .locator('[data-testid="share-link-row"]', { hasText: 'Client review' })
      .getByTestId('share-link-opens-log')
      .click();
    await page.getByTestId('share-open-row').nth(1).waitFor();
    expect(await page.getByTestId('share-open-outcome').allTextContents()).toEqual([
      'Opened',
      'Wrong password',
    ]);
    await screenshot(page, 'share-04-opens');
    await page.keyboard.press('Escape');

    await page.locator(`[data-link-id="${quick.id}"]`).getByTestId('share-link-edit').click();
    await page.getByTestId('share-edit-password-set').click();
    await page.getByTestId('share-edit-password').fill('pier-7');
    await screenshot(page, 'share-07-edit');
    await page.getByTestId('share-edit-save').click();
    await page.locator(`[data-link-id="${quick.id}"]`).getByTestId('share-link-password').waitFor();

    await page.goto(`${server.url}/web/#/item/team?tab=share`);
    await page.getByTestId('share-link-project').first().waitFor();
    expect(await page.getByTestId('share-link-project').first().textContent()).toBe('Checkout');
    await screenshot(page, 'share-05-team-tab');

    await page.goto(
      `${server.url}/web/#/item/project/detailDetach?project_id=${projectId}&tid=${teamId}&pid=${projectId}&image_id=${designIds[0]}`,
    );
    await page.getByTestId('share-open').click();
    await page.getByTestId('share-version-latest').waitFor();
    await screenshot(page, 'share-06-detail');
    await page.context().close();
  });

  it('shows a member without download rights why, and a viewer no share button', async () => {
    const ada = await api.joinedMember(owner, teamId, 'member', 'Ada', stamp);
    const vic = await api.joinedMember(owner, teamId, 'onlooker', 'Vic', stamp);
    await api.call(owner, 'PUT', 'dayu/design/project/doc_download_setting', {
      project_id: projectId,
      download_type: 'none',
      user_ids: [],
    });
    const stage = `${server.url}/web/#/item/project/stage?tid=${teamId}&pid=${projectId}`;
    const page = await api.signedInPage(browser, ada);
    await page.goto(stage);
    await page.getByTestId('design-card').first().waitFor();
    await page.getByTestId('design-card').nth(1).click();
    await page
      .getByTestId('design-card')
      .first()
      .click({ modifiers: ['Control'] });
    await page.getByTestId('selection-share').click();
    await page.getByTestId('share-download-off').waitFor();
    expect(await page.getByTestId('share-right-download').isDisabled()).toBe(true);
    await screenshot(page, 'share-08-no-download');
    await page.context().close();

    const viewer = await api.signedInPage(browser, vic);
    await viewer.goto(stage);
    await viewer.getByTestId('design-card').first().waitFor();
    expect(await viewer.getByTestId('share-open').count()).toBe(0);
    await viewer.context().close();
  });
});
