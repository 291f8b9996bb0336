import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './api.js';
import { screenshot as capture, launchBrowser, type RunningServer, startServer } from './harness.js';

/** A screenshot once animations have settled. */
async function screenshot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await capture(page, name);
}

/**
 * Real-time notices (issue 7): two people of a team in two browser contexts; one mentions the other in a
 * comment, the other sees the toast top right, clicks "view" and lands on the comment in the detail view.
 */
let server: RunningServer;
let browser: Browser;
let api: ReturnType<typeof apiClient>;
let olga: Session;
let bob: Session;
let teamId: string;
let projectId: string;
let imageId: string;

const stamp = Date.now();

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  api = apiClient(server.url);

  olga = await api.register('Olga', stamp);
  ({ teamId, projectId } = await api.teamWithProject(olga, 'Harbor', { name: 'Checkout', type: 'mobile' }));
  bob = await api.joinedMember(olga, teamId, 'member', 'Bob', stamp);
  const [design] = await api.uploadDesigns(olga, { teamId, projectId }, [
    {
      name: 'Cart.svg',
      data: readFileSync(path.join(import.meta.dirname, 'test-data', 'wikimediaui-button_groups_states.svg')),
    },
  ]);
  imageId = design.id;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A signed-in page on the team's project list, once its real-time socket is authenticated. */
async function openProjectList(session: Session): Promise<Page> {
  const page = await api.signedInPage(browser, session);
  const socket = page.waitForEvent('websocket', (ws) => ws.url().endsWith('/ws'));
  await page.goto(`${server.url}/web/#/item?fid=all&tid=${teamId}`);
  const ws = await socket;
  await ws.waitForEvent('framereceived', (frame) => String(frame.payload).includes('"ready"'));
  await page.getByTestId('notification-bell').waitFor();
  return page;
}

describe('real-time notices', () => {
  it('a mention reaches the other person as a toast whose "view" opens the comment', async () => {
    const olgaPage = await openProjectList(olga);
    const bobPage = await openProjectList(bob);

    // Olga mentions Bob in a new comment, through the API as the comments panel does.
    const comment = await api.call<{ id: string }>(olga, 'POST', 'project/comment', {
      team_id: teamId,
      project_id: projectId,
      image_id: imageId,
      content: '@Bob the total should line up with the pay button',
      position: { x: 40, y: 30 },
      mentions: [bob.userId],
    });

    const toast = bobPage.getByTestId('notice-toast');
    await toast.waitFor();
    await expect.poll(() => toast.textContent()).toContain('the total should line up with the pay button');
    expect(await toast.textContent()).toContain('Olg… mentioned you');
    // Bob's bell counts the unread notice.
    await expect.poll(() => bobPage.getByTestId('notification-count').getAttribute('data-count')).toBe('1');
    await screenshot(bobPage, 'realtime-01-toast');
    // Olga wrote it: she is not told.
    expect(await olgaPage.getByTestId('notice-toast').count()).toBe(0);

    await toast.getByTestId('notice-toast-view').click();
    await bobPage.waitForURL((url) => url.hash.includes('/item/project/detailDetach'));
    const address = new URL(bobPage.url());
    const query = new URLSearchParams(address.hash.split('?')[1]);
    expect(query.get('comment_id')).toBe(comment.id);
    expect(query.get('image_id')).toBe(imageId);

    // The Comments tab is open on the thread.
    const thread = bobPage.getByTestId('comment-thread');
    await thread.waitFor();
    expect(await thread.getAttribute('data-thread-id')).toBe(comment.id);
    expect(await thread.textContent()).toContain('the total should line up with the pay button');
    await screenshot(bobPage, 'realtime-02-comment');

    // With the design open, a thread Olga starts without telling Bob still appears in his list as it happens.
    await bobPage.getByTestId('comment-thread-back').click();
    await api.call(olga, 'POST', 'project/comment', {
      team_id: teamId,
      project_id: projectId,
      image_id: imageId,
      content: 'The icons could be a little lighter',
      position: { x: 60, y: 50 },
    });
    await expect
      .poll(() => bobPage.getByTestId('comment-row').allTextContents(), { timeout: 5000 })
      .toEqual(expect.arrayContaining([expect.stringContaining('The icons could be a little lighter')]));

    await olgaPage.context().close();
    await bobPage.context().close();
  });
});
