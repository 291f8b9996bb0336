import { createHash } from 'node:crypto';
import { Codes, VARIANT_NAMES } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { rasterSource, UndecodableDesign } from '../design/raster.js';
import { drawApart } from '../design/render-process.js';
import { type DrawnFile, type DrawnVariants, drawVariants } from '../design/render-variants.js';
import { variantDirOf, variantKey } from '../modules/designs/keys.js';
import { designVersions, type VariantFile, type Variants } from '../modules/designs/tables.js';
import { sniffType } from '../modules/storage/sniff.js';

export const VARIANTS_JOB = 'variants';

/** Types the browser shows as they are: their original file is the `org` variant. */
const SHOWN_AS_IS = new Set(['png', 'jpeg', 'gif', 'webp']);

const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');

/**
 * Makes the variants of one uploaded file (`org`, `webP`, `p5`, `p25`, `p50`, the 480×360 cover) and marks
 * the versions showing them ready in one update per variant folder. A PSD split into artboards has one folder
 * per artboard, each made from the composite cropped to the artboard. The drawing happens in a renderer
 * process with a time and memory ceiling (RENDER_TIME_LIMIT_MS, RENDER_MEMORY_LIMIT_MB); a file past either,
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
  const type = sniffType(data);
  const original = { size: data.length, md5: md5(data) };
  if (type === 'pdf') {
    const org = { key: fileKey, width: 0, height: 0, ...original };
    return markReady(ctx, variantDirOf(fileKey), { ...original, width: 0, height: 0 }, { org });
  }
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
function reasonOf(error: UndecodableDesign) {
  const entry = Codes[error.code ?? 'DESIGN_UNREADABLE'];
  return `${entry.code} ${entry.en}: ${error.message}`;
}

/** The variant folders the versions of a file show (its own, or one per artboard), each once. */
async function foldersOf(ctx: AppContext, fileKey: string) {
  const rows = await ctx.db
    .select({ variantDir: designVersions.variantDir, artboard: designVersions.artboard })
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

async function markFailed(ctx: AppContext, fileKey: string, reason: string) {
  await ctx.db
    .update(designVersions)
    .set({ status: 'failed', error: reason.slice(0, 500) })
    .where(eq(designVersions.fileKey, fileKey));
  await ctx.cache.bump();
}
