import { Codes, DesignLimits } from '@ferry/shared';
import sharp from 'sharp';
import type { AppContext } from '../../context.js';
import { DocumentFault } from '../../documents/faults.js';
import { probePdf } from '../../documents/pdf.js';
import { AppError, fail } from '../../http/errors.js';
import { type Dimensions, headerDimensions, isTooLarge } from '../storage/dimensions.js';
import { type DesignFileType, sniffDesignFile } from '../storage/sniff.js';
import { forgetUpload, recordDirectUploads, unregisteredUploads } from '../uploads/service.js';
import { refusalOfUntyped, type SketchArtboard, sketchArtboardsOf } from './sketch.js';

export interface UploadedFile {
  key: string;
  name: string;
  fileType: DesignFileType;
  size: number;
  /** A PDF's pages, each a design of its own; absent for other files. */
  pageCount?: number;
  /** A Sketch file's artboards, each a design of its own; absent for other files. */
  sketchArtboards?: SketchArtboard[];
  position_x?: number;
  position_y?: number;
}

export interface DroppedFile {
  key: string;
  name: string;
  error: AppError;
}

const DESIGN_EXTENSIONS = /\.(png|jpe?g|gif|webp|bmp|tiff?|pdf|psd|svg|sketch)$/i;

/** A design is named after its file, without the extension: `home.png` and `home.jpg` are versions of `home`. */
export const designNameOf = (fileName: string) => fileName.replace(DESIGN_EXTENSIONS, '') || fileName;

/** What the header declares; TIFF and SVG keep it where sharp reads it, still without decoding pixels. */
async function declaredSize(data: Buffer, type: DesignFileType): Promise<Dimensions | null> {
  // A PDF's pages and a Sketch file's artboards are sized one by one.
  if (type === 'pdf' || type === 'sketch') return null;
  const fromHeader = headerDimensions(data, type);
  if (fromHeader) return fromHeader;
  const metadata = await sharp(data)
    .metadata()
    .catch(() => {
      throw fail('IMAGE_FORMAT_INVALID');
    });
  return { width: metadata.width ?? 0, height: metadata.height ?? 0 };
}

/**
 * A PDF's page count, read in the PDF reader's own process: one needing a password (19108), unreadable (19109)
 * or past DocumentLimits.maxPages (19113) is refused like any other bad file.
 */
async function pdfPageCount(data: Buffer): Promise<number> {
  try {
    return (await probePdf(data)).pageCount;
  } catch (error) {
    if (error instanceof DocumentFault) throw fail(error.code);
    throw error;
  }
}

/**
 * Checks uploaded files by their content before they become designs: the caller's own unregistered upload,
 * at most 100 MB, a design type by its leading bytes (a Sketch file by what its ZIP holds), at most 16384 px a
 * side, a PDF that opens, a Sketch file whose artboards the importer lists. Refused files are dropped from the
 * batch and removed, so nothing of them stays stored.
 */
export async function inspectUploads(
  ctx: AppContext,
  userId: string,
  teamId: string,
  files: { key: string; name?: string; position_x?: number; position_y?: number }[],
): Promise<{ accepted: UploadedFile[]; dropped: DroppedFile[] }> {
  const keys = [...new Set(files.map((file) => file.key))];
  await recordDirectUploads(ctx, userId, teamId, keys);
  const mine = await unregisteredUploads(ctx.db, userId, teamId, keys);
  const accepted: UploadedFile[] = [];
  const dropped: DroppedFile[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    const name = designNameOf(file.name ?? '');
    try {
      if (!mine.has(file.key) || seen.has(file.key)) throw fail('UPLOAD_NOT_FOUND');
      seen.add(file.key);
      const stored = await ctx.files.stat(file.key);
      if (!stored) throw fail('UPLOAD_NOT_FOUND');
      if (stored.size > DesignLimits.designMaxBytes) throw fail('DESIGN_TOO_LARGE');
      const data = await ctx.files.read(file.key);
      if (!data) throw fail('IMAGE_FORMAT_UNSUPPORTED');
      const fileType = sniffDesignFile(data);
      if (!fileType) throw refusalOfUntyped(data, [file.name ?? '', file.key]);
      const declared = await declaredSize(data, fileType);
      if (declared && isTooLarge(declared, DesignLimits.maxSidePx)) throw fail('IMAGE_TOO_BIG_TO_PROCESS');
      const pageCount = fileType === 'pdf' ? await pdfPageCount(data) : undefined;
      const sketchArtboards = fileType === 'sketch' ? await sketchArtboardsOf(data) : undefined;
      accepted.push({
        ...file,
        name,
        fileType,
        size: stored.size,
        ...(pageCount ? { pageCount } : {}),
        ...(sketchArtboards ? { sketchArtboards } : {}),
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      dropped.push({ key: file.key, name, error });
    }
  }
  // Refused uploads of the caller's own are removed; keys that were not theirs are never touched.
  for (const { key, error } of dropped) {
    if (!mine.has(key) || error.entry === Codes.UPLOAD_NOT_FOUND) continue;
    await ctx.files.remove(key);
    await forgetUpload(ctx.db, key);
  }
  return { accepted, dropped };
}

/**
 * When a whole batch is refused: oversized files answer the spec's single-file or several-file wording;
 * anything else the first refusal.
 */
export function batchRefusal(dropped: DroppedFile[]): AppError {
  const oversized = dropped.filter((file) => file.error.entry === Codes.DESIGN_TOO_LARGE);
  if (oversized.length === dropped.length && dropped.length > 1) {
    return fail('DESIGNS_TOO_LARGE', undefined, { dropped: dropped.map(({ key, name }) => ({ key, name })) });
  }
  const first = dropped[0].error;
  return new AppError(first.entry, first.wording, {
    dropped: dropped.map(({ key, name }) => ({ key, name })),
  });
}
