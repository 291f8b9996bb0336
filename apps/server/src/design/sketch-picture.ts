import { DesignLimits, JobLimits, SketchLimits } from '@ferry/shared';
import { drawLayerDoc } from './layerdoc-svg.js';
import { inPsdWorker } from './psd-worker.js';
import { UndecodableDesign } from './raster.js';
import { drawApart, type RenderLimits } from './render-process.js';
import { importSketchArchive } from './sketch.js';
import { openSketch, type SketchArchive } from './sketch-archive.js';

/**
 * One design of a Sketch file drawn as SVG by Ferry (drawLayerDoc over its LayerDoc), on the artboard's
 * background colour or white, with its bitmaps' own pixels where they are PNG or JPEG and within
 * SketchLimits. Runs in the PSD worker thread (task `sketch-svg`).
 */
export function sketchArtboardSvg(data: Uint8Array, index: number): string {
  return sketchArchiveSvg(openSketch(data), index);
}

/** One design of an opened file drawn as SVG (see sketchArtboardSvg). */
export function sketchArchiveSvg(archive: SketchArchive, index: number): string {
  const { doc, images, background } = importSketchArchive(archive, index);
  if (doc.width > DesignLimits.maxSidePx || doc.height > DesignLimits.maxSidePx) {
    throw new UndecodableDesign(
      `the artboard is larger than ${DesignLimits.maxSidePx} px a side`,
      'IMAGE_TOO_BIG_TO_PROCESS',
    );
  }
  const pixels = new Map<string, Uint8Array>();
  let budget = SketchLimits.pictureImagesMaxBytes;
  for (const [layerId, ref] of images) {
    const bytes = archive.image(ref, Math.min(budget, SketchLimits.pictureImageMaxBytes));
    if (!bytes) continue;
    budget -= bytes.byteLength;
    pixels.set(layerId, bytes);
  }
  return drawLayerDoc(doc, { images: pixels, background });
}

/** The renderer's ceilings when the caller names none: the configuration's defaults. */
const DEFAULT_LIMITS: RenderLimits = { timeMs: JobLimits.renderTimeMs, memoryMb: JobLimits.renderMemoryMb };

/**
 * A PNG of one design of a Sketch file (`index` from listSketchArtboards), at its size in Sketch points: the
 * picture the variants job makes its variants from. The file is read in the PSD worker thread; the SVG is
 * drawn in a renderer process as uploaded SVGs are (filter budget, time and memory ceilings: a drawing past
 * them rejects with UndecodableDesign DESIGN_RENDER_TIMEOUT / DESIGN_RENDER_MEMORY).
 */
export async function renderSketchArtboard(
  data: Buffer,
  index: number,
  limits: RenderLimits = DEFAULT_LIMITS,
): Promise<Buffer> {
  const svg = await inPsdWorker<string>(data, { task: 'sketch-svg', artboard: index });
  const request = { region: null, keepsOriginal: false, pngOnly: true };
  const [picture] = await drawApart(Buffer.from(svg), 'svg', [request], limits);
  if (!picture.org) throw new UndecodableDesign('the Sketch artboard could not be drawn');
  return picture.org.data;
}
