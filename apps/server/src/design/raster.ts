import { Worker } from 'node:worker_threads';
import { type Codes, DesignLimits, JobLimits } from '@ferry/shared';
import sharp, { type Sharp } from 'sharp';
import type { SniffedType } from '../modules/storage/sniff.js';
import { checkSvgFilters } from './svg-filter-budget.js';

/** libvips refuses anything above 16384² pixels before it allocates them. */
export const LIMIT_INPUT_PIXELS = DesignLimits.maxSidePx * DesignLimits.maxSidePx;

/** A design that cannot be drawn; `code` names why where the reason is Ferry's own limit. */
export class UndecodableDesign extends Error {
  constructor(
    message: string,
    readonly code?: keyof typeof Codes,
  ) {
    super(message);
  }
}

/** A design's pixels as sharp opens them; `open()` gives a fresh pipeline each time. */
export interface RasterSource {
  open(): Sharp;
}

/** The raster behind any design type sharp reads itself, or that Ferry decodes (PSD composite, BMP). */
export async function rasterSource(data: Buffer, type: SniffedType): Promise<RasterSource> {
  if (type === 'psd') return rawSource(await psdComposite(data));
  if (type === 'bmp') return rawSource(decodeBmp(data));
  // A PDF's pages are drawn by pdf.js (documents/pdf.ts), one design each, before they reach this.
  if (type === 'pdf') throw new UndecodableDesign('a PDF is drawn page by page, not as one picture');
  if (type === 'svg') return rawSource(await drawSvg(data));
  return {
    open: () =>
      sharp(data, { limitInputPixels: LIMIT_INPUT_PIXELS, failOn: 'error', animated: false }).rotate(),
  };
}

interface RawImage {
  width: number;
  height: number;
  data: Buffer;
}

function rawSource(image: RawImage): RasterSource {
  return {
    open: () =>
      sharp(image.data, {
        raw: { width: image.width, height: image.height, channels: 4 },
        limitInputPixels: LIMIT_INPUT_PIXELS,
      }),
  };
}

/**
 * Draws an SVG once, at the density that keeps it within `vectorMaxPixels`: its declared size (read without
 * drawing) decides the density, so a 120-byte file declaring 16000×16000 is drawn at 4096×4096 rather than
 * allocating a quarter of a billion pixels. Costly filters are refused first.
 */
async function drawSvg(data: Buffer): Promise<RawImage> {
  checkSvgFilters(data);
  let density = 72;
  for (let tries = 0; tries < 4; tries++) {
    const { width = 0, height = 0 } = await sharp(data, { density, limitInputPixels: false }).metadata();
    const over = Math.max(
      (width * height) / JobLimits.vectorMaxPixels,
      (width / DesignLimits.maxSidePx) ** 2,
      (height / DesignLimits.maxSidePx) ** 2,
    );
    if (over <= 1) {
      const { data: pixels, info } = await sharp(data, { density, limitInputPixels: LIMIT_INPUT_PIXELS })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.height, data: pixels };
    }
    // Sizes are rounded, and units other than px do not scale linearly: each later try aims a little lower.
    density = (density / Math.sqrt(over)) * (tries === 0 ? 1 : 0.995);
    if (density < 1) break;
  }
  throw new UndecodableDesign('the SVG declares a size too large to draw');
}

const PSD_WORKER = new URL('./psd-composite.worker.mjs', import.meta.url);

/** The flattened image Photoshop stores beside the layers, read by ag-psd in a worker thread. */
function psdComposite(data: Buffer): Promise<RawImage> {
  const copy = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
  return new Promise((resolve, reject) => {
    const worker = new Worker(PSD_WORKER, { workerData: copy, transferList: [copy as ArrayBuffer] });
    worker.once(
      'message',
      (message: { error?: string; width: number; height: number; pixels: ArrayBuffer }) => {
        void worker.terminate();
        if (message.error) reject(new UndecodableDesign(message.error));
        else resolve({ width: message.width, height: message.height, data: Buffer.from(message.pixels) });
      },
    );
    worker.once('error', (error) => reject(new UndecodableDesign(error.message)));
    // A worker that dies without answering (out of memory) settles the promise too; after an answer this is a no-op.
    worker.once('exit', (code) => reject(new UndecodableDesign(`the PSD reader stopped (${code})`)));
  });
}

/** Uncompressed Windows bitmaps (8-bit palette, 24- and 32-bit), which libvips does not read. */
export function decodeBmp(data: Buffer): RawImage {
  const pixelOffset = data.readUInt32LE(10);
  const headerSize = data.readUInt32LE(14);
  const width = data.readInt32LE(18);
  const signedHeight = data.readInt32LE(22);
  const bits = data.readUInt16LE(28);
  const compression = data.readUInt32LE(30);
  const height = Math.abs(signedHeight);
  if (width <= 0 || height === 0 || ![8, 24, 32].includes(bits) || ![0, 3].includes(compression)) {
    throw new UndecodableDesign('unsupported BMP encoding');
  }
  if (width > DesignLimits.maxSidePx || height > DesignLimits.maxSidePx) {
    throw new UndecodableDesign('the BMP is too large');
  }
  const stride = Math.ceil((width * bits) / 32) * 4;
  if (pixelOffset + stride * height > data.length) throw new UndecodableDesign('the BMP is truncated');
  const paletteOffset = 14 + headerSize;
  const out = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    const row = pixelOffset + (signedHeight > 0 ? height - 1 - y : y) * stride;
    for (let x = 0; x < width; x++) {
      const target = (y * width + x) * 4;
      let source = row + x * (bits / 8);
      if (bits === 8) source = paletteOffset + data[row + x] * 4;
      out[target] = data[source + 2];
      out[target + 1] = data[source + 1];
      out[target + 2] = data[source];
      // The fourth byte of 32-bit bitmaps is padding more often than alpha.
      out[target + 3] = 255;
    }
  }
  return { width, height, data: out };
}
