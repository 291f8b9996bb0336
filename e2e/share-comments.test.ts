import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './api.js';
import { screenshot as capture, launchBrowser, type RunningServer, startServer } from './harness.js';

/**
 * A share link's visitor with the `comment` right leaves a comment: comment mode, a click on the design, their
 * name asked once, the thread marked "Guest" (for the team too), and a reply under the same name.
 */
const DESIGN_SIDE = 500;

let server: RunningServer;
let browser: Browser;
let api: ReturnType<typeof apiClient>;
let owner: Session;
let teamId: string;
let projectId: string;
let designId: string;
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
  const data = readFileSync(path.join(import.meta.dirname, 'test-data', 'agpsd-shapes.psd'));
  [{ id: designId }] = await api.uploadDesigns(owner, { teamId, projectId }, [{ name: 'Shapes.psd', data }]);
  await api.waitForDesign(owner, { teamId, projectId, imageId: designId });
  const link = await api.call<{ code: string }>(owner, 'POST', 'sharesvc/link', {
    team_id: teamId,
    project_id: projectId,
    scope: 'design',
    design_ids: [designId],
    rights: { inspect: true, download: false, see_comments: true, comment: true },
    name: 'For the agency',
  });
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
  visitor = await context.newPage();
  visitor.setDefaultTimeout(15_000);
  await visitor.goto(`${server.url}/web/#/share/${link.code}`);
  await visitor.getByTestId('detail-image').waitFor();
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

describe('a share link visitor who may comment', () => {
  it('places a pin, is asked for a name, and posts as a guest', async () => {
    await visitor.getByTestId('detail-comment-mode').click();
    const point = await pointOf(80, 60);
    await visitor.mouse.click(point.x, point.y);
    const draft = visitor.getByTestId('comment-draft');
    await draft.locator('textarea').fill('Could the red block be wider?');
    await draft.getByTestId('comment-new-submit').click();
    expect(await visitor.getByTestId('comment-new-name-error').textContent()).toBe(
      'Enter your name: it is shown with your comment',
    );
    expect(await draft.getByTestId('comment-new-submit').isEnabled()).toBe(true);
    // The send button's colour fades in as it is enabled: the picture waits for it.
    await visitor.waitForTimeout(300);
    await capture(visitor, 'share-comments-01-name-asked');
    await draft.getByTestId('comment-new-name').fill('Ines');
    await draft.getByTestId('comment-new-submit').click();

    const thread = visitor.getByTestId('comment-thread');
    await thread.waitFor();
    expect(await thread.getByTestId('comment-author').textContent()).toBe('Ines');
    expect(await thread.getByTestId('comment-guest').textContent()).toBe('Guest');
    expect(await visitor.getByTestId('comment-pin').count()).toBe(1);
  });

  it('replies under the name it gave, without being asked again', async () => {
    const reply = visitor.getByTestId('comment-reply');
    expect(await reply.getByTestId('comment-reply-as').textContent()).toContain('Commenting as Ines');
    await reply.locator('textarea').fill('Twice as wide would be ideal');
    await reply.getByTestId('comment-reply-submit').click();
    await expect.poll(() => visitor.getByTestId('comment-guest').count()).toBe(2);
    for (const id of ['comment-edit', 'comment-delete', 'comment-resolve'])
      expect(await visitor.getByTestId(id).count()).toBe(0);
    await capture(visitor, 'share-comments-02-guest-thread');
  });

  it('shows the team the guest’s thread, marked Guest', async () => {
    const page = await api.signedInPage(browser, owner, { width: 1440, height: 900 });
    const query = new URLSearchParams({
      project_id: projectId,
      tid: teamId,
      pid: projectId,
      image_id: designId,
    });
    await page.goto(`${server.url}/web/#/item/project/detailDetach?${query.toString()}`);
    await page.getByTestId('detail-image').waitFor();
    await page.getByRole('tab', { name: /Comments/ }).click();
    const row = page.getByTestId('comment-row');
    await row.waitFor();
    expect(await row.getByTestId('comment-author').textContent()).toBe('Ines');
    expect(await row.getByTestId('comment-guest').textContent()).toBe('Guest');
    await page.context().close();
  });
});
