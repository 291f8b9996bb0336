import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './api.js';
import { launchBrowser, type RunningServer, screenshot, startServer } from './harness.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // The walk is what a new user sees, first-time guides included.
  server = await startServer({ GUIDES_ENABLED: 'true' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const card = (page: Page, name: string) =>
  page.locator(`[data-testid="design-card"][data-design-name="${name}"]`);

/** The sample PSD is 200 × 200 with one text layer "TEST" at (36, 45)–(96, 66). */
const PSD_SIDE = 200;
const TEXT_CENTRE = { x: 66, y: 55 };

const GUIDE_CALL = '/api/pangu/onboarding/guide';
const guideCall = (method: string) => (response: Response) =>
  response.url().includes(GUIDE_CALL) && response.request().method() === method;
/** Every guide on screen (a popover's content), of any name. */
const guidesShown = (page: Page) => page.locator('.guide-popover:visible');

/**
 * The guides due on this screen, in list order: each shows alone, "Got it" dismisses it on the server, and the
 * next takes its place; none is left after the last. `shots` names the screenshots of some of them.
 */
async function acknowledgeGuides(page: Page, names: string[], shots: Record<string, string> = {}) {
  for (const name of names) {
    await page.getByTestId(`guide-${name}`).waitFor();
    await expect.poll(() => guidesShown(page).count()).toBe(1);
    expect(await guidesShown(page).getAttribute('data-testid')).toBe(`guide-${name}`);
    // Taken once the popover's opening animation is over.
    if (shots[name]) await page.waitForTimeout(400).then(() => screenshot(page, shots[name]));
    const saved = page.waitForResponse(guideCall('POST'));
    await page.getByTestId(`guide-${name}-ok`).click();
    expect((await saved).ok()).toBe(true);
    await page.getByTestId(`guide-${name}`).waitFor({ state: 'hidden' });
  }
}

/** No guide left on screen once those due are seen. */
async function expectNoGuide(page: Page) {
  await page.waitForTimeout(500);
  expect(await guidesShown(page).count()).toBe(0);
}

/** Once the guide flags are read afresh (`visit` loads the page again), no guide shows on it any more. */
async function expectNoGuideAfter(page: Page, visit: () => Promise<unknown>, anchor: string) {
  const flags = page.waitForResponse(guideCall('GET'));
  await visit();
  await flags;
  await page.getByTestId(anchor).first().waitFor();
  await expectNoGuide(page);
}

describe('the first-run path', () => {
  it('takes a new user from sign-up to a first inspected layer of the sample project', async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const started = Date.now();

    await page.goto(`${server.url}/web/#/user/register`);
    await page.getByTestId('register-email').fill(`first-${Date.now()}@example.com`);
    await page.getByTestId('register-name').fill('Nora');
    await page.getByTestId('register-password').fill('First-run1');
    await page.getByTestId('register-confirm').fill('First-run1');
    await page.getByTestId('register-submit').click();
    await page.getByTestId('team-name-input').fill('Northwind');
    await page.getByTestId('team-create-submit').click();

    // A first team leads straight into the first-run path.
    await page.waitForURL(/#\/onboarding\?tid=/);
    const tid = new URL(page.url().replace('#/', '')).searchParams.get('tid');
    await screenshot(page, 'first-run-01-onboarding');

    // 1. Role and the team's industry.
    await page.getByTestId('onboarding-role').getByText('Front-end developer').click();
    await page.getByTestId('onboarding-industry').getByText('E-commerce and retail').click();
    await screenshot(page, 'first-run-02-profile');
    await page.getByTestId('onboarding-profile-next').click();
    await page.getByTestId('onboarding-invite').waitFor();

    // Left mid-way: the project list's banner leads back in, where the user left.
    await page.goto(`${server.url}/web/#/item?fid=all&tid=${tid}`);
    await page.getByTestId('first-run-banner').waitFor();
    await screenshot(page, 'first-run-01-banner');
    await page.getByTestId('first-run-start').click();
    await page.waitForURL(/#\/onboarding\?tid=/);

    // 2. A colleague invited by e-mail.
    await page.getByTestId('onboarding-invite').waitFor();
    await page.getByText('By e-mail', { exact: true }).click();
    await page.getByTestId('invite-emails').fill('kim@example.com');
    await page.getByTestId('invite-send').click();
    await page.getByTestId('invite-result').filter({ hasText: 'kim@example.com' }).waitFor();
    await screenshot(page, 'first-run-03-invite');
    await page.getByTestId('onboarding-invite-next').click();

    // 3. The sample project, opened on its stage, its designs rendered by the jobs.
    await page.getByTestId('onboarding-sample').waitFor();
    await screenshot(page, 'first-run-04-sample');
    await page.getByTestId('onboarding-sample-open').click();
    await page.waitForURL(/#\/item\/project\/stage\?tid=.*&pid=/);
    for (const name of ['Explore', 'Language picker', 'Text layer']) await card(page, name).waitFor();
    await expect
      .poll(() => page.locator('[data-testid="design-card"] img').count(), { timeout: 60_000 })
      .toBe(3);
    await screenshot(page, 'first-run-05-sample-stage');

    // Guides are on for this server (the stage's first one shows), yet never on a share link's pages.
    await page.getByTestId('guide-enterProject').waitFor();
    await expectNoGuideOnShareLink(page, tid ?? '');

    // The stage's guides, one at a time, each once: gone after a reload.
    await acknowledgeGuides(page, ['enterProject', 'uploadDesign', 'share', 'prototype'], {
      enterProject: 'first-run-guide-1-enter-project',
      share: 'first-run-guide-2-share',
    });
    await expectNoGuide(page);
    await expectNoGuideAfter(page, () => page.reload(), 'design-card');

    // A design opened, a layer clicked: the inspect panel shows its values.
    await card(page, 'Text layer').dblclick();
    await page.waitForURL(/#\/item\/project\/detailDetach\?.*image_id=/);
    await page.getByTestId('inspect-layer-count').waitFor({ timeout: 60_000 });
    // The design page's guides, then none after a reload.
    await acknowledgeGuides(page, ['sliceDownload'], { sliceDownload: 'first-run-guide-3-slices' });
    // "Got it" on a tab's guide leaves the open tab as it was.
    expect(await page.getByTestId('inspect-layer-count').isVisible()).toBe(true);
    await acknowledgeGuides(page, ['comment', 'inspectLayer'], {
      comment: 'first-run-guide-4-comment',
      inspectLayer: 'first-run-guide-5-inspect',
    });
    await expectNoGuide(page);
    await expectNoGuideAfter(page, () => page.reload(), 'inspect-layer-count');
    const image = await page.getByTestId('detail-image').boundingBox();
    if (!image) throw new Error('the design is not on screen');
    const scale = image.width / PSD_SIDE;
    await page.mouse.click(image.x + TEXT_CENTRE.x * scale, image.y + TEXT_CENTRE.y * scale);
    await expect.poll(() => page.getByTestId('inspect-layer-name').textContent()).toContain('TEST');
    expect(await page.getByTestId('inspect-x').textContent()).toBe('36px');
    expect(await page.getByTestId('inspect-y').textContent()).toBe('45px');
    expect(await page.getByTestId('inspect-width').textContent()).toBe('60px');
    expect(await page.getByTestId('inspect-height').textContent()).toBe('21px');
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`first-run walk: sign-up to the first inspected layer took ${seconds} s`);
    await screenshot(page, 'first-run-06-first-inspected-layer');

    // The stage revisited shows no guide again; the server keeps those seen dismissed, the others still due.
    const stage = page.url().replace(/detailDetach\?.*$/, `stage?tid=${tid}&pid=${projectIdOf(page)}`);
    const again = await context.newPage();
    await expectNoGuideAfter(again, () => again.goto(stage), 'design-card');
    await again.close();
    const flags = await apiClient(server.url).call<{
      enabled: boolean;
      guides: Record<string, true | 'false'>;
    }>(await sessionOf(page), 'GET', GUIDE_CALL.replace('/api/', ''));
    expect(flags.enabled).toBe(true);
    const seen = Object.keys(flags.guides).filter((name) => flags.guides[name] === 'false');
    expect(seen.sort()).toEqual(
      [
        'comment',
        'enterProject',
        'inspectLayer',
        'prototype',
        'share',
        'sliceDownload',
        'uploadDesign',
      ].sort(),
    );

    // Back on the project list, the path is not offered again.
    await page.goto(`${server.url}/web/#/item?fid=all&tid=${tid}`);
    await page.getByTestId('item-title').waitFor();
    await page.locator('[data-testid="project-card"]').first().waitFor();
    expect(await page.getByTestId('first-run-banner').count()).toBe(0);
    await context.close();
  });
});

/** The signed-in user of the page, for calls made beside it. */
const sessionOf = async (page: Page) => ({
  token: (await page.evaluate(() => localStorage.getItem('token'))) ?? '',
  userId: (await page.evaluate(() => localStorage.getItem('user_id'))) ?? '',
});

const projectIdOf = (page: Page) => new URL(page.url().replace('#/', '')).searchParams.get('pid');

/**
 * A share link of the project on the page, opened by someone signed in who is not in the team (a member is
 * sent into the app) and who has every guide still to see: the link's stage shows none.
 */
async function expectNoGuideOnShareLink(page: Page, teamId: string) {
  const api = apiClient(server.url);
  const link = await api.call<{ code: string }>(await sessionOf(page), 'POST', 'sharesvc/link', {
    team_id: teamId,
    project_id: projectIdOf(page),
    scope: 'project',
    rights: { inspect: true, download: false, see_comments: true, comment: false },
    name: 'Sample',
  });
  const outsider = await api.signedInPage(browser, await api.register('Omar', Date.now()));
  await outsider.goto(`${server.url}/web/#/share/${link.code}`);
  await outsider.getByTestId('share-stage').waitFor();
  await outsider.getByTestId('design-card').first().waitFor();
  await expectNoGuide(outsider);
  await outsider.context().close();
}
