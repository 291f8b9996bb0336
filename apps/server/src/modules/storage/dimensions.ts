import type { SniffedType } from './sniff.js';

export interface Dimensions {
  width: number;
  height: number;
}

/**
 * The pixel size a file declares in its header, read from its leading bytes without decoding anything, so a
 * decompression bomb (a tiny file declaring a huge canvas) is refused before any pixel is made. Null when the
 * header is not within `data` or the format keeps its size elsewhere (TIFF, SVG: sharp reads those).
 */
export function headerDimensions(data: Buffer, type: SniffedType): Dimensions | null {
  switch (type) {
    case 'png':
      return data.length >= 24 ? { width: data.readUInt32BE(16), height: data.readUInt32BE(20) } : null;
    case 'gif':
      return data.length >= 10 ? { width: data.readUInt16LE(6), height: data.readUInt16LE(8) } : null;
    case 'bmp':
      return data.length >= 26
        ? { width: Math.abs(data.readInt32LE(18)), height: Math.abs(data.readInt32LE(22)) }
        : null;
    case 'psd':
      return data.length >= 22 ? { width: data.readUInt32BE(18), height: data.readUInt32BE(14) } : null;
    case 'webp':
      return webpDimensions(data);
    case 'jpeg':
      return jpegDimensions(data);
    default:
      return null;
  }
}

function webpDimensions(data: Buffer): Dimensions | null {
  if (data.length < 30) return null;
  const chunk = data.toString('ascii', 12, 16);
  if (chunk === 'VP8X') {
    return { width: 1 + data.readUIntLE(24, 3), height: 1 + data.readUIntLE(27, 3) };
  }
  if (chunk === 'VP8L') {
    const bits = data.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ') {
    return { width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
  }
  return null;
}

/** Walks the JPEG segments to the first start-of-frame marker. */
function jpegDimensions(data: Buffer): Dimensions | null {
  let offset = 2;
  while (offset + 9 < data.length) {
    if (data[offset] !== 0xff) return null;
    const marker = data[offset + 1];
    if (marker === 0xff) {
      offset++;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: data.readUInt16BE(offset + 5), width: data.readUInt16BE(offset + 7) };
    offset += 2 + data.readUInt16BE(offset + 2);
  }
  return null;
}

export function isTooLarge(dimensions: Dimensions, maxSide: number): boolean {
  return dimensions.width > maxSide || dimensions.height > maxSide;
}
