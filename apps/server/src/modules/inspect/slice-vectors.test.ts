import { inflateSync } from 'node:zlib';
import { Codes, sliceFormatsFor, walkLayers } from '@ferry/shared';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsOnce } from '../../jobs/worker.js';
import { fixture, layerNamed, type SlicesWorld, startSlicesWorld, type Uploaded } from './slices.fixture.js';

let world: SlicesWorld;
let shapes: Uploaded;
beforeAll(async () => {
  world = await startSlicesWorld();
  // Photoshop shape layers (rectangle, rounded rectangle, ellipses, a pin with a subtracted hole) beside pixels.
  const design = await world.uploadOne('shapes.psd', fixture('agpsd-shapes.psd'));
  await runJobsOnce(world.server.ctx);
  shapes = await world.withDoc(design);
}, 180_000);
afterAll(() => world.server.close());

const exportFiles = async (layerIds: string[], formats: string[]) => {
  const answer = await world.exportSlices({
    image_id: shapes.id,
    layer_ids: layerIds,
    platform: 'web',
    base_scale: 1,
    formats,
  });
  expect(answer.code, answer.msg).toBe('00000');
  return { answer: answer.result, files: await world.download(answer.result) };
};

/** Mean difference of two same-sized pictures, premultiplied RGBA, 0–255. */
async function meanDifference(a: Buffer, b: Buffer, width: number, height: number) {
  const raw = (data: Buffer) =>
    sharp(data).resize(width, height, { fit: 'fill' }).ensureAlpha().raw().toBuffer();
  const [p, q] = await Promise.all([raw(a), raw(b)]);
  let sum = 0;
  for (let i = 0; i < p.length; i += 4) {
    for (let c = 0; c < 4; c++) {
      const alpha = c === 3 ? 255 : null;
      const pa = alpha ?? p[i + 3];
      const qa = alpha ?? q[i + 3];
      sum += Math.abs((p[i + c] * pa) / 255 - (q[i + c] * qa) / 255);
    }
  }
  return sum / p.length;
}

/** A PDF's content streams, inflated, and whether it has an image XObject. */
function pdfParts(data: Buffer) {
  const text = data.toString('latin1');
  const streams = [...text.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((match) => {
    const bytes = Buffer.from(match[1], 'latin1');
    try {
      return inflateSync(bytes).toString('latin1');
    } catch {
      return match[1];
    }
  });
  return { content: streams.join('\n'), hasImage: /\/Subtype\s*\/Image/.test(text) };
}

const pageSize = async (data: Buffer) => {
  const pdf = await PDFDocument.load(data);
  expect(pdf.getPageCount()).toBe(1);
  const { width, height } = pdf.getPage(0).getSize();
  return [width, height];
};

const vectorLayers = () => [...walkLayers(shapes.doc.layers)].filter((layer) => layer.vector);

describe('SVG slices of PSD shape layers', () => {
  it('marks shape layers as vector, and only those offer SVG', () => {
    expect(vectorLayers().map((layer) => layer.name)).toEqual([
      '矩形 1',
      '圆角矩形 1',
      '椭圆 1',
      '椭圆 2',
      'pin',
    ]);
    for (const name of ['图层 0', 'apple', 'calendar']) {
      const layer = layerNamed(shapes.doc, name);
      expect(layer.vector).toBeUndefined();
      expect(sliceFormatsFor('psd', layer)).not.toContain('svg');
    }
    expect(sliceFormatsFor('psd', layerNamed(shapes.doc, 'pin'))).toContain('svg');
  });

  it('draws each shape as the PSD draws it: the SVG rasterised matches the PNG slice', async () => {
    const layers = vectorLayers();
    const { answer, files } = await exportFiles(
      layers.map((layer) => layer.id),
      ['png', 'svg'],
    );
    for (const layer of layers) {
      const svg = files[`web/${layer.name}.svg`];
      const png = files[`web/${layer.name}.png`];
      expect(svg, answer.files.join()).toBeDefined();
      const text = svg.toString('utf8');
      expect(text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(text).toContain('<path d="M');
      const { width, height } = await sharp(png).metadata();
      expect(await sharp(svg).metadata()).toMatchObject({ format: 'svg', width, height });
      const difference = await meanDifference(svg, png, width, height);
      expect(difference, layer.name).toBeLessThan(1);
    }
  });

  it('keeps the pin’s subtracted ring a hole', async () => {
    const pin = layerNamed(shapes.doc, 'pin');
    const { files } = await exportFiles([pin.id], ['svg']);
    const { data, info } = await sharp(files['web/pin.svg'])
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * 4 + 3];
    const centre = Math.round(pin.frame.width / 2);
    // Outline, the subtracted ring between it and the dot, then the dot (rows from the pin's top).
    expect(alphaAt(centre, 4)).toBe(255);
    expect(alphaAt(centre, 18)).toBe(0);
    expect(alphaAt(centre, 36)).toBe(255);
  });

  it('refuses SVG of a pixel layer with 19001, alone or beside a shape', async () => {
    const pixels = layerNamed(shapes.doc, 'calendar');
    const pin = layerNamed(shapes.doc, 'pin');
    for (const layerIds of [[pixels.id], [pin.id, pixels.id]]) {
      const answer = await world.exportSlices({
        image_id: shapes.id,
        layer_ids: layerIds,
        platform: 'web',
        formats: ['svg'],
      });
      expect(answer.code).toBe(Codes.INVALID_INPUT.code);
    }
  });
});

describe('vector PDF slices', () => {
  it('a shape layer’s PDF is paths, with no picture, on a page its @1x size', async () => {
    const layer = layerNamed(shapes.doc, '圆角矩形 1');
    const { files } = await exportFiles([layer.id], ['pdf']);
    const data = files[`web/${layer.name}.pdf`];
    expect(data.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pageSize(data)).toEqual([Math.round(layer.frame.width), Math.round(layer.frame.height)]);
    const { content, hasImage } = pdfParts(data);
    expect(hasImage).toBe(false);
    // Moves, curves and a fill.
    expect(content).toMatch(/\d m\b/);
    expect(content).toMatch(/\d c\b/);
    expect(content).toMatch(/\bf\b/);
  });

  it('a pixel layer’s PDF embeds its picture', async () => {
    const layer = layerNamed(shapes.doc, 'calendar');
    const { files } = await exportFiles([layer.id], ['pdf']);
    const data = files['web/calendar.pdf'];
    expect(await pageSize(data)).toEqual([Math.round(layer.frame.width), Math.round(layer.frame.height)]);
    expect(pdfParts(data).hasImage).toBe(true);
  });
});
