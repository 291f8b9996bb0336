import type { SniffedType } from '@ferry/shared';

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
