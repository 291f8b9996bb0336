import { SNIFF_HEAD_BYTES, sniffType } from '@ferry/shared';

/** What the refusal of an unsupported file suggests: design tools' own files name the export to make. */
export type UnsupportedKind = 'sketch' | 'figma' | 'xd' | 'other';

const KIND_BY_EXTENSION: Readonly<Record<string, UnsupportedKind>> = {
  sketch: 'sketch',
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
 */
export async function unsupportedKindOf(file: File): Promise<UnsupportedKind | null> {
  if (sniffType(await readHead(file))) return null;
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return KIND_BY_EXTENSION[extension] ?? 'other';
}
