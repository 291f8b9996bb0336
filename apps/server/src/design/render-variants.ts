import { DesignLimits, VARIANT_PERCENT, type VariantName } from '@ferry/shared';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import type { SniffedType } from '../modules/storage/sniff.js';
import { type RasterSource, rasterSource, UndecodableDesign } from './raster.js';

export { UndecodableDesign };

/** One drawn variant, not yet stored. */
export interface DrawnFile {
  data: Buffer;
  width: number;
  height: number;
}
export type DrawnVariants = Partial<Record<VariantName, DrawnFile>>;

/** A picture to draw from one file: the whole of it, or the part an artboard covers. */
export interface PictureRequest {
  region: { x: number; y: number; width: number; height: number } | null;
  /** The browser shows the original as it is, so no `org` is drawn. */
  keepsOriginal: boolean;
  /** Only `org`, as PNG: a picture the caller makes its variants from itself (a Sketch artboard's). */
  pngOnly?: boolean;
}

/**
 * Every variant of each requested picture of one file, decoded once however many artboards are cut from it.
 * This is the part of the variants job that libvips and ag-psd spend their time and memory on; the job runs it
 * in a process of its own (render-process.ts).
 */
export async function drawPictures(
  data: Buffer,
  type: SniffedType,
  requests: PictureRequest[],
): Promise<DrawnVariants[]> {
  const source = await rasterSource(data, type);
  const drawn: DrawnVariants[] = [];
  for (const { region, keepsOriginal, pngOnly } of requests) {
    const picture = region ? await croppedTo(source, region) : source;
    drawn.push(pngOnly ? { org: await drawnPng(picture) } : await drawVariants(picture, keepsOriginal));
  }
  return drawn;
}

async function drawnPng(source: RasterSource): Promise<DrawnFile> {
  const { data, info } = await source.open().png().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The part of a picture a region covers (the region clipped to the canvas). */
async function croppedTo(
  source: RasterSource,
  region: NonNullable<PictureRequest['region']>,
): Promise<RasterSource> {
  const { width = 0, height = 0 } = await source.open().metadata();
  const left = Math.max(0, Math.round(region.x));
  const top = Math.max(0, Math.round(region.y));
  const right = Math.min(width, Math.round(region.x + region.width));
  const bottom = Math.min(height, Math.round(region.y + region.height));
  if (right <= left || bottom <= top) throw new UndecodableDesign('the artboard lies outside the canvas');
  const extract = { left, top, width: right - left, height: bottom - top };
  return { open: () => source.open().extract(extract) };
}

/** The variants of one picture: `webP`, `org` unless kept as it is, 50/25/5 percent and the cover. */
export async function drawVariants(source: RasterSource, keepsOriginal: boolean): Promise<DrawnVariants> {
  const draw = async (pipeline: Sharp): Promise<DrawnFile> => {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  };

  const webP = await draw(source.open().webp({ quality: 90 }));
  const { width, height } = webP;
  if (width > DesignLimits.maxSidePx || height > DesignLimits.maxSidePx) {
    throw new UndecodableDesign('the image is larger than 16384 px a side');
  }
  const org = keepsOriginal ? undefined : await draw(source.open().png());

  // Each smaller size is made from the one above it, so the full image is decoded only once more.
  const halfWidth = Math.max(1, Math.round((width * VARIANT_PERCENT.p50) / 100));
  const half = await source
    .open()
    .resize({ width: halfWidth })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const fromRaw = (raw: { data: Buffer; info: OutputInfo }) =>
    sharp(raw.data, { raw: { width: raw.info.width, height: raw.info.height, channels: 4 } });
  const p50 = await draw(fromRaw(half).webp({ quality: 80 }));
  const quarterWidth = Math.max(1, Math.round((width * VARIANT_PERCENT.p25) / 100));
  const quarter = await fromRaw(half)
    .resize({ width: quarterWidth })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const p25 = await draw(fromRaw(quarter).webp({ quality: 80 }));
  const p5Width = Math.max(1, Math.round((width * VARIANT_PERCENT.p5) / 100));
  const p5 = await draw(fromRaw(quarter).resize({ width: p5Width }).webp({ quality: 80 }));

  const { cover: size } = DesignLimits;
  const bigEnough = half.info.width >= size.width && half.info.height >= size.height;
  const coverSource = bigEnough ? fromRaw(half) : source.open();
  const cover = await draw(
    coverSource.resize(size.width, size.height, { fit: 'cover', position: 'top' }).webp({ quality: 80 }),
  );
  return { ...(org ? { org } : {}), webP, p5, p25, p50, cover };
}

/** libvips' words for a file it cannot read (corrupt, truncated, over the pixel limit). */
export function isDecodeError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /unsupported image format|Input (buffer|file) (contains|has)|pixel limit|corrupt|premature|VipsJpeg|pngload|gifload|webpload|tiffload|svgload|bad/i.test(
    message,
  );
}
