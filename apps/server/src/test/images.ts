import sharp from 'sharp';

/** A real PNG of the given size, drawn by libvips. */
export function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 220 } } })
    .png()
    .toBuffer();
}
