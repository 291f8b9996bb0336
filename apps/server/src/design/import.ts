import { Worker } from 'node:worker_threads';
import type { LayerDoc } from '@ferry/shared';
import type { PsdArtboard } from './psd.js';
import { UndecodableDesign } from './raster.js';
import { importSvg } from './svg.js';

export type { PsdArtboard } from './psd.js';

const WORKER = new URL('./layers.worker.mjs', import.meta.url);
/** A PSD whose structure takes longer than this to read is given up on (the worker is stopped). */
const WORKER_TIME_LIMIT_MS = 120_000;

type Task = { task: 'import'; artboard?: number } | { task: 'artboards' };

/** Runs one PSD task in a fresh worker thread; its failures reject with UndecodableDesign. */
function inWorker<T>(data: Buffer, task: Task): Promise<T> {
  const copy = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: { ...task, data: copy }, transferList: [copy] });
    const timer = setTimeout(() => {
      reject(new UndecodableDesign('reading the PSD took too long'));
      void worker.terminate();
    }, WORKER_TIME_LIMIT_MS);
    const settle = () => {
      clearTimeout(timer);
      void worker.terminate();
    };
    worker.once('message', (message: { result?: T; error?: string }) => {
      settle();
      if (message.error !== undefined) reject(new UndecodableDesign(message.error));
      else resolve(message.result as T);
    });
    worker.once('error', (error) => {
      settle();
      reject(new UndecodableDesign(error.message));
    });
    // A worker that dies without answering (out of memory) settles the promise too; after an answer this is a no-op.
    worker.once('exit', (code) => {
      clearTimeout(timer);
      reject(new UndecodableDesign(`the PSD reader stopped (${code})`));
    });
  });
}

/**
 * The LayerDoc of an uploaded design. PSDs are parsed in a worker thread so requests never wait on them;
 * SVG is read here (it is quick, and bounded by InspectLimits.layersMax). `artboard` picks one artboard of a
 * PSD (an index from `listArtboards`).
 */
export async function importLayers(
  data: Buffer,
  type: 'psd' | 'svg',
  options: { artboard?: number } = {},
): Promise<LayerDoc> {
  if (type === 'svg') {
    try {
      return importSvg(data);
    } catch (error) {
      throw new UndecodableDesign(error instanceof Error ? error.message : String(error));
    }
  }
  return inWorker<LayerDoc>(data, { task: 'import', artboard: options.artboard });
}

/** A PSD's top-level artboards (no pixels decoded), read in a worker thread; [] when it has none. */
export function listArtboards(data: Buffer): Promise<PsdArtboard[]> {
  return inWorker<PsdArtboard[]>(data, { task: 'artboards' });
}
