import { inflateRawSync } from 'node:zlib';
import { SketchLimits, sketchHeadOf } from '@ferry/shared';
import type { Document, Meta, Page } from '@sketch-hq/sketch-file-format-ts/dist/cjs/types';
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
  /** 0 stored, 8 deflated. */
  compression: number;
  size: number;
  originalSize: number;
  /** Where the entry's local header starts. */
  headerAt: number;
}

/** The JSON the importer needs: the document, its meta and its pages (images are read one by one later). */
const isJsonEntry = (name: string) =>
  name === 'document.json' || name === 'meta.json' || /^pages\/[^/]+\.json$/.test(name);

const unreadable = (why: string) =>
  new UndecodableDesign(`not a readable Sketch file: ${why}`, 'DESIGN_UNREADABLE');

/**
 * The central directory's records, ZIP64 sizes and offsets included. Read here rather than by fflate, which does
 * not say where an entry lies and inflates a lying entry's whole stream into its declared size.
 */
function readDirectory(zip: Uint8Array): Entry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const u64 = (at: number) => Number(view.getBigUint64(at, true));
  let end = zip.length - 22;
  while (end >= 0 && u32(end) !== 0x06054b50) {
    if (zip.length - end > 65_557) break;
    end--;
  }
  if (end < 0 || u32(end) !== 0x06054b50) throw unreadable('no end of central directory');
  let count = u16(end + 10);
  let at = u32(end + 16);
  if (end >= 20 && u32(end - 20) === 0x07064b50) {
    const zip64End = u64(end - 12);
    if (zip64End + 56 > zip.length || u32(zip64End) !== 0x06064b50) throw unreadable('bad ZIP64 directory');
    count = u64(zip64End + 32);
    at = u64(zip64End + 48);
  }
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (entries.length >= SketchLimits.entriesMax) {
      throw tooComplex(`the Sketch file has more than ${SketchLimits.entriesMax} entries`);
    }
    if (at + 46 > zip.length || u32(at) !== 0x02014b50) throw unreadable('bad central directory');
    const nameLength = u16(at + 28);
    const extraAt = at + 46 + nameLength;
    const extraEnd = extraAt + u16(at + 30);
    if (extraEnd > zip.length) throw unreadable('bad central directory');
    const utf8 = (u16(at + 8) & 0x800) !== 0;
    const name = new TextDecoder(utf8 ? 'utf-8' : 'latin1').decode(zip.subarray(at + 46, extraAt));
    let originalSize = u32(at + 24);
    let size = u32(at + 20);
    let headerAt = u32(at + 42);
    // A field saturated at 0xffffffff is in the ZIP64 extra field (id 1), in this order.
    for (let x = extraAt; x + 4 <= extraEnd; x += 4 + u16(x + 2)) {
      if (u16(x) !== 1) continue;
      let field = x + 4;
      const next = () => {
        if (field + 8 > extraEnd) throw unreadable('bad ZIP64 field');
        field += 8;
        return u64(field - 8);
      };
      if (originalSize === 0xffffffff) originalSize = next();
      if (size === 0xffffffff) size = next();
      if (headerAt === 0xffffffff) headerAt = next();
    }
    entries.push({ name, compression: u16(at + 10), size, originalSize, headerAt });
    at = extraEnd + u16(at + 32);
  }
  return entries;
}

/**
 * The central directory's entries, checked against SketchLimits before anything is inflated. Declared sizes may
 * lie: a stored entry's bytes are its compressed size whatever it declares, so the larger of the two counts, and
 * inflating stops at the declared size (readEntry).
 */
function listEntries(zip: Uint8Array): Entry[] {
  const entries = readDirectory(zip);
  let total = 0;
  let json = 0;
  for (const entry of entries) {
    const bytes = Math.max(entry.size, entry.originalSize);
    total += bytes;
    if (isJsonEntry(entry.name)) json += bytes;
    if (total > SketchLimits.unpackedMaxBytes) {
      throw tooComplex(`the Sketch file unpacks to more than ${SketchLimits.unpackedMaxBytes} bytes`);
    }
    if (json > SketchLimits.jsonMaxBytes) {
      throw tooComplex(`the Sketch file's JSON is larger than ${SketchLimits.jsonMaxBytes} bytes`);
    }
  }
  return entries;
}

/**
 * One entry's bytes. Inflating stops at the declared size (zlib's maxOutputLength), so a bomb declaring 10 bytes
 * costs 10 bytes of work, not the minutes its stream would take; an entry larger than it declares is refused.
 */
function readEntry(zip: Uint8Array, entry: Entry): Uint8Array {
  const at = entry.headerAt;
  if (
    at + 30 > zip.length ||
    zip[at] !== 0x50 ||
    zip[at + 1] !== 0x4b ||
    zip[at + 2] !== 3 ||
    zip[at + 3] !== 4
  ) {
    throw unreadable(`bad local header for ${entry.name}`);
  }
  const start = at + 30 + (zip[at + 26] | (zip[at + 27] << 8)) + (zip[at + 28] | (zip[at + 29] << 8));
  if (start + entry.size > zip.length) throw unreadable(`${entry.name} runs past the end of the file`);
  const compressed = zip.subarray(start, start + entry.size);
  const largerThanDeclared = () =>
    tooComplex(`${entry.name} is larger than the ${entry.originalSize} bytes it declares`);
  if (entry.compression === 0) {
    if (compressed.byteLength > entry.originalSize) throw largerThanDeclared();
    return compressed;
  }
  if (entry.compression !== 8) throw unreadable(`unknown compression type ${entry.compression}`);
  let inflated: Uint8Array;
  try {
    // maxOutputLength must be at least 1: an entry declaring 0 bytes is checked after.
    inflated = inflateRawSync(compressed, { maxOutputLength: Math.max(1, entry.originalSize) });
  } catch (error) {
    if (error instanceof RangeError) throw largerThanDeclared();
    throw unreadable(`${entry.name}: ${(error as Error).message}`);
  }
  if (inflated.byteLength > entry.originalSize) throw largerThanDeclared();
  return inflated;
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
 * anything but a ZIP with DESIGN_UNREADABLE, a ZIP without document.json with SKETCH_NOT_SKETCH, a ZIP over
 * SketchLimits (entries, unpacked bytes, JSON bytes and nesting) with SKETCH_TOO_COMPLEX, each before it costs
 * more than reading the directory; an entry holding more than it declares, with SKETCH_TOO_COMPLEX as soon as it
 * passes its size.
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
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const json = (name: string) => {
    const entry = byName.get(name);
    return entry ? readEntry(data, entry) : undefined;
  };
  const document = parseJson<Document>('document.json', json('document.json'));
  const metaBytes = json('meta.json');
  const meta = metaBytes ? parseJson<Partial<Meta>>('meta.json', metaBytes) : {};
  const pages: Page[] = [];
  for (const ref of Array.isArray(document.pages) ? document.pages : []) {
    const name = `${String(ref?._ref ?? '')}.json`;
    // A page the document names but the ZIP lacks is skipped, as Sketch opens such a file without it.
    if (isJsonEntry(name) && byName.has(name)) pages.push(parseJson<Page>(name, json(name)));
  }
  return {
    document,
    meta,
    pages,
    image(ref, maxBytes) {
      const name = ref.includes('.') ? ref : `${ref}.png`;
      const entry = byName.get(name);
      if (!entry || Math.max(entry.size, entry.originalSize) > maxBytes) return null;
      try {
        return readEntry(data, entry);
      } catch {
        return null;
      }
    },
  };
}
