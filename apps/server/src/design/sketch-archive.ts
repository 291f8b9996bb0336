import { SketchLimits, sketchHeadOf } from '@ferry/shared';
import type { Document, Meta, Page } from '@sketch-hq/sketch-file-format-ts/dist/cjs/types';
import { unzipSync } from 'fflate';
import { UndecodableDesign } from './raster.js';

/** The parts of a Sketch file the importer reads: its JSON, and its images only on request. */
export interface SketchArchive {
  document: Document;
  meta: Partial<Meta>;
  /** In the document's order. */
  pages: Page[];
  /** An image entry's bytes (`images/….png`), or null when it is missing or larger than `maxBytes`. */
  image(ref: string, maxBytes: number): Uint8Array | null;
}

export const tooComplex = (message: string) => new UndecodableDesign(message, 'SKETCH_TOO_COMPLEX');

interface Entry {
  name: string;
  originalSize: number;
}

/** The JSON the importer needs: the document, its meta and its pages (images are read one by one later). */
const isJsonEntry = (name: string) =>
  name === 'document.json' || name === 'meta.json' || /^pages\/[^/]+\.json$/.test(name);

/**
 * The central directory's entries, checked against SketchLimits before anything is inflated: fflate's filter
 * sees each entry's declared size and answers false, so nothing is. Declared sizes may lie low; fflate inflates
 * into a buffer of the declared size and never past it, so a lie only truncates the JSON, which then fails to parse.
 */
function listEntries(zip: Uint8Array): Entry[] {
  const entries: Entry[] = [];
  let total = 0;
  let json = 0;
  try {
    unzipSync(zip, {
      filter: (entry) => {
        entries.push({ name: entry.name, originalSize: entry.originalSize });
        total += entry.originalSize;
        if (isJsonEntry(entry.name)) json += entry.originalSize;
        if (entries.length > SketchLimits.entriesMax) {
          throw tooComplex(`the Sketch file has more than ${SketchLimits.entriesMax} entries`);
        }
        if (total > SketchLimits.unpackedMaxBytes) {
          throw tooComplex(`the Sketch file unpacks to more than ${SketchLimits.unpackedMaxBytes} bytes`);
        }
        if (json > SketchLimits.jsonMaxBytes) {
          throw tooComplex(`the Sketch file's JSON is larger than ${SketchLimits.jsonMaxBytes} bytes`);
        }
        return false;
      },
    });
  } catch (error) {
    if (error instanceof UndecodableDesign) throw error;
    throw new UndecodableDesign(
      `not a readable Sketch file: ${(error as Error).message}`,
      'DESIGN_UNREADABLE',
    );
  }
  return entries;
}

/**
 * How deeply brackets nest in a JSON text, stopping as soon as it passes `max` (strings are skipped). Parsing
 * is not recursive in V8, but every walk over the parsed layers is, so depth is bounded before parsing.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

function parseJson<T>(name: string, bytes: Uint8Array | undefined): T {
  if (!bytes) throw new UndecodableDesign(`the ZIP has no ${name}: not a Sketch file`, 'SKETCH_NOT_SKETCH');
  const text = new TextDecoder().decode(bytes);
  if (jsonDepthExceeds(text, SketchLimits.jsonDepthMax)) {
    throw tooComplex(`${name} nests deeper than ${SketchLimits.jsonDepthMax} levels`);
  }
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new UndecodableDesign(`${name} is not JSON: ${(error as Error).message}`, 'DESIGN_UNREADABLE');
  }
}

/**
 * Opens a Sketch file in memory (nothing is written to disk). A pre-43 file is refused with SKETCH_TOO_OLD,
 * anything but a ZIP with DESIGN_UNREADABLE, a ZIP without document.json with SKETCH_NOT_SKETCH, a ZIP over SketchLimits (entries, declared unpacked bytes, JSON
 * bytes and nesting) with SKETCH_TOO_COMPLEX, each before it costs more than reading the directory.
 */
export function openSketch(data: Uint8Array): SketchArchive {
  // Sketch before 43 saved a SQLite database of archived Cocoa objects, which nothing but Sketch reads.
  const head = sketchHeadOf(data);
  if (head === 'sqlite') {
    throw new UndecodableDesign(
      'this Sketch file was saved by Sketch 42 or earlier: open it in Sketch 43 or later and save it again',
      'SKETCH_TOO_OLD',
    );
  }
  if (head !== 'zip') throw new UndecodableDesign('not a Sketch file', 'DESIGN_UNREADABLE');
  const entries = listEntries(data);
  const sizes = new Map(entries.map((entry) => [entry.name, entry.originalSize]));
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(data, { filter: (entry) => isJsonEntry(entry.name) });
  } catch (error) {
    throw new UndecodableDesign(
      `not a readable Sketch file: ${(error as Error).message}`,
      'DESIGN_UNREADABLE',
    );
  }
  const document = parseJson<Document>('document.json', files['document.json']);
  const meta = files['meta.json'] ? parseJson<Partial<Meta>>('meta.json', files['meta.json']) : {};
  const pages: Page[] = [];
  for (const ref of Array.isArray(document.pages) ? document.pages : []) {
    const name = `${String(ref?._ref ?? '')}.json`;
    // A page the document names but the ZIP lacks is skipped, as Sketch opens such a file without it.
    if (files[name]) pages.push(parseJson<Page>(name, files[name]));
  }
  return {
    document,
    meta,
    pages,
    image(ref, maxBytes) {
      const name = ref.includes('.') ? ref : `${ref}.png`;
      const size = sizes.get(name);
      if (size === undefined || size > maxBytes) return null;
      try {
        return unzipSync(data, { filter: (entry) => entry.name === name })[name] ?? null;
      } catch {
        return null;
      }
    },
  };
}
