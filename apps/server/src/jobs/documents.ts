import type { AppContext } from '../context.js';
import { unpackAxure } from '../documents/archive.js';
import { officeToPdf } from '../documents/office.js';
import { drawPdf } from '../documents/pdf.js';
import {
  type ConversionTarget,
  conversionTarget,
  settleVersion,
  storeAxureFile,
  storedPages,
  storedSourcePdf,
  storePage,
  storeSourcePdf,
  VersionGone,
} from '../modules/documents/conversion.js';
import { faultCode } from '../modules/documents/faults.js';
import { signalProjectChange } from '../realtime/signals.js';

export { DOCUMENT_PAGES_JOB } from '../modules/documents/register.js';

type OfficeExtension = Parameters<typeof officeToPdf>[1];

/** An Office file as PDF: the one a killed run converted already, else LibreOffice's (null without it). */
async function officePdf(ctx: AppContext, target: ConversionTarget, data: Buffer) {
  const kept = await storedSourcePdf(ctx, target);
  if (kept) return kept;
  const pdf = await officeToPdf(data, target.version.extension as OfficeExtension);
  if (pdf) await storeSourcePdf(ctx, target, pdf);
  return pdf;
}

async function convert(ctx: AppContext, target: ConversionTarget, data: Buffer) {
  const { version } = target;
  if (version.kind === 'axure') {
    await unpackAxure(data, (path, file) => storeAxureFile(ctx, target, path, file));
    return settleVersion(ctx, target, { status: 'ready', pageCount: null });
  }
  const pdf = version.kind === 'pdf' ? data : await officePdf(ctx, target, data);
  if (!pdf) return settleVersion(ctx, target, { status: 'unavailable' });
  // Pages already stored are skipped: a restarted server goes on where the last run stopped.
  const fromPage = (await storedPages(ctx, version.id)) + 1;
  const { pageCount } = await drawPdf(pdf, (page) => storePage(ctx, target, page), { fromPage });
  return settleVersion(ctx, target, { status: 'ready', pageCount });
}

/**
 * The `document-pages` job: a version's pages drawn (Office files converted to PDF first) or its Axure export
 * unpacked, then the version is ready, failed (the fault's code, drawn files removed) or unavailable (Office
 * without LibreOffice). Faults of the file are final; other errors are retried by the queue.
 */
export async function drawDocumentPages(ctx: AppContext, payload: Record<string, unknown>) {
  const target = await conversionTarget(ctx, String(payload.versionId));
  if (target?.version.status !== 'processing') return;
  const data = await ctx.files.read(target.version.fileKey);
  try {
    if (!data) await settleVersion(ctx, target, { status: 'failed', code: 'DOCUMENT_CONVERSION_FAILED' });
    else await convert(ctx, target, data);
  } catch (error) {
    if (error instanceof VersionGone) return ctx.files.removeUnder(target.dir);
    const code = faultCode(error);
    if (!code) throw error;
    await settleVersion(ctx, target, { status: 'failed', code });
  }
  await ctx.cache.bump();
  if (typeof payload.teamId === 'string') {
    await signalProjectChange(ctx, { id: target.projectId, teamId: payload.teamId }, 'documents');
  }
}
