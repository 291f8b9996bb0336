/** File types told by their leading bytes, never by name or declared type (spec 002 §5). */
export type SniffedType = 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp' | 'tiff' | 'pdf' | 'psd' | 'svg';

const startsWith = (data: Buffer, bytes: number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((byte, index) => data[offset + index] === byte);

export function sniffType(data: Buffer): SniffedType | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(data, [0x47, 0x49, 0x46, 0x38])) return 'gif';
  if (startsWith(data, [0x52, 0x49, 0x46, 0x46]) && startsWith(data, [0x57, 0x45, 0x42, 0x50], 8))
    return 'webp';
  if (startsWith(data, [0x42, 0x4d])) return 'bmp';
  if (startsWith(data, [0x49, 0x49, 0x2a, 0x00]) || startsWith(data, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (startsWith(data, [0x25, 0x50, 0x44, 0x46])) return 'pdf';
  if (startsWith(data, [0x38, 0x42, 0x50, 0x53])) return 'psd';
  const head = data
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) return 'svg';
  return null;
}

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
