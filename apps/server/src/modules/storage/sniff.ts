import { DocumentLimits, type SniffedType, sketchHeadOf, sniffType } from '@ferry/shared';
import { unzipSync } from 'fflate';

/** File types told by their leading bytes (spec 002 §5): the list is shared with the web app's pre-check. */
export { type SniffedType, sniffType } from '@ferry/shared';

export const CONTENT_TYPES: Record<SniffedType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  tiff: 'image/tiff',
  pdf: 'application/pdf',
  psd: 'image/vnd.adobe.photoshop',
  svg: 'image/svg+xml',
};

/** A design file's type: one the leading bytes tell, or a Sketch document (a ZIP that holds one). */
export type DesignFileType = SniffedType | 'sketch';

/**
 * Whether a whole file is a Sketch document (Sketch 43 or later): a ZIP whose central directory names
 * `document.json`, `meta.json` and pages. Only the directory is read (fflate's filter sees each entry and
 * answers false, so nothing is inflated); a damaged ZIP, or one of more entries than any export has, is not one.
 */
export function isSketchArchive(data: Uint8Array): boolean {
  if (sketchHeadOf(data) !== 'zip') return false;
  const names = new Set<string>();
  let hasPages = false;
  try {
    unzipSync(data, {
      filter: (entry) => {
        if (names.size >= DocumentLimits.archiveMaxEntries) throw new Error('too many entries');
        names.add(entry.name);
        if (entry.name.startsWith('pages/') && entry.name.endsWith('.json')) hasPages = true;
        return false;
      },
    });
  } catch {
    return false;
  }
  return names.has('document.json') && names.has('meta.json') && hasPages;
}

/** The type of a whole stored design file: its magic number, else a Sketch document by its ZIP's contents. */
export function sniffDesignFile(data: Uint8Array): DesignFileType | null {
  return sniffType(data) ?? (isSketchArchive(data) ? 'sketch' : null);
}
