import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DocumentLimits } from '@ferry/shared';
import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { DocumentFault } from './faults.js';
import { type DrawnPage, drawPdf, probePdf } from './pdf.js';

/** test-data/SOURCES.md says where each file comes from. */
const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, 'test-data', name));
const googleDoc = fixture('pypdf-google-doc-document.pdf');

async function faultOf(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DocumentFault);
  return (error as DocumentFault).code;
}

async function drawAll(pdf: Buffer, options?: Parameters<typeof drawPdf>[2]) {
  const pages: DrawnPage[] = [];
  const result = await drawPdf(pdf, async (page) => void pages.push(page), options);
  return { ...result, pages };
}

/** A PDF of `count` Letter pages, each saying which page it is. */
async function numberedPdf(count: number, rotate = 0): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= count; n += 1) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Page ${n} marker`, { x: 72, y: 700, size: 24, font });
    if (rotate) page.setRotation(degrees(rotate));
  }
  return Buffer.from(await doc.save());
}

describe('probePdf', () => {
  test('counts the pages of a real PDF', async () => {
    expect(await probePdf(googleDoc)).toEqual({ pageCount: 1 });
  });

  test('refuses a PDF that needs a password', async () => {
    expect(await faultOf(probePdf(fixture('encrypted-password-x.pdf')))).toBe('DOCUMENT_ENCRYPTED');
  });

  test('refuses a truncated PDF, a program renamed .pdf and an empty file', async () => {
    expect(await faultOf(probePdf(googleDoc.subarray(0, 3000)))).toBe('DOCUMENT_MALFORMED');
    expect(await faultOf(probePdf(readFileSync(process.execPath).subarray(0, 256 * 1024)))).toBe(
      'DOCUMENT_MALFORMED',
    );
    expect(await faultOf(probePdf(Buffer.alloc(0)))).toBe('DOCUMENT_MALFORMED');
  });

  test(`refuses more than ${DocumentLimits.maxPages} pages`, async () => {
    const doc = await PDFDocument.create();
    for (let n = 0; n <= DocumentLimits.maxPages; n += 1) doc.addPage([100, 100]);
    const pdf = Buffer.from(await doc.save());
    expect(await faultOf(probePdf(pdf))).toBe('DOCUMENT_TOO_MANY_PAGES');
    expect(await faultOf(drawPdf(pdf, async () => {}))).toBe('DOCUMENT_TOO_MANY_PAGES');
  });
});

describe('drawPdf', () => {
  test('draws a real page at both widths with its text laid out', async () => {
    const { pageCount, pages } = await drawAll(googleDoc);
    expect(pageCount).toBe(1);
    const [page] = pages;
    // A4 in points.
    expect(page).toMatchObject({ page: 1, width: 596, height: 842 });
    const image = await sharp(page.image).metadata();
    const thumb = await sharp(page.thumb).metadata();
    expect(image).toMatchObject({ format: 'webp', width: DocumentLimits.pageWidth, height: 2260 });
    expect(thumb).toMatchObject({ format: 'webp', width: DocumentLimits.thumbWidth, height: 339 });
    // The page is drawn: black text on white, not a blank sheet.
    const { channels } = await sharp(page.image).stats();
    expect(channels[0].min).toBeLessThan(40);
    expect(channels[0].max).toBeGreaterThan(240);

    expect(page.text).toContain('Example document\nBeautiful is better than ugly.\n');
    expect(page.text).toContain('Namespaces are one honking great idea');
    expect(page.text).toContain('Vatican City');
    // The title sits 72 pt from the left, near the top of the page.
    const title = page.items.find((item) => item.str === 'Example document');
    expect(title?.x).toBeCloseTo(72 / 596, 2);
    expect(title?.y).toBeGreaterThan(0.07);
    expect(title?.y).toBeLessThan(0.1);
    expect(title?.h).toBeGreaterThan(0.02);
    for (const item of page.items) {
      expect(item.x + item.w).toBeLessThanOrEqual(1);
      expect(item.y + item.h).toBeLessThanOrEqual(1);
    }
  });

  test('a rotated page is measured and laid out as shown', async () => {
    const { pages } = await drawAll(await numberedPdf(1, 90));
    expect(pages[0]).toMatchObject({ width: 792, height: 612, text: 'Page 1 marker' });
    const [run] = pages[0].items;
    // Turned a quarter clockwise, the line runs down the page near its right edge.
    expect(run.h).toBeGreaterThan(run.w);
    expect(run.x).toBeGreaterThan(0.8);
    expect((await sharp(pages[0].image).metadata()).width).toBe(DocumentLimits.pageWidth);
  });

  test('draws a 100-page PDF from a given page, in order, one page in flight at a time', async () => {
    const pdf = await numberedPdf(100);
    const drawn: number[] = [];
    let storing = false;
    const started = performance.now();
    const result = await drawPdf(
      pdf,
      async (page) => {
        expect(storing).toBe(false);
        storing = true;
        expect(page.text).toBe(`Page ${page.page} marker`);
        await new Promise((resolve) => setTimeout(resolve, 1));
        drawn.push(page.page);
        storing = false;
      },
      { fromPage: 41 },
    );
    const seconds = (performance.now() - started) / 1000;
    console.info(`drew 60 pages in ${seconds.toFixed(1)} s (${(60 / seconds).toFixed(1)} pages/s)`);
    expect(result).toEqual({ pageCount: 100 });
    expect(drawn).toEqual(Array.from({ length: 60 }, (_, i) => i + 41));
  }, 120_000);

  test('refuses what probePdf refuses', async () => {
    expect(await faultOf(drawPdf(fixture('encrypted-password-x.pdf'), async () => {}))).toBe(
      'DOCUMENT_ENCRYPTED',
    );
    expect(await faultOf(drawPdf(googleDoc.subarray(0, 3000), async () => {}))).toBe('DOCUMENT_MALFORMED');
  });

  test('stops the drawing past the time or memory ceiling', async () => {
    const pdf = await numberedPdf(3);
    const slow = drawPdf(pdf, async () => {}, { limits: { timeMs: 5, memoryMb: 4096 } });
    expect(await faultOf(slow)).toBe('DOCUMENT_CONVERSION_FAILED');
    const big = drawPdf(pdf, async () => {}, { limits: { timeMs: 60_000, memoryMb: 16 } });
    await expect(big).rejects.toThrow(/more than 16 MB/);
  });

  test('a failure to store a page stops the drawing with that failure', async () => {
    const pdf = await numberedPdf(5);
    const seen: number[] = [];
    const failing = drawPdf(pdf, async (page) => {
      seen.push(page.page);
      if (page.page === 2) throw new Error('disk full');
    });
    await expect(failing).rejects.toThrow('disk full');
    expect(seen).toEqual([1, 2]);
  });
});
