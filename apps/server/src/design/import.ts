import type { LayerDoc } from '@ferry/shared';
import type { PsdArtboard } from './psd.js';
import { inPsdWorker } from './psd-worker.js';
import { UndecodableDesign } from './raster.js';
import { importSvg } from './svg.js';

export type { PsdArtboard } from './psd.js';

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
  return inPsdWorker<LayerDoc>(data, { task: 'import', artboard: options.artboard });
}

/** A PSD's top-level artboards (no pixels decoded), read in a worker thread; [] when it has none. */
export function listArtboards(data: Buffer): Promise<PsdArtboard[]> {
  return inPsdWorker<PsdArtboard[]>(data, { task: 'artboards' });
}
