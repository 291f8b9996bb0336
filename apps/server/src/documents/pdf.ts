import { DocumentLimits, JobLimits } from '@ferry/shared';
import { ChildPool, OUT_OF_MEMORY } from '../design/child-pool.js';
import { DocumentFault, type DocumentFaultCode } from './faults.js';
import type { DrawnPage, DrawnPicture } from './pdf-draw.js';

export type { DrawnPage, DrawnPicture } from './pdf-draw.js';

/**
 * PDF readers (pdf-child.mjs). One that answered a probe waits for the next upload, so a batch of uploads does
 * not start one per file; drawing always ends its child.
 */
const readers = new ChildPool(new URL('./pdf-child.mjs', import.meta.url), 'PDF reader', 1);
/** A probe answers an upload's registration while the user waits: a file that takes longer is refused. */
const PROBE_MS = 30_000;

export interface PdfLimits {
  /** The ceiling for opening the file and for each page after it. */
  timeMs: number;
  memoryMb: number;
}

const DEFAULT_LIMITS: PdfLimits = {
  timeMs: DocumentLimits.conversionTimeMs,
  memoryMb: JobLimits.renderMemoryMb,
};

interface Answer {
  ready?: true;
  page?: DrawnPage;
  picture?: DrawnPicture;
  done?: { pageCount: number };
  fault?: { code: DocumentFaultCode; message: string };
  error?: { message: string };
}

/** What the child hands over one at a time: a document's page, or a page drawn as a design's picture. */
type Drawn = { page: DrawnPage } | { picture: DrawnPicture };

/**
 * Runs one request in a child: `onDrawn` is awaited before the child draws the next page, so at most one
 * page is held on either side. Past the time ceiling (per step) or the memory ceiling the child is killed and
 * the promise rejects with DOCUMENT_CONVERSION_FAILED; the child's own faults come back as DocumentFaults.
 */
async function inChild(
  request: { op: 'probe' | 'draw' | 'pictures'; data: Buffer; fromPage?: number; pages?: number[] },
  limits: PdfLimits,
  stepMs: number,
  onDrawn?: (drawn: Drawn) => Promise<void>,
): Promise<{ pageCount: number }> {
  const child = await readers.take().catch((error: Error) => {
    throw new DocumentFault('DOCUMENT_CONVERSION_FAILED', error.message);
  });
  return new Promise((resolve, reject) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    /** `answered`: the child finished its work and may serve another probe. */
    const finish = (settle: () => void, answered = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.removeAllListeners('message');
      child.removeAllListeners('exit');
      if (answered && request.op === 'probe') readers.putBack(child);
      else child.kill('SIGKILL');
      settle();
    };
    const fail = (message: string) =>
      finish(() => reject(new DocumentFault('DOCUMENT_CONVERSION_FAILED', message)));
    const clock = () => {
      clearTimeout(timer);
      timer = setTimeout(() => fail(`reading the PDF took longer than ${stepMs} ms`), stepMs);
    };
    child.on('message', (answer: Answer) => {
      const drawn = drawnOf(answer);
      if (drawn) {
        clearTimeout(timer);
        (onDrawn ? onDrawn(drawn) : Promise.resolve()).then(
          () => {
            if (settled) return;
            clock();
            child.send({ op: 'next' });
          },
          (error: unknown) => finish(() => reject(error)),
        );
        return;
      }
      if (answer.done) {
        const done = answer.done;
        finish(() => resolve(done), true);
      } else if (answer.fault) {
        const { code, message } = answer.fault;
        finish(() => reject(new DocumentFault(code, message)), true);
      } else {
        fail(answer.error?.message ?? 'no answer');
      }
    });
    child.once('exit', (code, signal) =>
      fail(
        code === OUT_OF_MEMORY
          ? `reading the PDF needed more than ${limits.memoryMb} MB`
          : `the PDF reader stopped (${code ?? signal})`,
      ),
    );
    clock();
    child.send({ ...request, memoryMb: limits.memoryMb }, (error) => {
      if (error) fail(error.message);
    });
  });
}

/** Buffers arrive through the channel as plain Uint8Arrays. */
const buffer = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);

function drawnOf({ page, picture }: Answer): Drawn | null {
  if (page) return { page: { ...page, thumb: buffer(page.thumb), image: buffer(page.image) } };
  if (picture) return { picture: { ...picture, png: buffer(picture.png) } };
  return null;
}

/**
 * A PDF's page count, read in the child: DOCUMENT_ENCRYPTED (a password is needed to open it),
 * DOCUMENT_MALFORMED (not a PDF, or unreadable), DOCUMENT_TOO_MANY_PAGES (over DocumentLimits.maxPages).
 */
export async function probePdf(
  pdf: Buffer,
  limits: PdfLimits = DEFAULT_LIMITS,
): Promise<{ pageCount: number }> {
  return inChild({ op: 'probe', data: pdf }, limits, Math.min(PROBE_MS, limits.timeMs));
}

/**
 * Draws every page from `fromPage` (1-based; earlier pages were stored before a restart) in order, handing each
 * to `onPage` as it is done: WebP at DocumentLimits.thumbWidth and pageWidth, its text runs and plain text.
 */
export async function drawPdf(
  pdf: Buffer,
  onPage: (page: DrawnPage) => Promise<void>,
  options: { fromPage?: number; limits?: PdfLimits } = {},
): Promise<{ pageCount: number }> {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const request = { op: 'draw' as const, data: pdf, fromPage: options.fromPage ?? 1 };
  return inChild(request, limits, limits.timeMs, async (drawn) => {
    if ('page' in drawn) await onPage(drawn.page);
  });
}

/**
 * Draws the given pages (1-based) as designs' pictures, in that order, handing each to `onPicture` as it is
 * done: PNG at two pixels a point, smaller where the design's pixel limits need it (pdf-draw.ts designScaleOf).
 * Pages past the end are skipped. The ceilings apply to opening the file and to each page, as for drawPdf.
 */
export async function drawPdfPictures(
  pdf: Buffer,
  pages: number[],
  onPicture: (picture: DrawnPicture) => Promise<void>,
  limits: PdfLimits = DEFAULT_LIMITS,
): Promise<{ pageCount: number }> {
  return inChild({ op: 'pictures', data: pdf, pages }, limits, limits.timeMs, async (drawn) => {
    if ('picture' in drawn) await onPicture(drawn.picture);
  });
}
