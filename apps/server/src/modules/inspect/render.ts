import type { Layer } from '@ferry/shared';
import type { Sharp } from 'sharp';
import type { AppContext } from '../../context.js';
import { inPsdWorker } from '../../design/psd-worker.js';
import type { VersionRow } from '../designs/present.js';
import { encodePicture, pdfPage, svgPdf } from './encode.js';
import type { SliceFile } from './plan.js';
import { PsdSlices, pixelFrame } from './render-psd.js';
import { artboardPictureOf, SketchSlices } from './render-sketch.js';
import { SvgSlices } from './render-svg.js';
import { type ZipEntry, zipFiles } from './zip.js';

/** Zips drawn so far by this process; tests read it to tell a cached answer from a fresh one. */
export const slicesDrawn = { count: 0 };

/** Draws every file of a slice export from the version's original file and zips them, in the plan's order. */
export async function renderSlices(
  ctx: AppContext,
  version: VersionRow,
  files: SliceFile[],
): Promise<Buffer> {
  const entries: ZipEntry[] = await drawSlices(ctx, version, files);
  slicesDrawn.count++;
  return zipFiles(entries);
}

/**
 * Draws every file of a plan from the version's original file (a Sketch version's from its LayerDoc), in the
 * plan's order: each file's bytes.
 */
export async function drawSlices(
  ctx: AppContext,
  version: VersionRow,
  files: SliceFile[],
): Promise<{ path: string; data: Buffer | string }[]> {
  const draw =
    version.fileType === 'sketch' ? sketchDrawer(ctx, version) : await drawerFor(ctx, version, files);
  const drawn: { path: string; data: Buffer | string }[] = [];
  for (const file of files) drawn.push({ path: file.path, data: await drawFile(draw, file) });
  return drawn;
}

/** A layer whose SVG and PDF slices are drawn from its vectors. */
const hasVectors = (version: VersionRow, layer: Layer) => version.fileType === 'svg' || !!layer.vector;

async function drawFile(draw: Drawer, file: SliceFile): Promise<Buffer | string> {
  const { layer, width, height, format } = file;
  if (format === 'svg') {
    const svg = draw.svg(layer, width, height);
    // The service refuses SVG for a layer without vectors before anything is drawn (sliceFormatsFor).
    if (svg === null) throw new Error(`layer ${layer.id} has no vectors`);
    return svg;
  }
  if (format === 'pdf') {
    const svg = draw.svg(layer, width, height);
    const vector = svg === null ? null : await svgPdf(svg, width, height);
    if (vector) return vector;
    const picture = file.picture ?? { width, height };
    const png = await encodePicture(await draw.picture(layer, picture.width, picture.height), 'png');
    return pdfPage(png, width, height);
  }
  return encodePicture(await draw.picture(layer, width, height), format);
}

interface Drawer {
  picture(layer: Layer, width: number, height: number): Sharp | Promise<Sharp>;
  /** The layer as an SVG file of that size; null when it has no vectors. */
  svg(layer: Layer, width: number, height: number): string | null;
}

const sizeKey = (layer: Layer, width: number, height: number) => `${layer.id}:${width}x${height}`;

/** Sketch layers are drawn from the LayerDoc the plan's layers carry; the original file is not read. */
function sketchDrawer(ctx: AppContext, version: VersionRow): Drawer {
  const slices = new SketchSlices(() => artboardPictureOf(ctx, version));
  return {
    picture: (layer, width, height) => slices.picture(layer, width, height),
    svg: (layer, width, height) => (hasVectors(version, layer) ? slices.svg(layer, width, height) : null),
  };
}

async function drawerFor(ctx: AppContext, version: VersionRow, files: SliceFile[]): Promise<Drawer> {
  const data = await ctx.files.read(version.fileKey);
  if (!data) throw new Error(`the original of version ${version.id} is missing`);
  const unique = (chosen: SliceFile[]) => [
    ...new Map(chosen.map((file) => [file.layer.id, file.layer])).values(),
  ];
  if (version.fileType === 'svg') {
    const slices = new SvgSlices(data);
    return {
      picture: (layer, width, height) => slices.picture(layer.id, layer.frame, width, height),
      svg: (layer, width, height) => slices.svg(layer.id, layer.frame, width, height),
    };
  }
  const offset = { x: version.artboard?.x ?? 0, y: version.artboard?.y ?? 0 };
  const vectorFiles = files.filter(
    (file) => (file.format === 'svg' || file.format === 'pdf') && hasVectors(version, file.layer),
  );
  // Pixels of every layer with a pixel file, drawn once they are first needed: a vector PDF whose SVG cannot
  // be written as paths falls back to its picture.
  const pixelLayers = unique(files.filter((file) => file.format !== 'svg'));
  let pixels: Promise<PsdSlices> | null = null;
  const svgs = await psdSvgs(data, vectorFiles, offset);
  return {
    picture: async (layer, width, height) => {
      pixels ??= PsdSlices.load(data, pixelLayers, offset);
      return (await pixels).picture(layer.id, width, height);
    },
    svg: (layer, width, height) => svgs.get(sizeKey(layer, width, height)) ?? null,
  };
}

/** SVG files of a PSD's vector layers, drawn in the PSD worker over the frames their pixel slices show. */
async function psdSvgs(data: Buffer, files: SliceFile[], offset: { x: number; y: number }) {
  const requests = [
    ...new Map(
      files.map((file) => [
        sizeKey(file.layer, file.width, file.height),
        {
          id: file.layer.id,
          frame: pixelFrame(file.layer.frame, offset),
          width: file.width,
          height: file.height,
        },
      ]),
    ),
  ];
  if (!requests.length) return new Map<string, string | null>();
  const answers = await inPsdWorker<(string | null)[]>(data, {
    task: 'svg',
    requests: requests.map(([, request]) => request),
  });
  return new Map(requests.map(([key], i) => [key, answers[i]]));
}
