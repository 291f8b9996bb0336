import type { LayerDoc } from '@ferry/shared';
import type { PsdArtboard } from './psd.js';
import { inPsdWorker } from './psd-worker.js';
import { UndecodableDesign } from './raster.js';
import type { SketchArtboard } from './sketch.js';
import { importSvg } from './svg.js';

export type { PsdArtboard } from './psd.js';
export type { SketchArtboard } from './sketch.js';
export { renderSketchArtboard } from './sketch-picture.js';

/**
 * The LayerDoc of an uploaded design. PSDs and Sketch files are parsed in a worker thread so requests never
 * wait on them; SVG is read here (it is quick, and bounded by InspectLimits.layersMax). `artboard` picks one
 * artboard of a PSD (an index from `listArtboards`) or one design of a Sketch file (from `listSketchArtboards`,
 * the first by default).
 */
export async function importLayers(
  data: Buffer,
  type: 'psd' | 'svg' | 'sketch',
  options: { artboard?: number } = {},
): Promise<LayerDoc> {
  if (type === 'svg') {
    try {
      return importSvg(data);
    } catch (error) {
      throw new UndecodableDesign(error instanceof Error ? error.message : String(error));
    }
  }
  if (type === 'sketch')
    return inPsdWorker<LayerDoc>(data, { task: 'sketch-import', artboard: options.artboard });
  return inPsdWorker<LayerDoc>(data, { task: 'import', artboard: options.artboard });
}

/** A PSD's top-level artboards (no pixels decoded), read in a worker thread; [] when it has none. */
export function listArtboards(data: Buffer): Promise<PsdArtboard[]> {
  return inPsdWorker<PsdArtboard[]>(data, { task: 'artboards' });
}

/**
 * A Sketch file's designs, read in the worker thread: its artboards in page then layer order (symbol masters
 * are not artboards), or, when it has none at all, one per page with loose layers. Refusals are
 * UndecodableDesign with SKETCH_TOO_OLD, SKETCH_TOO_COMPLEX, SKETCH_EMPTY (nothing to show) or
 * DESIGN_UNREADABLE as code.
 */
export function listSketchArtboards(data: Buffer): Promise<SketchArtboard[]> {
  return inPsdWorker<SketchArtboard[]>(data, { task: 'sketch-artboards' });
}
