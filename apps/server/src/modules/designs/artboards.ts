import type { AppContext } from '../../context.js';
import { listArtboards, type PsdArtboard } from '../../design/import.js';
import type { UploadedFile } from './inspect.js';
import { sketchPlacementOf } from './sketch.js';
import type { ArtboardRef } from './tables.js';

/**
 * One design's share of an uploaded file: the whole file, one artboard of a PSD or Sketch file, or one page of
 * a PDF.
 */
export interface Placement {
  file: UploadedFile;
  /** The design it makes or joins: the file's name, the artboard's, or the file's with the page. */
  name: string;
  artboard: ArtboardRef | null;
  /** The PDF page (1-based) the design shows; null for other files. */
  page: number | null;
  /** A Sketch artboard's id (the design's `sketch_id`) and the page whose section it goes into. */
  sketch?: { id: string; pageName: string } | null;
}

const refOf = (artboard: PsdArtboard): ArtboardRef => ({
  index: artboard.index,
  name: artboard.name,
  ...artboard.frame,
});

/** A PSD's top-level artboards; none for anything else, or for a PSD whose layers cannot be read. */
async function artboardsOf(ctx: AppContext, file: UploadedFile): Promise<PsdArtboard[]> {
  if (file.fileType !== 'psd') return [];
  const data = await ctx.files.read(file.key);
  if (!data) return [];
  // An unreadable PSD stays one design: its variants job reports the failure on it.
  return listArtboards(data).catch(() => []);
}

/** A PDF's pages in order: `<name>` for a one-page file, `<name> - p1`, `<name> - p2` … otherwise. */
function pagesOf(file: UploadedFile): Placement[] {
  const count = file.pageCount ?? 1;
  return Array.from({ length: count }, (_, index) => ({
    file,
    name: count === 1 ? file.name : `${file.name} - p${index + 1}`,
    artboard: null,
    page: index + 1,
  }));
}

/**
 * Splits each PSD with artboards into one placement per artboard, named after it (a name used twice in one
 * file gets ` (2)`, ` (3)` …, so each artboard stays a design of its own), each Sketch file into one per
 * artboard (told apart by their ids, so names may repeat) and each PDF into one per page; other files are one
 * placement.
 */
export async function placeFiles(ctx: AppContext, files: UploadedFile[]): Promise<Placement[]> {
  const placements: Placement[] = [];
  for (const file of files) {
    if (file.fileType === 'pdf') {
      placements.push(...pagesOf(file));
      continue;
    }
    if (file.sketchArtboards) {
      placements.push(...file.sketchArtboards.map((artboard) => sketchPlacementOf(file, artboard)));
      continue;
    }
    const artboards = await artboardsOf(ctx, file);
    if (artboards.length === 0) {
      placements.push({ file, name: file.name, artboard: null, page: null });
      continue;
    }
    const used = new Map<string, number>();
    for (const artboard of artboards) {
      const base = artboard.name.trim() || file.name;
      const seen = (used.get(base) ?? 0) + 1;
      used.set(base, seen);
      const name = seen === 1 ? base : `${base} (${seen})`;
      placements.push({ file, name, artboard: refOf(artboard), page: null });
    }
  }
  return placements;
}

/**
 * A new version of an existing design from a PSD or Sketch file with artboards shows the artboard of the
 * design's Sketch id, else the one named like the design, else the first one; null when the file has none.
 */
export async function artboardForDesign(
  ctx: AppContext,
  file: UploadedFile,
  design: { name: string; sketchId: string | null },
): Promise<ArtboardRef | null> {
  const designName = design.name;
  if (file.sketchArtboards) {
    const sketched = file.sketchArtboards;
    const chosen =
      sketched.find((artboard) => artboard.id === design.sketchId) ??
      sketched.find((artboard) => artboard.name.trim() === designName) ??
      sketched[0];
    return sketchPlacementOf(file, chosen).artboard;
  }
  const artboards = await artboardsOf(ctx, file);
  if (artboards.length === 0) return null;
  const chosen = artboards.find((artboard) => artboard.name.trim() === designName) ?? artboards[0];
  return refOf(chosen);
}
