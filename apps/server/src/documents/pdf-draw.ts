// The drawing side of pdf.ts: runs inside pdf-child.mjs, never in the server process (pdf.js parses on the
// calling thread in Node, and a hostile file may take minutes or gigabytes).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { DocumentPageText } from '@ferry/shared';
import { DesignLimits, DocumentLimits, JobLimits } from '@ferry/shared';
import type { PageViewport, PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem, TextMarkedContent } from 'pdfjs-dist/types/src/display/api.js';
import sharp, { type Sharp } from 'sharp';
import { DocumentFault } from './faults.js';

export { DocumentFault };

export interface DrawnPage {
  page: number;
  /** The page's size in points, as shown (rotation applied). */
  width: number;
  height: number;
  /** The page's words for search: runs joined, lines kept. */
  text: string;
  items: DocumentPageText['items'];
  /** WebP, DocumentLimits.thumbWidth wide. */
  thumb: Buffer;
  /** WebP, DocumentLimits.pageWidth wide (narrower only for pages taller than WebP allows). */
  image: Buffer;
}

/** One page drawn as a design's picture: PNG pixels at the size given. */
export interface DrawnPicture {
  page: number;
  width: number;
  height: number;
  png: Buffer;
}

/** A page drawn as a design is drawn at 144 dpi (two pixels a point), so small type stays legible when zoomed. */
const DESIGN_SCALE = 2;

/** WebP's largest side. */
const WEBP_MAX_SIDE = 16_383;
/** Effort 2 of 6: a third of the default's time for files a few per cent larger. */
const WEBP = { quality: 80, effort: 2 } as const;

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

/**
 * Opens a PDF: a password → DOCUMENT_ENCRYPTED, anything pdf.js cannot read → DOCUMENT_MALFORMED. Files whose
 * header is not a PDF's are refused before pdf.js, which would otherwise try to rebuild any bytes as one.
 */
export async function openPdf(data: Uint8Array): Promise<PDFDocumentProxy> {
  const head = Buffer.from(data.subarray(0, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) throw new DocumentFault('DOCUMENT_MALFORMED', 'no PDF header');
  try {
    return await getDocument({
      // pdf.js takes the array over; the caller's copy stays usable.
      data: new Uint8Array(data),
      standardFontDataUrl: `${join(pdfjsRoot, 'standard_fonts')}/`,
      cMapUrl: `${join(pdfjsRoot, 'cmaps')}/`,
      cMapPacked: true,
      wasmUrl: `${join(pdfjsRoot, 'wasm')}/`,
      isEvalSupported: false,
      enableXfa: false,
      verbosity: 0,
    }).promise;
  } catch (error) {
    const name = (error as Error)?.name;
    if (name === 'PasswordException')
      throw new DocumentFault('DOCUMENT_ENCRYPTED', 'the PDF needs a password');
    throw new DocumentFault('DOCUMENT_MALFORMED', `unreadable PDF: ${(error as Error)?.message}`);
  }
}

export async function countPages(data: Uint8Array): Promise<{ pageCount: number }> {
  const doc = await openPdf(data);
  try {
    return { pageCount: checkedPageCount(doc) };
  } finally {
    await doc.destroy();
  }
}

export function checkedPageCount(doc: PDFDocumentProxy): number {
  if (doc.numPages > DocumentLimits.maxPages) {
    throw new DocumentFault('DOCUMENT_TOO_MANY_PAGES', `${doc.numPages} pages`);
  }
  if (doc.numPages < 1) throw new DocumentFault('DOCUMENT_MALFORMED', 'no pages');
  return doc.numPages;
}

type PdfPage = Awaited<ReturnType<PDFDocumentProxy['getPage']>>;

/** Runs `work` on one page; a page pdf.js cannot open is DOCUMENT_MALFORMED, and its caches are dropped after. */
async function withPage<T>(doc: PDFDocumentProxy, number: number, work: (page: PdfPage) => Promise<T>) {
  let page: PdfPage;
  try {
    page = await doc.getPage(number);
  } catch (error) {
    throw new DocumentFault('DOCUMENT_MALFORMED', `page ${number}: ${(error as Error)?.message}`);
  }
  try {
    return await work(page);
  } finally {
    page.cleanup();
  }
}

/**
 * Draws the page at `scale` and hands its pixels to `encode` as an opaque RGB sharp pipeline; the canvas is
 * freed once the encoding is done.
 */
async function withPixels<T>(
  doc: PDFDocumentProxy,
  page: PdfPage,
  scale: number,
  encode: (pixels: Sharp, size: { width: number; height: number }) => Promise<T>,
): Promise<T> {
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.round(viewport.width));
  const height = Math.max(1, Math.round(viewport.height));
  const factory = doc.canvasFactory as {
    create(w: number, h: number): { canvas: { data(): Buffer; width: number }; context: unknown };
  };
  const { canvas, context } = factory.create(width, height);
  try {
    await page.render({
      canvasContext: context as CanvasRenderingContext2D,
      canvas: canvas as unknown as HTMLCanvasElement,
      viewport,
    }).promise;
    // pdf.js paints the page white first, so every pixel is opaque and premultiplied RGBA reads as plain RGBA.
    const pixels = sharp(canvas.data(), { raw: { width, height, channels: 4 } }).removeAlpha();
    return await encode(pixels, { width, height });
  } finally {
    canvas.width = 0;
  }
}

/** Draws one page at both widths and lays out its text. */
export async function drawPage(doc: PDFDocumentProxy, number: number): Promise<DrawnPage> {
  return withPage(doc, number, async (page) => {
    const natural = page.getViewport({ scale: 1 });
    const scale = Math.min(DocumentLimits.pageWidth / natural.width, WEBP_MAX_SIDE / natural.height);
    const [image, thumb] = await withPixels(doc, page, scale, (pixels) =>
      Promise.all([
        pixels.clone().webp(WEBP).toBuffer(),
        pixels
          .clone()
          .resize({ width: DocumentLimits.thumbWidth, height: WEBP_MAX_SIDE, fit: 'inside' })
          .webp(WEBP)
          .toBuffer(),
      ]),
    );
    const content = await page.getTextContent();
    const { text, items } = layOutText(content.items, natural);
    return { page: number, width: natural.width, height: natural.height, text, items, thumb, image };
  });
}

/**
 * The scale a page is drawn at as a design: DESIGN_SCALE, less for a page whose picture would pass the
 * design's side limit or the pixel budget of vectors drawn as designs (the SVG rule of design/raster.ts).
 */
export function designScaleOf(width: number, height: number): number {
  return Math.min(
    DESIGN_SCALE,
    (DesignLimits.maxSidePx - 1) / width,
    (DesignLimits.maxSidePx - 1) / height,
    Math.sqrt(JobLimits.vectorMaxPixels / (width * height)),
  );
}

/** Draws one page as a design's picture: PNG at designScaleOf the page's size in points. */
export async function drawPicture(doc: PDFDocumentProxy, number: number): Promise<DrawnPicture> {
  return withPage(doc, number, async (page) => {
    const natural = page.getViewport({ scale: 1 });
    const scale = designScaleOf(natural.width, natural.height);
    return withPixels(doc, page, scale, async (pixels, { width, height }) => ({
      page: number,
      width,
      height,
      png: await pixels.png().toBuffer(),
    }));
  });
}

type Viewport = Pick<PageViewport, 'width' | 'height' | 'convertToViewportPoint'>;

const round = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 10_000) / 10_000;

/**
 * Each text run's box in fractions of the page (y from the top), and the page's plain text. A run's box spans
 * its advance along the text direction and its font size across it, from a little under the baseline, so
 * rotated pages and vertical text land where they are drawn.
 */
export function layOutText(
  runs: (TextItem | TextMarkedContent)[],
  viewport: Viewport,
): { text: string; items: DocumentPageText['items'] } {
  const items: DocumentPageText['items'] = [];
  let text = '';
  let previous: { x: number; y: number; size: number } | null = null;
  for (const run of runs) {
    if (!('str' in run)) continue;
    const [a, b, c, d, e, f] = run.transform as number[];
    const along = Math.hypot(a, b) || 1;
    const across = Math.hypot(c, d) || 1;
    const size = run.height || across;
    if (run.str.trim() !== '') {
      const dir = [a / along, b / along];
      const up = [c / across, d / across];
      const base = [e - 0.2 * size * up[0], f - 0.2 * size * up[1]];
      const corners = [
        base,
        [base[0] + dir[0] * run.width, base[1] + dir[1] * run.width],
        [base[0] + up[0] * size, base[1] + up[1] * size],
        [base[0] + dir[0] * run.width + up[0] * size, base[1] + dir[1] * run.width + up[1] * size],
      ].map(([x, y]) => viewport.convertToViewportPoint(x, y));
      const xs = corners.map(([x]) => x);
      const ys = corners.map(([, y]) => y);
      const left = Math.min(...xs) / viewport.width;
      const top = Math.min(...ys) / viewport.height;
      items.push({
        str: run.str,
        x: round(left),
        y: round(top),
        w: round(Math.max(...xs) / viewport.width - left),
        h: round(Math.max(...ys) / viewport.height - top),
      });
      text += separator(text, run.str, previous, e, f, size);
      text += run.str;
      previous = { x: e + (a / along) * run.width, y: f, size };
    }
    if (run.hasEOL) {
      text += '\n';
      previous = null;
    }
  }
  return { text: tidy(text), items };
}

/** What goes between two runs: nothing inside a word, a space across a gap, a line break when the line changed. */
function separator(
  text: string,
  next: string,
  previous: { x: number; y: number; size: number } | null,
  x: number,
  y: number,
  size: number,
): string {
  if (text === '' || /\s$/.test(text) || /^\s/.test(next)) return '';
  if (!previous) return ' ';
  if (Math.abs(y - previous.y) > 0.5 * Math.max(size, previous.size)) return '\n';
  return Math.abs(x - previous.x) > 0.15 * size ? ' ' : '';
}

function tidy(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters from fonts are dropped.
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .replace(/[ \t\u00a0]+/g, ' ')
      .split('\n')
      .map((line) => line.trim())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
