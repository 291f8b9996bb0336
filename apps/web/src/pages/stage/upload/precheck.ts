import { SNIFF_HEAD_BYTES, sketchHeadOf, sniffType } from '@ferry/shared';

/**
 * What the refusal of an unsupported file suggests: design tools' own files name the export to make; a Sketch
 * file from before Sketch 43 (an SQLite database), saving it again in a later Sketch.
 */
export type UnsupportedKind = 'sketchTooOld' | 'figma' | 'xd' | 'other';

const KIND_BY_EXTENSION: Readonly<Record<string, UnsupportedKind>> = {
  fig: 'figma',
  xd: 'xd',
};

/** A file's leading bytes, through FileReader, which every browser (and the test DOM) has for any Blob. */
export function readHead(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file.slice(0, SNIFF_HEAD_BYTES));
  });
}

/**
 * Reads a file's leading bytes before anything is sent: a type the server would refuse (the shared magic
 * numbers) answers what kind of file it is, so the tray can say what to upload instead; an accepted one, null.
 * A `.sketch` file that is a ZIP goes: only the whole file's directory tells a Sketch document from another
 * ZIP, which the server reads.
 */
export async function unsupportedKindOf(file: File): Promise<UnsupportedKind | null> {
  const head = await readHead(file);
  if (sniffType(head)) return null;
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (extension === 'sketch') {
    const sketch = sketchHeadOf(head);
    if (sketch === 'zip') return null;
    if (sketch === 'sqlite') return 'sketchTooOld';
  }
  return KIND_BY_EXTENSION[extension] ?? 'other';
}
