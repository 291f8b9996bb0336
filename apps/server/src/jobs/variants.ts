import { createHash } from 'node:crypto';
import { type CodeName, Codes, VARIANT_NAMES } from '@ferry/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { renderSketchArtboard } from '../design/import.js';
import { rasterSource, UndecodableDesign } from '../design/raster.js';
import { drawApart } from '../design/render-process.js';
import { type DrawnFile, type DrawnVariants, drawVariants } from '../design/render-variants.js';
import { DocumentFault } from '../documents/faults.js';
import { type DrawnPicture, drawPdfPictures } from '../documents/pdf.js';
import { variantDirOf, variantKey } from '../modules/designs/keys.js';
import { designVersions, type VariantFile, type Variants } from '../modules/designs/tables.js';
import { sniffDesignFile, type sniffType } from '../modules/storage/sniff.js';

export const VARIANTS_JOB = 'variants';

/** Types the browser shows as they are: their original file is the `org` variant. */
const SHOWN_AS_IS = new Set(['png', 'jpeg', 'gif', 'webp']);

const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');

/**
 * Makes the variants of one uploaded file (`org`, `webP`, `p5`, `p25`, `p50`, the 480×360 cover) and marks
 * the versions showing them ready in one update per variant folder. A PSD split into artboards has one folder
 * per artboard, each made from the composite cropped to the artboard; a PDF one per page, each made from the
 * page drawn (makePageVariants); a Sketch file one per artboard, each made from the artboard drawn
 * (makeSketchVariants). The drawing happens in a renderer process with a time and memory ceiling
 * (RENDER_TIME_LIMIT_MS, RENDER_MEMORY_LIMIT_MB); a file past either,
 * or one libvips cannot read, marks its versions failed with the reason instead of being tried again. Variant
 * files are written whole under fixed keys, so a run cut short leaves nothing a version points at, and the
 * next run simply writes them again.
 */
export async function makeVariants(ctx: AppContext, payload: Record<string, unknown>) {
  const fileKey = String(payload.fileKey);
  const shown = await foldersOf(ctx, fileKey);
  if (shown.length === 0) return;
  const data = await ctx.files.read(fileKey);
  if (!data) return markFailed(ctx, fileKey, 'the uploaded file is missing');
  const type = sniffDesignFile(data);
  const original = { size: data.length, md5: md5(data) };
  if (type === 'pdf') return makePageVariants(ctx, fileKey, data, shown, original);
  if (type === 'sketch') return makeSketchVariants(ctx, fileKey, data, shown, original);
  if (!type) return markFailed(ctx, fileKey, 'unknown file type');
  const asIsOf = (artboard: unknown) =>
    !artboard && SHOWN_AS_IS.has(type) ? { key: fileKey, ...original } : null;
  const requests = shown.map(({ artboard }) => ({ region: artboard, keepsOriginal: !!asIsOf(artboard) }));
  let pictures: DrawnVariants[];
  try {
    pictures = await drawApart(data, type, requests, ctx.config.render);
  } catch (error) {
    if (error instanceof UndecodableDesign) return markFailed(ctx, fileKey, reasonOf(error));
    throw error;
  }
  for (const [index, { variantDir, artboard }] of shown.entries()) {
    const variants = await storeVariants(ctx, variantDir, pictures[index], asIsOf(artboard));
    const { width, height } = variants.webP as VariantFile;
    await markReady(ctx, variantDir, { ...original, width, height }, variants);
  }
}

/** The failed version's reason: the code and wording of a limit of Ferry's (or "unreadable"), then the detail. */
function reasonOf(error: { code?: string; message: string }) {
  const named = error.code && error.code in Codes ? (error.code as CodeName) : 'DESIGN_UNREADABLE';
  const entry = Codes[named];
  return `${entry.code} ${entry.en}: ${error.message}`;
}

/** A refusal of the Sketch importer: UndecodableDesign, or its own error carrying a catalogue code's name. */
const isSketchRefusal = (error: unknown): error is { code?: string; message: string } => {
  if (error instanceof UndecodableDesign) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === 'string' && code in Codes;
};

type Folder = Awaited<ReturnType<typeof foldersOf>>[number];
type Original = { size: number; md5: string };

/**
 * The pages of a PDF are designs: each page a version shows is drawn by pdf.js (documents/pdf.ts, its own
 * process and ceilings) into a PNG kept as the folder's `org`, and the other variants are made from it as from
 * any PNG. The file is opened once for all its pages. A PDF that cannot be read, or a page past a ceiling, fails
 * the versions not yet drawn with the reason; the pages drawn before stay ready.
 */
async function makePageVariants(
  ctx: AppContext,
  fileKey: string,
  data: Buffer,
  shown: Folder[],
  original: Original,
) {
  // Versions registered before PDFs were drawn name no page: they show the first.
  const dirsOfPage = new Map<number, string[]>();
  for (const { variantDir, pdfPage } of shown) {
    const page = pdfPage ?? 1;
    dirsOfPage.set(page, [...(dirsOfPage.get(page) ?? []), variantDir]);
  }
  const waiting = new Set(shown.map((folder) => folder.variantDir));
  const storePicture = async (picture: DrawnPicture) => {
    for (const dir of dirsOfPage.get(picture.page) ?? []) {
      await storeDrawnPicture(ctx, dir, picture.png, original);
      waiting.delete(dir);
    }
  };
  try {
    await drawPdfPictures(data, [...dirsOfPage.keys()], storePicture, ctx.config.render);
  } catch (error) {
    if (error instanceof DocumentFault) {
      const entry = Codes[error.code];
      return markFailed(ctx, fileKey, `${entry.code} ${entry.en}: ${error.message}`, [...waiting]);
    }
    if (error instanceof UndecodableDesign) return markFailed(ctx, fileKey, reasonOf(error), [...waiting]);
    throw error;
  }
  if (waiting.size > 0) await markFailed(ctx, fileKey, 'the PDF has no such page', [...waiting]);
}

/**
 * The artboards of a Sketch file are designs: each artboard a version shows (the first for a version naming
 * none) is drawn by the Sketch importer into a PNG kept as the folder's `org`, and the other variants are made
 * from it as from any PNG. An artboard the importer refuses fails its own versions with the reason; the
 * others are still drawn.
 */
async function makeSketchVariants(
  ctx: AppContext,
  fileKey: string,
  data: Buffer,
  shown: Folder[],
  original: Original,
) {
  for (const { variantDir, artboard } of shown) {
    try {
      const png = await renderSketchArtboard(data, artboard?.index ?? 0, ctx.config.render);
      await storeDrawnPicture(ctx, variantDir, png, original);
    } catch (error) {
      if (!isSketchRefusal(error)) throw error;
      await markFailed(ctx, fileKey, reasonOf(error), [variantDir]);
    }
  }
}

/** A drawn picture (a PDF page, a Sketch artboard) as the folder's `org`, and the variants drawn from it. */
async function storeDrawnPicture(ctx: AppContext, dir: string, png: Buffer, original: Original) {
  const org = { key: variantKey(dir, 'org'), size: png.length, md5: md5(png) };
  await ctx.files.put(org.key, png);
  const request = { region: null, keepsOriginal: true };
  const [drawn] = await drawApart(png, 'png', [request], ctx.config.render);
  const variants = await storeVariants(ctx, dir, drawn, org);
  const { width, height } = variants.webP as VariantFile;
  await markReady(ctx, dir, { ...original, width, height }, variants);
}

/** The variant folders the versions of a file show (its own, or one per artboard or page), each once. */
async function foldersOf(ctx: AppContext, fileKey: string) {
  const rows = await ctx.db
    .select({
      variantDir: designVersions.variantDir,
      artboard: designVersions.artboard,
      pdfPage: designVersions.pdfPage,
    })
    .from(designVersions)
    .where(eq(designVersions.fileKey, fileKey));
  return [...new Map(rows.map((row) => [row.variantDir, row])).values()];
}

/**
 * Every variant of one decoded-type file, drawn in this process and written under the file's variant folder
 * (for the bench, which measures the drawing itself).
 */
export async function renderVariants(
  ctx: Pick<AppContext, 'files'>,
  fileKey: string,
  data: Buffer,
  type: NonNullable<ReturnType<typeof sniffType>>,
): Promise<Variants> {
  const asIs = SHOWN_AS_IS.has(type) ? { key: fileKey, size: data.length, md5: md5(data) } : null;
  const drawn = await drawVariants(await rasterSource(data, type), !!asIs);
  return storeVariants(ctx, variantDirOf(fileKey), drawn, asIs);
}

/** Stores the drawn variants under `dir`; `asIs` is the original when the browser shows it as it is. */
async function storeVariants(
  ctx: Pick<AppContext, 'files'>,
  dir: string,
  drawn: DrawnVariants,
  asIs: { key: string; size: number; md5: string } | null,
): Promise<Variants> {
  const variants: Variants = {};
  for (const name of VARIANT_NAMES) {
    const file = drawn[name];
    if (name === 'org' && asIs) {
      const { width, height } = drawn.webP as DrawnFile;
      variants.org = { ...asIs, width, height };
    } else if (file) {
      const key = variantKey(dir, name);
      await ctx.files.put(key, file.data);
      variants[name] = {
        key,
        width: file.width,
        height: file.height,
        size: file.data.length,
        md5: md5(file.data),
      };
    }
  }
  return variants;
}

/** Marks every version showing the folder ready: copies share it, and the artboards of one file do not. */
async function markReady(
  ctx: AppContext,
  variantDir: string,
  original: { size: number; md5: string; width: number; height: number },
  variants: Variants,
) {
  await ctx.db
    .update(designVersions)
    .set({ status: 'ready', error: null, variants, ...original })
    .where(eq(designVersions.variantDir, variantDir));
  await ctx.cache.bump();
}

/** Fails the versions of a file, or only those showing `dirs` (the pages of a PDF not drawn). */
async function markFailed(ctx: AppContext, fileKey: string, reason: string, dirs?: string[]) {
  if (dirs?.length === 0) return;
  await ctx.db
    .update(designVersions)
    .set({ status: 'failed', error: reason.slice(0, 500) })
    .where(
      and(eq(designVersions.fileKey, fileKey), dirs ? inArray(designVersions.variantDir, dirs) : undefined),
    );
  await ctx.cache.bump();
}
