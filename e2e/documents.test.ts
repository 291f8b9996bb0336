import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxOf } from '../apps/server/src/modules/documents/fixtures.js';
import { apiClient, type Session } from './api.js';
import { screenshot as capture, launchBrowser, type RunningServer, startServer } from './harness.js';

/**
 * A product manager puts the PRD (a 3-page PDF) and a Word brief into a group of the project's documents;
 * both are converted on the server (pdf.js, LibreOffice). A developer-to-be opens page 2 from the page list,
 * selects its text, and pins a comment on it; a second member opens the same page and sees the comment.
 */
let server: RunningServer;
let browser: Browser;
let api: ReturnType<typeof apiClient>;
let owner: Session;
let member: Session;
let teamId: string;
let projectId: string;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  api = apiClient(server.url);
  const stamp = Date.now();
  owner = await api.register('Petra', stamp);
  ({ teamId, projectId } = await api.teamWithProject(owner, 'HarbourStudio', {
    name: 'Checkout',
    type: 'web',
  }));
  member = await api.joinedMember(owner, teamId, 'member', 'Dev', stamp + 1);
  page = await api.signedInPage(browser, owner, { width: 1440, height: 900 });
  page.setDefaultTimeout(20_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A requirements document whose every page says which it is. */
async function prdPdf(pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let number = 1; number <= pages; number++) {
    const sheet = pdf.addPage([595, 842]);
    sheet.drawText(`Page ${number} of the checkout requirements`, { x: 60, y: 760, size: 20, font });
    sheet.drawText('The cart shows the total before tax and the delivery options.', {
      x: 60,
      y: 720,
      size: 12,
      font,
    });
  }
  return Buffer.from(await pdf.save());
}

const productUrl = (query = '') =>
  `${server.url}/web/#/item/project/product?tid=${teamId}&pid=${projectId}${query}`;
const rowNamed = (name: string) => page.getByTestId('doc-row').filter({ hasText: name });

describe('product documents in the browser', () => {
  it('uploads a PDF and a DOCX into a group, where both are converted', async () => {
    await page.goto(productUrl());
    await page.getByTestId('doc-empty').waitFor();
    await page.getByTestId('doc-group-create').click();
    await page.getByTestId('doc-group-name-input').fill('PRD');
    await page.getByTestId('doc-group-name-save').click();
    const group = page.getByTestId('doc-group').filter({ hasText: 'PRD' });
    await group.waitFor();

    await group.getByTestId('doc-group-actions').click();
    const chooser = page.waitForEvent('filechooser');
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByTestId('doc-group-upload').click();
    await (await chooser).setFiles([
      { name: 'Checkout PRD.pdf', mimeType: 'application/pdf', buffer: await prdPdf(3) },
      {
        name: 'Brief.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: docxOf('The brief asks for a one-page checkout.'),
      },
    ]);
    await expect.poll(() => group.getByTestId('doc-row').count(), { timeout: 30_000 }).toBe(2);
    for (const name of ['Checkout PRD', 'Brief']) {
      await expect
        .poll(() => rowNamed(name).getAttribute('data-status'), { timeout: 90_000, interval: 500 })
        .toBe('ready');
    }
    await capture(page, 'documents-group');
  });

  it('opens page 2 from the page list and selects its text', async () => {
    await rowNamed('Checkout PRD').getByTestId('doc-open').click();
    const thumbs = page.getByTestId('doc-thumb');
    await expect.poll(() => thumbs.count(), { timeout: 15_000 }).toBe(3);
    await thumbs.nth(1).click();
    await expect.poll(() => page.url()).toContain('pageId=2');
    const text = page.getByTestId('doc-text-2');
    await text.waitFor();
    const words = text.locator('span').filter({ hasText: 'Page 2' }).first();
    await words.click({ clickCount: 3 });
    await expect.poll(() => page.evaluate(() => window.getSelection()?.toString() ?? '')).toContain('Page 2');
    await capture(page, 'documents-page-2');
  });

  it('pins a comment on page 2 that a second member sees there', async () => {
    await page.getByTestId('doc-comment-toggle').click();
    const place = page.getByTestId('doc-comment-place-2');
    await place.scrollIntoViewIfNeeded();
    const box = await place.boundingBox();
    if (!box) throw new Error('page 2 is not on screen');
    await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.25);
    await page
      .locator(
        '[data-testid="doc-comment-new-input"] textarea, textarea[data-testid="doc-comment-new-input"]',
      )
      .first()
      .fill('Should the total include tax?');
    await page.getByTestId('doc-comment-new-submit').click();
    await page
      .getByTestId('doc-comment-thread')
      .filter({ hasText: 'Should the total include tax?' })
      .waitFor();
    await capture(page, 'documents-comment');

    const docs = await api.call<{ groups: { resources: { id: string; name: string }[] }[] }>(
      member,
      'GET',
      `project/product_documents?team_id=${teamId}&project_id=${projectId}`,
    );
    const prd = docs.groups.flatMap((g) => g.resources).find((doc) => doc.name === 'Checkout PRD');
    const second = await api.signedInPage(browser, member, { width: 1440, height: 900 });
    await second.goto(productUrl(`&docId=${prd?.id}&docType=other&pageId=2`));
    await second.getByTestId('doc-comment-toggle').click();
    const thread = second
      .getByTestId('doc-comment-thread')
      .filter({ hasText: 'Should the total include tax?' });
    await thread.waitFor();
    await expect.poll(() => thread.textContent()).toContain('Petra');
    // The panel narrows the pages; the page the link names stays at the top of the view.
    const pageTop = async () => {
      const stack = await second.getByTestId('doc-stack').boundingBox();
      const named = await second.locator('[data-testid="doc-page"][data-page="2"]').boundingBox();
      return Math.abs((named?.y ?? 1e6) - (stack?.y ?? 0));
    };
    await expect.poll(pageTop).toBeLessThan(60);
    await expect
      .poll(() => second.getByTestId('doc-comment-pins-2').getByTestId('doc-comment-pin').count())
      .toBe(1);
    await capture(second, 'documents-second-member');
    await second.context().close();
  });
});
