/**
 * Design file types told by their leading bytes, never by name or declared type (spec 002 §5). Pure, so the
 * server (checking what arrives) and the web app (checking a file before sending it) use one list.
 */
export type SniffedType = 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp' | 'tiff' | 'pdf' | 'psd' | 'svg';

/** Enough leading bytes for every type: an SVG's root element may follow a prolog, comments and a doctype. */
export const SNIFF_HEAD_BYTES = 1024;

type Signature = readonly (readonly [offset: number, bytes: readonly number[]])[];

const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

/** The magic numbers, each a list of (offset, bytes) that must all match. */
export const MAGIC_NUMBERS: readonly { type: SniffedType; signature: Signature }[] = [
  { type: 'png', signature: [[0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]]] },
  { type: 'jpeg', signature: [[0, [0xff, 0xd8, 0xff]]] },
  { type: 'gif', signature: [[0, [0x47, 0x49, 0x46, 0x38]]] },
  {
    type: 'webp',
    signature: [
      [0, RIFF],
      [8, WEBP],
    ],
  },
  { type: 'bmp', signature: [[0, [0x42, 0x4d]]] },
  { type: 'tiff', signature: [[0, [0x49, 0x49, 0x2a, 0x00]]] },
  { type: 'tiff', signature: [[0, [0x4d, 0x4d, 0x00, 0x2a]]] },
  { type: 'pdf', signature: [[0, [0x25, 0x50, 0x44, 0x46]]] },
  { type: 'psd', signature: [[0, [0x38, 0x42, 0x50, 0x53]]] },
];

const SVG_START = /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i;

const matches = (data: Uint8Array, signature: Signature) =>
  signature.every(
    ([offset, bytes]) =>
      data.length >= offset + bytes.length && bytes.every((byte, index) => data[offset + index] === byte),
  );

/** The type of a file from its first bytes (at least SNIFF_HEAD_BYTES of them when it has that many), or null. */
export function sniffType(data: Uint8Array): SniffedType | null {
  const known = MAGIC_NUMBERS.find(({ signature }) => matches(data, signature));
  if (known) return known.type;
  const head = new TextDecoder()
    .decode(data.subarray(0, SNIFF_HEAD_BYTES))
    .replace(/^\uFEFF/, '')
    .trimStart();
  return SVG_START.test(head) ? 'svg' : null;
}

/**
 * A Sketch document is a design type of its own that no magic number names: Sketch 43 and later write a ZIP of
 * JSON (`document.json`, `meta.json`, `pages/`), which only the whole file's central directory tells from any
 * other ZIP (the server reads it); earlier versions wrote an SQLite database, which Ferry cannot read.
 */
export type SketchHead = 'zip' | 'sqlite';

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
/** "SQLite format 3" and its NUL. */
const SQLITE_SIGNATURE = [
  0x53, 0x51, 0x4c, 0x69, 0x74, 0x65, 0x20, 0x66, 0x6f, 0x72, 0x6d, 0x61, 0x74, 0x20, 0x33, 0x00,
];

/** What a possible Sketch file's leading bytes are: a ZIP, an SQLite database (before Sketch 43), or neither. */
export function sketchHeadOf(data: Uint8Array): SketchHead | null {
  if (matches(data, [[0, ZIP_SIGNATURE]])) return 'zip';
  if (matches(data, [[0, SQLITE_SIGNATURE]])) return 'sqlite';
  return null;
}

export const isSketchFileName = (name: string) => /\.sketch$/i.test(name);

/**
 * Container formats of product documents: a ZIP (DOCX, XLSX, PPTX, an Axure export) or an OLE compound file
 * (DOC, XLS, PPT). What the container holds is the server's call once the file is whole; a PDF is a design type
 * too. Kept apart from `sniffType`, so no design path ever takes a ZIP or an OLE file.
 */
export type DocumentContainer = 'pdf' | 'zip' | 'ole';

export function sniffDocumentContainer(data: Uint8Array): DocumentContainer | null {
  if (matches(data, [[0, [0x25, 0x50, 0x44, 0x46]]])) return 'pdf';
  if (matches(data, [[0, ZIP_SIGNATURE]])) return 'zip';
  if (matches(data, [[0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]]])) return 'ole';
  return null;
}
