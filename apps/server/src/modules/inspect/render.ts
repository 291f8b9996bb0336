import type { Layer } from '@ferry/shared';
import type { Sharp } from 'sharp';
import type { AppContext } from '../../context.js';
import type { VersionRow } from '../designs/present.js';
import { encodePicture, pdfPage } from './encode.js';
import type { SliceFile } from './plan.js';
import { PsdSlices } from './render-psd.js';
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
  const data = await ctx.files.read(version.fileKey);
  if (!data) throw new Error(`the original of version ${version.id} is missing`);
  const layers = [...new Map(files.map((file) => [file.layer.id, file.layer])).values()];
  const draw = await drawerFor(version, data, layers);
  const entries: ZipEntry[] = [];
  for (const file of files) entries.push({ path: file.path, data: await drawFile(draw, file) });
  slicesDrawn.count++;
  return zipFiles(entries);
}

async function drawFile(draw: Drawer, file: SliceFile): Promise<Buffer | string> {
  const { layer, width, height, format } = file;
  if (format === 'svg') return draw.svg(layer, width, height);
  if (format === 'pdf') {
    const picture = file.picture ?? { width, height };
    const png = await encodePicture(draw.picture(layer, picture.width, picture.height), 'png');
    return pdfPage(png, width, height);
  }
  return encodePicture(draw.picture(layer, width, height), format);
}

interface Drawer {
  picture(layer: Layer, width: number, height: number): Sharp;
  svg(layer: Layer, width: number, height: number): string;
}

async function drawerFor(version: VersionRow, data: Buffer, layers: Layer[]): Promise<Drawer> {
  if (version.fileType === 'svg') {
    const slices = new SvgSlices(data);
    return {
      picture: (layer, width, height) => slices.picture(layer.id, layer.frame, width, height),
      svg: (layer, width, height) => slices.svg(layer.id, layer.frame, width, height),
    };
  }
  const offset = { x: version.artboard?.x ?? 0, y: version.artboard?.y ?? 0 };
  const slices = await PsdSlices.load(data, layers, offset);
  return {
    picture: (layer, width, height) => slices.picture(layer.id, width, height),
    // The service refuses SVG for a PSD before anything is drawn (sliceFormatsFor).
    svg: () => {
      throw new Error('a PSD has no vector slices');
    },
  };
}
