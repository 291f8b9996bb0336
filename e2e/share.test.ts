import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './api.js';
import { screenshot as capture, launchBrowser, type RunningServer, startServer } from './harness.js';

/**
 * Someone without an account opens a share link: the owner shares one PSD with a password and inspect rights
 * (no download); the visitor gets the password wrong once, then right, inspects a layer and copies its CSS.
 * Once the owner revokes the link, the visitor's next step lands on the invalid-link page.
 *
 * agpsd-shapes.psd (500×500): "矩形 1" a rectangle at 18,25 of 124×75 filled #E03F4B.
 */
const RECTANGLE = { x: 18, y: 25, width: 124, height: 75 };
const DESIGN_SIDE = 500;
const PASSWORD = 'harbour-42';

let server: RunningServer;
let browser: Browser;
let api: ReturnType<typeof apiClient>;
let owner: Session;
let teamId: string;
let projectId: string;
let shapesId: string;
let linkId: string;
let code: string;
let visitor: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  api = apiClient(server.url);
  owner = await api.register('Nora', Date.now());
  ({ teamId, projectId } = await api.teamWithProject(owner, 'HarbourStudio', {
    name: 'FerryTickets',
    type: 'web',
  }));
  const read = (name: string) => readFileSync(path.join(import.meta.dirname, 'test-data', name));
  const uploaded = await api.uploadDesigns(owner, { teamId, projectId }, [
    { name: 'Shapes.psd', data: read('agpsd-shapes.psd') },
    { name: 'Layers.psd', data: read('agpsd-layers.psd') },
  ]);
  shapesId = uploaded[0].id;
  for (const { id } of uploaded) await api.waitForDesign(owner, { teamId, projectId, imageId: id });
  const link = await api.call<{ id: string; code: string }>(owner, 'POST', 'sharesvc/link', {
    team_id: teamId,
    project_id: projectId,
    scope: 'design',
    design_ids: [shapesId],
    rights: { inspect: true, download: false, see_comments: false, comment: false },
    password: PASSWORD,
    name: 'Shapes for the developers',
  });
  ({ id: linkId, code } = link);
  // A second browser with no account at all.
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  visitor = await context.newPage();
  visitor.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function pointOf(x: number, y: number) {
  const box = await visitor.getByTestId('detail-image').boundingBox();
  if (!box) throw new Error('no design on the canvas');
  const scale = box.width / DESIGN_SIDE;
  return { x: box.x + x * scale, y: box.y + y * scale };
}

describe('a share link opened without an account', () => {
  it('asks for the password and says how many tries are left', async () => {
    await visitor.goto(`${server.url}/web/#/share/${code}`);
    await visitor.getByTestId('share-password').waitFor();
    expect(await visitor.getByTestId('share-password-hint').textContent()).toBe(
      'HarbourStudio shared “FerryTickets” with a password.',
    );
    await capture(visitor, 'share-visit-01-password');
    await visitor.getByTestId('share-password-input').fill('not-it');
    await visitor.getByTestId('share-password-submit').click();
    const refusal = visitor.getByTestId('share-password-error');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('Wrong password, you can try 4 more times');
    await capture(visitor, 'share-visit-02-wrong-password');
  });

  it('opens the one shared design with the right password and inspects a layer', async () => {
    await visitor.getByTestId('share-password-input').fill(PASSWORD);
    await visitor.getByTestId('share-password-submit').click();
    // A link to one design opens on it.
    await visitor.getByTestId('detail-image').waitFor();
    expect(visitor.url()).toContain(`#/share/${code}/detail?image_id=${shapesId}`);
    await visitor.getByTestId('inspect-layer-count').waitFor();
    expect(await visitor.title()).toContain('Shapes');
    const point = await pointOf(RECTANGLE.x + RECTANGLE.width / 2, RECTANGLE.y + RECTANGLE.height / 2);
    await visitor.mouse.move(point.x, point.y, { steps: 4 });
    await visitor.mouse.down();
    await visitor.mouse.up();
    await expect.poll(() => visitor.getByTestId('inspect-layer-name').textContent()).toContain('矩形 1');
    expect(await visitor.getByTestId('inspect-width').textContent()).toBe('124px');
    // Read-only: no versions, sharing, comment mode, slices (no download right) or comments (not shared).
    for (const id of ['detail-version', 'detail-versions', 'share-open', 'detail-comment-mode'])
      expect(await visitor.getByTestId(id).count()).toBe(0);
    expect(await visitor.getByRole('tab', { name: 'Slices' }).count()).toBe(0);
    expect(await visitor.getByRole('tab', { name: 'Comments' }).count()).toBe(0);
    await capture(visitor, 'share-visit-03-visitor-detail');
  });

  it('copies the CSS of the selected layer, and nothing is logged', async () => {
    const logged: string[] = [];
    visitor.on('request', (request) => {
      if (request.url().endsWith('/api/log/add')) logged.push(request.url());
    });
    await visitor.getByTestId('inspect-code-language').getByText('CSS', { exact: true }).click();
    await visitor.getByTestId('inspect-code-copy').click();
    await expect.poll(() => visitor.evaluate(() => navigator.clipboard.readText())).toContain('width: 124px');
    const css = await visitor.evaluate(() => navigator.clipboard.readText());
    expect(css.toLowerCase()).toContain('#e03f4b');
    expect(logged).toEqual([]);
  });

  it('shows a project link’s designs on a read-only stage', async () => {
    await api.call(owner, 'POST', 'project/comment', {
      team_id: teamId,
      project_id: projectId,
      image_id: shapesId,
      content: 'Make the red one wider',
      position: { x: 80, y: 60 },
      mentions: [],
    });
    const project = await api.call<{ code: string }>(owner, 'POST', 'sharesvc/link', {
      team_id: teamId,
      project_id: projectId,
      scope: 'project',
      rights: { inspect: true, download: false, see_comments: true, comment: false },
      name: 'Whole project',
    });
    const page = await visitor.context().newPage();
    await page.goto(`${server.url}/web/#/share/${project.code}`);
    await page.getByTestId('share-stage').waitFor();
    await expect.poll(() => page.getByTestId('design-card').count()).toBe(2);
    expect(await page.getByTestId('share-shared-by').textContent()).toBe('Shared by HarbourStudio');
    expect(await page.getByTestId('share-link-name').textContent()).toBe('Whole project');
    for (const id of ['design-actions', 'stage-upload', 'stage-settings', 'stage-recycle-bin', 'user-menu'])
      expect(await page.getByTestId(id).count()).toBe(0);
    await capture(page, 'share-visit-04-visitor-stage');

    // Its comments are shared: the visitor reads them and has nowhere to write.
    await page.locator('[data-testid="design-card"][data-design-name="Shapes"]').dblclick();
    await page.getByTestId('detail-image').waitFor();
    const tabs = await page.getByTestId('inspect-sidebar').getByRole('tab').allTextContents();
    expect(tabs).toEqual(['Inspect', expect.stringContaining('Comments')]);
    await page.getByRole('tab', { name: /Comments/ }).click();
    await page.getByText('Make the red one wider').click();
    await page.getByTestId('comment-thread').waitFor();
    for (const id of [
      'comment-reply',
      'comment-edit',
      'comment-delete',
      'comment-resolve',
      'detail-comment-mode',
    ])
      expect(await page.getByTestId(id).count()).toBe(0);
    expect(await page.getByTestId('comment-pin').count()).toBe(1);
    await capture(page, 'share-visit-04b-visitor-comments');
    await page.close();
  });

  it('sends the visitor to the invalid-link page once the owner revokes the link', async () => {
    await api.call(owner, 'DELETE', 'sharesvc/link', { link_id: linkId });
    // The visitor's next step: back to the link's designs, which asks the server again.
    await visitor.getByTestId('detail-back').click();
    await visitor.getByTestId('share-invalid').waitFor();
    expect(visitor.url()).toContain('#/shareInvalid?type=failure&reason=revoked');
    expect(await visitor.getByTestId('share-invalid-reason').textContent()).toBe(
      'The share link was revoked',
    );
    await capture(visitor, 'share-visit-05-invalid');
  });
});
