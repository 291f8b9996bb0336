import { Worker } from 'node:worker_threads';
import { DesignLimits } from '@ferry/shared';
import sharp, { type Sharp } from 'sharp';
import type { SniffedType } from '../modules/storage/sniff.js';

/** libvips refuses anything above 16384² pixels before it allocates them. */
export const LIMIT_INPUT_PIXELS = DesignLimits.maxSidePx * DesignLimits.maxSidePx;

export class UndecodableDesign extends Error {}

/** A design's pixels as sharp opens them; `open()` gives a fresh pipeline each time. */
export interface RasterSource {
  open(): Sharp;
}

/** The raster behind any design type sharp reads itself, or that Ferry decodes (PSD composite, BMP). */
export async function rasterSource(data: Buffer, type: SniffedType): Promise<RasterSource> {
  if (type === 'psd') return rawSource(await psdComposite(data));
  if (type === 'bmp') return rawSource(decodeBmp(data));
  if (type === 'pdf') throw new UndecodableDesign('PDF pages are not rendered');
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
