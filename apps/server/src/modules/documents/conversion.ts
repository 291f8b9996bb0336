import { Codes, type DocumentPageText } from '@ferry/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DrawnPage } from '../../documents/pdf.js';
import { isForeignKeyViolation } from '../../http/db-errors.js';
import type { FaultCode } from './faults.js';
import { axureKey, pageKeys, sourcePdfKey, versionDirOf } from './keys.js';
import { documentPages, documents, documentVersions } from './tables.js';

/** What the `document-pages` job reads and writes of a version (jobs/documents.ts draws, this keeps). */

/** The version was deleted while it was being converted. */
export class VersionGone extends Error {}

export async function conversionTarget(ctx: AppContext, versionId: string) {
  const [row] = await ctx.db
    .select({ version: documentVersions, projectId: documents.projectId })
    .from(documentVersions)
    .innerJoin(documents, eq(documents.id, documentVersions.documentId))
    .where(eq(documentVersions.id, versionId));
  if (!row) return null;
  const dir = versionDirOf(row.projectId, row.version.documentId, row.version.id);
  return { ...row, dir };
}

export type ConversionTarget = NonNullable<Awaited<ReturnType<typeof conversionTarget>>>;

/** The pages stored so far: a restarted conversion goes on after the last one. */
export async function storedPages(ctx: AppContext, versionId: string): Promise<number> {
  const [{ top }] = await ctx.db
    .select({ top: sql<number>`coalesce(max(${documentPages.page}), 0)::int` })
    .from(documentPages)
    .where(eq(documentPages.versionId, versionId));
  return top;
}

/** A drawn page: its files first, then its row, so a row always names files that exist. */
export async function storePage(ctx: AppContext, target: ConversionTarget, drawn: DrawnPage) {
  const keys = pageKeys(target.dir, drawn.page);
  await ctx.files.put(keys.thumb, drawn.thumb);
  await ctx.files.put(keys.image, drawn.image);
  const text: DocumentPageText = { items: drawn.items };
  await ctx.files.put(keys.text, Buffer.from(JSON.stringify(text)));
  await ctx.db
    .insert(documentPages)
    .values({
      versionId: target.version.id,
      page: drawn.page,
      width: drawn.width,
      height: drawn.height,
      text: drawn.text,
    })
    .onConflictDoNothing()
    .catch((error) => {
      throw isForeignKeyViolation(error) ? new VersionGone() : error;
    });
}

export const storeAxureFile = (ctx: AppContext, target: ConversionTarget, path: string, data: Buffer) =>
  ctx.files.put(axureKey(target.dir, path), data);

export async function storedSourcePdf(ctx: AppContext, target: ConversionTarget) {
  return ctx.files.read(sourcePdfKey(target.dir));
}

export const storeSourcePdf = (ctx: AppContext, target: ConversionTarget, pdf: Buffer) =>
  ctx.files.put(sourcePdfKey(target.dir), pdf);

/** The end of a conversion; only a version still processing changes (a second run never undoes the first). */
export async function settleVersion(
  ctx: AppContext,
  target: ConversionTarget,
  outcome:
    | { status: 'ready'; pageCount: number | null }
    | { status: 'unavailable' }
    | { status: 'failed'; code: FaultCode },
) {
  if (outcome.status === 'failed') {
    // What was drawn goes; the original stays for download.
    await ctx.db.delete(documentPages).where(eq(documentPages.versionId, target.version.id));
    await ctx.files.removeUnder(target.dir);
  }
  await ctx.db
    .update(documentVersions)
    .set({
      status: outcome.status,
      failCode: outcome.status === 'failed' ? Codes[outcome.code].code : null,
      pageCount: outcome.status === 'ready' ? outcome.pageCount : null,
    })
    .where(and(eq(documentVersions.id, target.version.id), eq(documentVersions.status, 'processing')));
  const still = await conversionTarget(ctx, target.version.id);
  // Deleted meanwhile: nothing may stay of it.
  if (!still) await ctx.files.removeUnder(target.dir);
}
