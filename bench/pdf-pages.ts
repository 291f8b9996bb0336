/**
 * Figure 7: drawing a 100-page PDF for the document view. Ferry's drawPdf (a child process per document, each
 * page at the thumbnail and page widths as WebP plus its text runs, handed over one page at a time) against the
 * bare library in this script: pdf.js drawing the same pages at the same two widths on @napi-rs/canvas, encoding
 * them as WebP with the canvas, reading the same text. Two figures: the time until page 1 is viewable, and pages
 * drawn per second over the whole document. Sides alternate, BENCH_PDF_ROUNDS (default 2) each.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DocumentLimits } from '@ferry/shared';
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { drawPdf } from '../apps/server/src/documents/pdf.js';

const PAGES = 100;
const ROUNDS = Number(process.env.BENCH_PDF_ROUNDS ?? 2);

/** A text document: every page a heading and 40 lines of words, as a requirements document would be. */
async function makeDocument(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let number = 1; number <= PAGES; number++) {
    const page = pdf.addPage([595, 842]);
    page.drawText(`Requirement ${number}`, { x: 50, y: 780, size: 22, font });
    for (let line = 0; line < 40; line++) {
      const words = `The checkout page ${number}.${line} shows the cart total, the delivery options and the pay button.`;
      page.drawText(words, { x: 50, y: 740 - line * 17, size: 11, font });
    }
  }
  return Buffer.from(await pdf.save());
}

interface Timing {
  firstPageMs: number;
  totalMs: number;
}

async function ferry(data: Buffer): Promise<Timing> {
  const start = performance.now();
  let firstPageMs = 0;
  await drawPdf(data, async (page) => {
    if (page.page === 1) firstPageMs = performance.now() - start;
  });
  return { firstPageMs, totalMs: performance.now() - start };
}

const require = createRequire(import.meta.url);
const pdfjsRoot = dirname(require.resolve('pdfjs-dist/package.json'));

async function bare(data: Buffer): Promise<Timing> {
  const start = performance.now();
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({
    data: new Uint8Array(data),
    standardFontDataUrl: `${join(pdfjsRoot, 'standard_fonts')}/`,
    verbosity: 0,
  }).promise;
  let firstPageMs = 0;
  for (let number = 1; number <= doc.numPages; number++) {
    const page = await doc.getPage(number);
    for (const width of [DocumentLimits.pageWidth, DocumentLimits.thumbWidth]) {
      const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
      const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
      await page.render({
        canvasContext: canvas.getContext('2d') as unknown as CanvasRenderingContext2D,
        canvas: canvas as unknown as HTMLCanvasElement,
        viewport,
      }).promise;
      await canvas.encode('webp', 80);
    }
    await page.getTextContent();
    page.cleanup();
    if (number === 1) firstPageMs = performance.now() - start;
  }
  await doc.destroy();
  return { firstPageMs, totalMs: performance.now() - start };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

export async function pdfPages() {
  console.log(`7. A ${PAGES}-page PDF drawn for the document view vs pdf.js + @napi-rs/canvas in a script`);
  const data = await makeDocument();
  const ours: Timing[] = [];
  const theirs: Timing[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    theirs.push(await bare(data));
    ours.push(await ferry(data));
  }
  const first = [median(theirs.map((t) => t.firstPageMs)), median(ours.map((t) => t.firstPageMs))];
  const rate = [
    PAGES / (median(theirs.map((t) => t.totalMs)) / 1000),
    PAGES / (median(ours.map((t) => t.totalMs)) / 1000),
  ];
  console.log(
    `    page 1 viewable: bare ${first[0]?.toFixed(0)} ms, Ferry ${first[1]?.toFixed(0)} ms → ${((first[1] ?? 0) / (first[0] ?? 1)).toFixed(2)}×`,
  );
  console.log(
    `    pages per second: bare ${rate[0]?.toFixed(2)}, Ferry ${rate[1]?.toFixed(2)} → ${((rate[1] ?? 0) / (rate[0] ?? 1)).toFixed(2)}× the bare rate\n`,
  );
}
