import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './api.js';
import { screenshot as capture, launchBrowser, type RunningServer, startServer } from './harness.js';

/**
 * Design QA (the walkthrough): Mia, a member, uploads a design, adds it as a page of the project's design QA
 * from the stage, and uploads a screenshot of the built page (the same SVG with three changes, drawn @2x).
 * The comparison proposes the three differences; she nudges the screenshot with the arrow keys (saved, then
 * back), tries the four compare modes and accepts the changed text as an issue assigned to Theo. Theo opens
 * the notice from his message centre, lands on the issue and solves it; Mia's screen shows it solved.
 */
const SVG = readFileSync(
  path.join(import.meta.dirname, 'test-data', 'wikimediaui-button_groups_states.svg'),
  'utf8',
);
/** The design's size in design px. */
const DESIGN = { width: 449, height: 336 };
/**
 * The design with three changes (as apps/server/src/modules/walkthrough/fixtures.ts): the blue "Talk" button
 * turned red, the disabled button group moved 12 px down, and the text "Other" of the third row now "Later".
 */
const CHANGED_SVG = SVG.replace(
  'fill="#2A4B8D" stroke="#2A4B8D" d="M321.5 224.5',
  'fill="#D73333" stroke="#D73333" d="M321.5 224.5',
)
  .replace(
    '<g id=":disabled" transform="translate(192 279.5)">',
    '<g id=":disabled" transform="translate(192 291.5)">',
  )
  .replace('<tspan x="267.012" y="133">Other</tspan>', '<tspan x="267.012" y="133">Later</tspan>');

interface Candidate {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  expected_text: string;
}
interface Shot {
  contrast_id: string;
  scale: number;
  offset_x: number;
  offset_y: number;
  detected_scale: number;
  diff_status: string;
  candidates: Candidate[];
}

let server: RunningServer;
let browser: Browser;
let api: ReturnType<typeof apiClient>;
let mia: Session;
let theo: Session;
let teamId: string;
let projectId: string;
let imageId: string;
let pageId: string;
let contrastId: string;
let issueId: string;
let page: Page;
let shotFolder: string;
let shotFile: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  api = apiClient(server.url);
  const stamp = Date.now();
  const owner = await api.register('Nora', stamp);
  ({ teamId, projectId } = await api.teamWithProject(owner, 'HarbourStudio', {
    name: 'WikiButtons',
    type: 'web',
  }));
  mia = await api.joinedMember(owner, teamId, 'member', 'Mia', stamp + 1);
  theo = await api.joinedMember(owner, teamId, 'member', 'Theo', stamp + 2);
  // Mia uploads the design; its layers (what the design expects) are read before it is compared.
  [{ id: imageId }] = await api.uploadDesigns(mia, { teamId, projectId }, [
    { name: 'Button groups.svg', data: Buffer.from(SVG) },
  ]);
  await api.waitForDesign(mia, { teamId, projectId, imageId });
  // The screenshot of the built page, as a @2x phone would take it, a file for the picker.
  shotFolder = mkdtempSync(path.join(tmpdir(), 'ferry-e2e-shot-'));
  shotFile = path.join(shotFolder, 'Button groups@2x.png');
  writeFileSync(shotFile, await sharp(Buffer.from(CHANGED_SVG), { density: 144 }).png().toBuffer());
  page = await api.signedInPage(browser, mia, { width: 1440, height: 900 });
  page.setDefaultTimeout(20_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (shotFolder) rmSync(shotFolder, { recursive: true, force: true });
});

/** A screenshot once animations have settled. */
async function screenshot(on: Page, name: string) {
  await on.waitForTimeout(400);
  await capture(on, `walkthrough-${name}`);
}

async function shotOnServer(): Promise<Shot> {
  return api.call<Shot>(
    mia,
    'GET',
    `pangu/walkthrough/page/contrast_image?team_id=${teamId}&project_id=${projectId}&contrast_id=${contrastId}`,
  );
}

/**
 * Polls until the expectation holds: the screens answer after their reads, which take their time on a busy
 * machine (vitest's default is one second).
 */
const poll = <T>(read: () => T | Promise<T>, timeout = 20_000) =>
  expect.poll(read, { timeout, interval: 200 });

const compareState = (on: Page) => on.getByTestId('wt-compare-state').getAttribute('data-status');

/** Waits until the screenshot's comparison is done, on the screen and on the server. */
async function compared(on: Page) {
  await poll(async () => (await shotOnServer()).diff_status, 90_000).toBe('ready');
  await poll(() => compareState(on)).toBe('ready');
}

/** The text difference: what the design expects there names the text style and the design's word. */
const TEXT_EXPECTED = /^expected text 16 px #202122 .*“Other”/;
const DESCRIPTION = 'The Active row says “Later” where the design says “Other”';

describe('design QA in the browser', () => {
  it('adds the uploaded design as a page from the stage’s Design QA button', async () => {
    await page.goto(`${server.url}/web/#/item/project/stage?tid=${teamId}&pid=${projectId}`);
    await page.getByTestId('stage-walkthrough').click();
    await page.waitForURL((url) => url.hash.includes('/item/project/walkthrough'));
    await page.getByTestId('wt-pages-empty').waitFor();
    await page.getByTestId('wt-add-designs').click();
    await page.locator(`[data-testid="wt-design-choice"][data-image-id="${imageId}"]`).click();
    await page.getByTestId('wt-add-designs-save').click();
    await poll(() => page.getByTestId('wt-page-row').count()).toBe(1);
    const workspace = page.getByTestId('wt-workspace');
    await workspace.waitFor();
    pageId = (await workspace.getAttribute('data-page-id')) ?? '';
    expect(pageId).not.toBe('');
    await poll(() => page.url()).toContain(`pageId=${pageId}`);
    expect(await page.getByTestId('wt-page-name').textContent()).toBe('Button groups');
    await page.getByTestId('wt-shots-empty').waitFor();
  });

  it('uploads a @2x screenshot with three changes, compared and its differences proposed', async () => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('wt-shot-upload').click();
    await (await chooser).setFiles(shotFile);
    const tab = page.getByTestId('wt-shot-tab');
    await tab.waitFor({ timeout: 30_000 });
    contrastId = (await tab.getAttribute('data-contrast-id')) ?? '';
    await compared(page);
    // The upload tray has told; closed, it no longer covers the screenshots and the zoom.
    await page.getByTestId('upload-tray-clear').click();
    await page.getByTestId('upload-tray').waitFor({ state: 'detached' });

    // Read @2x from its width, aligned at 0, 0.
    expect(await page.getByTestId('wt-detected-scale').textContent()).toContain('@2x');
    const scale = await page
      .getByTestId('wt-scale')
      .evaluate((field) => (field instanceof HTMLInputElement ? field : field.querySelector('input'))?.value);
    expect(Number(scale)).toBe(2);
    expect(await page.getByTestId('wt-offset').textContent()).toBe('offset 0, 0');

    await page.getByTestId('wt-tab-candidates').click();
    const rows = page.getByTestId('wt-candidate');
    await poll(() => rows.count()).toBe(3);
    const texts = await page.getByTestId('wt-candidate-expected').allTextContents();
    expect(texts).toEqual(expect.arrayContaining([expect.stringMatching(TEXT_EXPECTED)]));
    expect(texts.join('\n')).toContain('fill #2A4B8D');

    // Each dashed box lies on its difference: the box's place over the design, in design px.
    const { candidates } = await shotOnServer();
    expect(candidates).toHaveLength(3);
    const design = await page.getByTestId('wt-design').boundingBox();
    if (!design) throw new Error('the design is not on screen');
    const zoom = design.width / DESIGN.width;
    for (const candidate of candidates) {
      // Inside its border, which frames the region from outside.
      const box = await page
        .locator(`[data-testid="wt-candidate-box"][data-candidate-id="${candidate.id}"]`)
        .evaluate((element) => {
          const outer = element.getBoundingClientRect();
          return {
            x: outer.left + element.clientLeft,
            y: outer.top + element.clientTop,
            width: element.clientWidth,
            height: element.clientHeight,
          };
        });
      expect(Math.abs((box.x - design.x) / zoom - candidate.x)).toBeLessThan(2);
      expect(Math.abs((box.y - design.y) / zoom - candidate.y)).toBeLessThan(2);
      expect(Math.abs(box.width / zoom - candidate.width)).toBeLessThan(2);
      expect(Math.abs(box.height / zoom - candidate.height)).toBeLessThan(2);
    }
    await screenshot(page, '01-overlay-differences');
  });

  it('shows the screenshot in the four compare modes', async () => {
    const canvas = page.getByTestId('wt-canvas');
    for (const mode of ['side', 'overlay', 'swipe', 'difference'] as const) {
      await page.getByTestId(`wt-mode-${mode}`).click();
      await poll(() => canvas.getAttribute('data-mode')).toBe(mode);
      if (mode === 'side') await page.getByTestId('wt-shot-half').waitFor();
      if (mode === 'swipe') await page.getByTestId('wt-divider').waitFor();
      await poll(() =>
        page
          .getByTestId('wt-shot-image')
          .first()
          .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
      ).toBe(DESIGN.width * 2);
      await screenshot(page, `02-mode-${mode}`);
    }
    await page.getByTestId('wt-mode-overlay').click();
    await poll(() => canvas.getAttribute('data-mode')).toBe('overlay');
  });

  it('nudges the screenshot with the arrow keys, saved and compared again, then back', async () => {
    // Away from the toolbar's buttons (keys pressed on a control are the control's): a press on the canvas.
    const canvas = await page.getByTestId('wt-canvas').boundingBox();
    if (!canvas) throw new Error('no canvas');
    await page.mouse.click(canvas.x + 8, canvas.y + canvas.height - 8);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    expect(await page.getByTestId('wt-offset').textContent()).toBe('offset 2, 1');
    await poll(async () => {
      const shot = await shotOnServer();
      return [shot.offset_x, shot.offset_y];
    }).toEqual([2, 1]);
    await compared(page);
    expect(await page.getByTestId('wt-offset').textContent()).toBe('offset 2, 1');
    await screenshot(page, '03-nudged');

    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowUp');
    expect(await page.getByTestId('wt-offset').textContent()).toBe('offset 0, 0');
    await poll(async () => {
      const shot = await shotOnServer();
      return [shot.offset_x, shot.offset_y];
    }).toEqual([0, 0]);
    await compared(page);
    await poll(() => page.getByTestId('wt-candidate').count()).toBe(3);
    expect((await shotOnServer()).candidates).toHaveLength(3);
  });

  it('accepts the changed text as an issue assigned to Theo', async () => {
    const row = page.getByTestId('wt-candidate').filter({ hasText: 'expected text 16 px #202122' });
    await row.getByTestId('wt-candidate-accept').click();
    const dialog = page.getByTestId('wt-issue-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('wt-issue-hint').textContent()).toMatch(TEXT_EXPECTED);
    await dialog.getByTestId('wt-issue-input').fill(DESCRIPTION);
    await dialog.getByRole('combobox').first().click();
    await page.locator('.ant-select-item-option', { hasText: 'Theo' }).click();
    await page.getByTestId('wt-issue-save').click();
    await dialog.waitFor({ state: 'detached' });

    // The issue is selected in the panel (and the address); the proposal is gone from the differences.
    const issue = page.getByTestId('wt-issue');
    await poll(() => issue.count()).toBe(1);
    issueId = (await issue.getAttribute('data-issue-id')) ?? '';
    await poll(() => page.url()).toContain(`issueId=${issueId}`);
    expect(await issue.getAttribute('class')).toContain('is-selected');
    expect(await issue.getAttribute('data-state')).toBe('open');
    expect(await issue.getByTestId('wt-issue-description').textContent()).toBe(DESCRIPTION);
    expect(await issue.getByTestId('wt-issue-expected').textContent()).toMatch(TEXT_EXPECTED);
    expect(await issue.getByTestId('wt-issue-assignee').textContent()).toContain('Theo');
    await page.locator(`[data-testid="wt-issue-box"][data-issue-id="${issueId}"]`).waitFor();
    await poll(async () => (await shotOnServer()).candidates.length).toBe(2);
    await poll(() => page.getByTestId('wt-page-counts').textContent()).toBe('1 to fix · 0 solved');
    await screenshot(page, '04-issue-panel');
  });

  it('Theo opens the notice in his message centre, lands on the issue and solves it; Mia sees it solved', async () => {
    const theoPage = await api.signedInPage(browser, theo, { width: 1440, height: 900 });
    theoPage.setDefaultTimeout(20_000);
    await theoPage.goto(`${server.url}/web/#/item?fid=all&tid=${teamId}`);
    await poll(() => theoPage.getByTestId('notification-count').getAttribute('data-count')).toBe('1');
    await theoPage.getByTestId('notification-bell').click();
    const notice = theoPage.getByTestId('message-item').first();
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Mia assigned you a design QA issue');
    await screenshot(theoPage, '05-message-centre');
    await notice.getByTestId('message-open').click();

    await theoPage.waitForURL((url) => url.hash.includes('/item/project/walkthrough'));
    const query = new URLSearchParams(new URL(theoPage.url()).hash.split('?')[1]);
    expect(query.get('pageId')).toBe(pageId);
    expect(query.get('issueId')).toBe(issueId);
    const issue = theoPage.locator(`[data-testid="wt-issue"][data-issue-id="${issueId}"]`);
    await issue.waitFor();
    await poll(() => issue.getAttribute('class')).toContain('is-selected');
    expect(await issue.getByTestId('wt-issue-expected').textContent()).toMatch(TEXT_EXPECTED);
    expect(await issue.getByTestId('wt-issue-assignee').textContent()).toContain('Theo');
    const box = theoPage.locator(`[data-testid="wt-issue-box"][data-issue-id="${issueId}"]`);
    await poll(() => box.getAttribute('class')).toContain('is-selected');
    await poll(() => compareState(theoPage)).toBe('ready');
    await screenshot(theoPage, '06-assignee');

    await issue.getByTestId('wt-issue-solve').click();
    await poll(() => issue.getAttribute('data-state')).toBe('solved');
    await screenshot(theoPage, '07-assignee-solved');

    // Mia's screen, open all along, hears of it.
    const miaIssue = page.locator(`[data-testid="wt-issue"][data-issue-id="${issueId}"]`);
    await poll(() => miaIssue.getAttribute('data-state'), 15_000).toBe('solved');
    await poll(() => page.getByTestId('wt-page-counts').textContent()).toBe('0 to fix · 1 solved');
    await poll(() =>
      page.locator(`[data-testid="wt-issue-box"][data-issue-id="${issueId}"]`).getAttribute('data-state'),
    ).toBe('solved');
    await screenshot(page, '08-solved');
    await theoPage.context().close();
  });
});
