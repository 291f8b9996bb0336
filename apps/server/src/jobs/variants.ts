import { createHash } from 'node:crypto';
import { DesignLimits, VARIANT_PERCENT } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import type { AppContext } from '../context.js';
import { type RasterSource, rasterSource, UndecodableDesign } from '../design/raster.js';
import { variantDirOf, variantKey } from '../modules/designs/keys.js';
import {
  type ArtboardRef,
  designVersions,
  type VariantFile,
  type Variants,
} from '../modules/designs/tables.js';
import { sniffType } from '../modules/storage/sniff.js';

export const VARIANTS_JOB = 'variants';

/** Types the browser shows as they are: their original file is the `org` variant. */
const SHOWN_AS_IS = new Set(['png', 'jpeg', 'gif', 'webp']);

const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');

/**
 * Makes the variants of one uploaded file (`org`, `webP`, `p5`, `p25`, `p50`, the 480×360 cover) and marks
 * the versions showing them ready in one update per variant folder. A PSD split into artboards has one folder
 * per artboard, each made from the composite cropped to the artboard. Variant files are written whole under
 * fixed keys, so a run cut short leaves nothing a version points at, and the next run simply writes them again.
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
  try {
    // Decoded once, however many artboards are cut from it.
    const source = await rasterSource(data, type);
    for (const { variantDir, artboard } of shown) {
      const asIs = !artboard && SHOWN_AS_IS.has(type) ? { key: fileKey, ...original } : null;
      const from = artboard ? await croppedTo(source, artboard) : source;
      const variants = await writeVariants(ctx, from, variantDir, asIs);
      const { width, height } = variants.webP as VariantFile;
      await markReady(ctx, variantDir, { ...original, width, height }, variants);
    }
  } catch (error) {
    if (error instanceof UndecodableDesign || isDecodeError(error)) {
      return markFailed(ctx, fileKey, error instanceof Error ? error.message : String(error));
    }
    throw error;
  }
}

/** The variant folders the versions of a file show (its own, or one per artboard), each once. */
async function foldersOf(ctx: AppContext, fileKey: string) {
  const rows = await ctx.db
    .select({ variantDir: designVersions.variantDir, artboard: designVersions.artboard })
    .from(designVersions)
    .where(eq(designVersions.fileKey, fileKey));
  return [...new Map(rows.map((row) => [row.variantDir, row])).values()];
}

/** The part of a picture an artboard covers (the artboard clipped to the canvas). */
async function croppedTo(source: RasterSource, artboard: ArtboardRef): Promise<RasterSource> {
  const { width = 0, height = 0 } = await source.open().metadata();
  const left = Math.max(0, Math.round(artboard.x));
  const top = Math.max(0, Math.round(artboard.y));
  const right = Math.min(width, Math.round(artboard.x + artboard.width));
  const bottom = Math.min(height, Math.round(artboard.y + artboard.height));
  if (right <= left || bottom <= top) throw new UndecodableDesign('the artboard lies outside the canvas');
  const region = { left, top, width: right - left, height: bottom - top };
  return { open: () => source.open().extract(region) };
}

/** Every variant of one decoded-type file, written under the file's variant folder (exported for the bench). */
export async function renderVariants(
  ctx: Pick<AppContext, 'files'>,
  fileKey: string,
  data: Buffer,
  type: NonNullable<ReturnType<typeof sniffType>>,
): Promise<Variants> {
  const source = await rasterSource(data, type);
  const asIs = SHOWN_AS_IS.has(type) ? { key: fileKey, size: data.length, md5: md5(data) } : null;
  return writeVariants(ctx, source, variantDirOf(fileKey), asIs);
}

/** The variants of a picture under `dir`; `asIs` is the original when the browser shows it as it is. */
async function writeVariants(
  ctx: Pick<AppContext, 'files'>,
  source: RasterSource,
  dir: string,
  asIs: { key: string; size: number; md5: string } | null,
): Promise<Variants> {
  const store = async (name: keyof Variants, pipeline: Sharp): Promise<VariantFile> => {
    const { data: output, info } = await pipeline.toBuffer({ resolveWithObject: true });
    const key = variantKey(dir, name);
    await ctx.files.put(key, output);
    return { key, width: info.width, height: info.height, size: output.length, md5: md5(output) };
  };

  const webP = await store('webP', source.open().webp({ quality: 90 }));
  const { width, height } = webP;
  if (width > DesignLimits.maxSidePx || height > DesignLimits.maxSidePx) {
    throw new UndecodableDesign('the image is larger than 16384 px a side');
  }
  const org = asIs ? { ...asIs, width, height } : await store('org', source.open().png());

  // Each smaller size is made from the one above it, so the full image is decoded only once more.
  const halfWidth = Math.max(1, Math.round((width * VARIANT_PERCENT.p50) / 100));
  const half = await source
    .open()
    .resize({ width: halfWidth })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const fromRaw = (raw: { data: Buffer; info: OutputInfo }) =>
    sharpOfRaw(raw.data, raw.info.width, raw.info.height);
  const p50 = await store('p50', fromRaw(half).webp({ quality: 80 }));
  const quarterWidth = Math.max(1, Math.round((width * VARIANT_PERCENT.p25) / 100));
  const quarter = await fromRaw(half)
    .resize({ width: quarterWidth })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const p25 = await store('p25', fromRaw(quarter).webp({ quality: 80 }));
  const p5Width = Math.max(1, Math.round((width * VARIANT_PERCENT.p5) / 100));
  const p5 = await store('p5', fromRaw(quarter).resize({ width: p5Width }).webp({ quality: 80 }));

  const { cover: size } = DesignLimits;
  const bigEnough = half.info.width >= size.width && half.info.height >= size.height;
  const coverSource = bigEnough ? fromRaw(half) : source.open();
  const cover = await store(
    'cover',
    coverSource.resize(size.width, size.height, { fit: 'cover', position: 'top' }).webp({ quality: 80 }),
  );
  return { org, webP, p5, p25, p50, cover };
}

function sharpOfRaw(data: Buffer, width: number, height: number): Sharp {
  return sharp(data, { raw: { width, height, channels: 4 } });
}

/** libvips' words for a file it cannot read (corrupt, truncated, over the pixel limit). */
function isDecodeError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /unsupported image format|Input (buffer|file) (contains|has)|pixel limit|corrupt|premature|VipsJpeg|pngload|gifload|webpload|tiffload|svgload|bad/i.test(
    message,
  );
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
