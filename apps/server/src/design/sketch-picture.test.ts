import { unzipSync } from 'fflate';
import pixelmatch from 'pixelmatch';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { renderSketchArtboard } from './import.js';
import { UndecodableDesign } from './raster.js';
import {
  artboard,
  sketchFixture as fixture,
  page,
  rectangle,
  sampleSketch,
  sketchFile,
  solidFill,
  style,
} from './sketch-fixtures.js';

/** The picture Sketch saved in the file: the first page at a reduced size, on transparency. */
const previewOf = (file: Buffer) =>
  Buffer.from(
    unzipSync(file, { filter: (entry) => entry.name === 'previews/preview.png' })['previews/preview.png'],
  );

/**
 * The share of pixels pixelmatch finds alike (at `threshold`, its colour tolerance) once both pictures are on
 * white and resized to `scale` of the preview's size; a blank white picture's share beside it, the baseline.
 */
async function similarity(file: Buffer, scale: number, threshold: number) {
  const preview = previewOf(file);
  const ours = await renderSketchArtboard(file, 0);
  const { width = 0, height = 0 } = await sharp(preview).metadata();
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const pixels = (png: Buffer) =>
    sharp(png)
      .flatten({ background: '#ffffff' })
      .resize(w, h, { fit: 'fill' })
      .ensureAlpha()
      .raw()
      .toBuffer();
  const expected = await pixels(preview);
  const alike = (actual: Buffer) =>
    1 - pixelmatch(expected, actual, undefined, w, h, { threshold }) / (w * h);
  return { ours: alike(await pixels(ours)), blank: alike(Buffer.alloc(w * h * 4, 255)) };
}

describe("Sketch artboards drawn by Ferry against the file's own preview", () => {
  // The preview is 102×102: the 100×100 rectangle with its 1 px centre border spilling half a pixel each side,
  // so ours (100×100, border half clipped) is resized to it. Flat colours: all but the edge rows must match.
  test('a symbol instance of a bordered rectangle', async () => {
    const { ours, blank } = await similarity(fixture('sketchutils-name-paths.sketch'), 1, 0.1);
    expect(ours).toBeGreaterThan(0.97);
    expect(blank).toBeLessThan(0.1);
  });

  // Apple Chancery is not on this machine (a sans-serif is drawn instead), so letters never match pixel for
  // pixel: at full size a blank picture scores about 0.95 and ours about 0.89. At a quarter of the size, with
  // pixelmatch's looser colour tolerance, both pictures are a green line of text in the same place: ours
  // scores about 0.96, blank about 0.90; 0.93 fails when the text is missing, misplaced or not green.
  test('a line of text in a font this machine lacks', async () => {
    const { ours, blank } = await similarity(fixture('sketchutils-simple-textstyle.sketch'), 0.25, 0.2);
    expect(ours).toBeGreaterThan(0.93);
    expect(blank).toBeLessThan(0.93);
  });
});

describe('Sketch artboard pictures', () => {
  let picture: { data: Buffer; width: number; height: number };
  beforeAll(async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 4, background: '#00ff00' } })
      .png()
      .toBuffer();
    const file = await renderSketchArtboard(sampleSketch(png), 0);
    const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    picture = { data, width: info.width, height: info.height };
  });
  const at = (x: number, y: number) => {
    const i = (y * picture.width + x) * 3;
    return [...picture.data.subarray(i, i + 3)];
  };
  const near = (actual: number[], expected: number[], tolerance = 12) =>
    expect(
      actual.every((v, i) => Math.abs(v - expected[i]) <= tolerance),
      `${actual} ≈ ${expected}`,
    ).toBe(true);

  test('is the artboard at its size on its background colour', () => {
    expect([picture.width, picture.height]).toEqual([375, 200]);
    near(at(5, 195), [204, 230, 255]);
  });

  test('draws shapes, gradients, bitmaps and expanded symbols where the LayerDoc puts them', () => {
    // The triangle (300,20 40×40) is filled (0, 0.5, 0); its top corners are background.
    near(at(320, 50), [0, 128, 0]);
    near(at(302, 22), [204, 230, 255]);
    // The oval's gradient runs red at the top to blue at the bottom; outside the circle, background.
    const top = at(175, 24);
    const bottom = at(175, 66);
    expect(top[0]).toBeGreaterThan(top[2]);
    expect(bottom[2]).toBeGreaterThan(bottom[0]);
    near(at(152, 22), [204, 230, 255]);
    // The bitmap's own green pixels, not a grey box.
    near(at(275, 125), [0, 255, 0]);
    // The button master's dark blue box, doubled to 100×30, and the swapped-in yellow icon.
    near(at(255, 185), [0, 0, 153]);
    near(at(348, 178), [255, 255, 0]);
    // The red rectangle at half opacity, multiplied over the light blue.
    near(at(60, 40), [229, 115, 128], 30);
  });
});

describe('the renderer’s ceilings', () => {
  test('a Sketch picture is drawn in the renderer process: past its memory ceiling it is refused', async () => {
    const poster = sketchFile([
      page('PAGE', 'Page', [
        artboard(
          'POSTER',
          [0, 0, 4000, 4000],
          [rectangle('BOX', [100, 100, 3800, 3800], { style: style({ fills: [solidFill(0.8, 0.2, 0.2)] }) })],
        ),
      ]),
    ]);
    const drawing = renderSketchArtboard(poster, 0, { timeMs: 60_000, memoryMb: 16 });
    await expect(drawing).rejects.toBeInstanceOf(UndecodableDesign);
    await expect(drawing).rejects.toMatchObject({ code: 'DESIGN_RENDER_MEMORY' });
  });
});
