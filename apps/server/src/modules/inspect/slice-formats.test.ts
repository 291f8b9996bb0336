import { Codes, SLICE_PRESETS } from '@ferry/shared';
import { PDFDocument, PDFName, type PDFNumber, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSvg } from '../../design/svg-parse.js';
import { runJobsOnce } from '../../jobs/worker.js';
import { addMember } from '../../test/factories.js';
import { fixture, layerNamed, type SlicesWorld, someLeaf, startSlicesWorld } from './slices.fixture.js';

let world: SlicesWorld;
beforeAll(async () => {
  world = await startSlicesWorld();
}, 180_000);
afterAll(() => world.server.close());

const exportOne = async (image: { id: string }, layerId: string, formats: string[], platform = 'web') => {
  const answer = await world.exportSlices({
    image_id: image.id,
    layer_ids: [layerId],
    platform,
    base_scale: 1,
    formats,
  });
  expect(answer.code, answer.msg).toBe('00000');
  return { answer: answer.result, files: await world.download(answer.result) };
};

/** RGBA of the pixel at (x, y). */
async function pixelAt(data: Buffer, x: number, y: number) {
  const { data: raw, info } = await sharp(data).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 4;
  return [...raw.subarray(at, at + 4)];
}

/** The images a PDF embeds: size and filter. */
async function pdfImages(data: Buffer) {
  const pdf = await PDFDocument.load(data);
  const images = pdf.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFRawStream => object instanceof PDFRawStream)
    .filter((stream) => stream.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
    .map((stream) => ({
      width: (stream.dict.get(PDFName.of('Width')) as PDFNumber).asNumber(),
      height: (stream.dict.get(PDFName.of('Height')) as PDFNumber).asNumber(),
      filter: String(stream.dict.get(PDFName.of('Filter'))),
    }));
  return { pdf, images };
}

describe('JPG and WebP slices', () => {
  it('JPG: every preset as a JPEG, transparency turned white', async () => {
    const group = layerNamed(world.boards.doc, 'Group 1');
    const { answer, files } = await exportOne(world.boards, group.id, ['jpg']);
    expect(answer.files).toEqual(['web/Group 1.jpg', 'web/Group 1@2x.jpg']);
    for (const [index, preset] of SLICE_PRESETS.web.entries()) {
      const data = files[answer.files[index]];
      expect([...data.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      const { format, width, height } = await sharp(data).metadata();
      expect([format, width, height]).toEqual([
        'jpeg',
        group.frame.width * preset.scale,
        group.frame.height * preset.scale,
      ]);
    }
    // The group's top-right corner is transparent in the PNG slice (slices.test.ts): white here.
    const corner = await pixelAt(files['web/Group 1.jpg'], group.frame.width - 1, 0);
    for (const channel of corner.slice(0, 3)) expect(channel).toBeGreaterThan(245);
  });

  it('WebP: every preset as a WebP that keeps the transparency', async () => {
    const group = layerNamed(world.boards.doc, 'Group 1');
    const { answer, files } = await exportOne(world.boards, group.id, ['webp'], 'ios');
    expect(answer.files).toEqual(['ios/Group 1.webp', 'ios/Group 1@2x.webp', 'ios/Group 1@3x.webp']);
    for (const [index, preset] of SLICE_PRESETS.ios.entries()) {
      const data = files[answer.files[index]];
      expect(data.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(data.subarray(8, 12).toString('latin1')).toBe('WEBP');
      const { format, width, height, hasAlpha } = await sharp(data).metadata();
      expect([format, width, height, hasAlpha]).toEqual([
        'webp',
        group.frame.width * preset.scale,
        group.frame.height * preset.scale,
        true,
      ]);
    }
    expect((await pixelAt(files['ios/Group 1.webp'], group.frame.width - 1, 0))[3]).toBe(0);
  });

  it('WebP of an SVG element: drawn from its vectors at each size', async () => {
    const layer = someLeaf(world.buttons.doc);
    const { answer, files } = await exportOne(world.buttons, layer.id, ['webp'], 'android');
    expect(answer.files.every((file) => /^android\/drawable-\w+\/.+\.webp$/.test(file))).toBe(true);
    const densest = await sharp(files[answer.files.at(-1) as string]).metadata();
    expect([densest.format, densest.width]).toEqual(['webp', Math.round(layer.frame.width * 4)]);
  });
});

describe('PDF slices', () => {
  it('one page the layer’s @1x size, its picture embedded without loss at the densest preset', async () => {
    const layer = layerNamed(world.boards.doc, 'Layer 3');
    const { answer, files } = await exportOne(world.boards, layer.id, ['pdf'], 'ios');
    expect(answer.files).toEqual(['ios/Layer 3.pdf']);
    const data = files['ios/Layer 3.pdf'];
    expect(data.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { pdf, images } = await pdfImages(data);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 165, height: 101 });
    // The picture (and its transparency mask) at @3x, deflated, never JPEG-compressed.
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect([image.width, image.height]).toEqual([495, 303]);
      expect(image.filter).toBe('/FlateDecode');
    }
  });

  it('a PDF of an SVG element beside its PNGs', async () => {
    const layer = someLeaf(world.buttons.doc);
    const { answer, files } = await exportOne(world.buttons, layer.id, ['pdf', 'png']);
    expect(answer.files.map((file) => file.split('.').at(-1))).toEqual(['png', 'png', 'pdf']);
    const { pdf } = await pdfImages(files[answer.files[2]]);
    expect(pdf.getPage(0).getSize()).toEqual({
      width: Math.round(layer.frame.width),
      height: Math.round(layer.frame.height),
    });
  });
});

describe('SVG slices', () => {
  it('an SVG element alone, as a document that parses and has no script', async () => {
    const layer = someLeaf(world.buttons.doc);
    const { answer, files } = await exportOne(world.buttons, layer.id, ['svg']);
    expect(answer.files).toHaveLength(1);
    const text = files[answer.files[0]].toString('utf8');
    const tree = parseSvg(text);
    expect(tree.root.attrs.xmlns).toBe('http://www.w3.org/2000/svg');
    expect(text).not.toMatch(/<script/i);
    expect((await sharp(Buffer.from(text)).metadata()).format).toBe('svg');
  });

  it('leaves out scripts, event handlers, HTML and references outside the file', async () => {
    const hostile = fixture('wikimediaui-button_groups_states.svg')
      .toString('utf8')
      .replace(
        /<svg([^>]*)>/,
        `<svg$1 onload="alert(1)"><style>@import url(https://evil.example/a.css); .x { fill: url(https://evil.example/p.svg#a) }</style>` +
          '<script>alert(2)</script>' +
          '<g id="hostile-slice" onclick="alert(3)">' +
          '<rect width="40" height="20" fill="#c00" onmouseover="alert(4)" style="stroke: url(http://evil.example/s)"/>' +
          '<image href="https://evil.example/track.png" width="10" height="10"/>' +
          '<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>' +
          '<a href="javascript:alert(5)"><rect width="5" height="5"/></a>' +
          '<set attributeName="fill" to="blue"/>' +
          '</g>',
      );
    const design = await world.withDoc(await uploadAndRead('hostile.svg', Buffer.from(hostile)));
    const { files } = await exportOne(design, 'hostile-slice', ['svg', 'png']);
    const text = files['web/hostile-slice.svg'].toString('utf8');
    parseSvg(text);
    for (const banned of ['<script', 'onload', 'onclick', 'onmouseover', 'evil.example', 'javascript:']) {
      expect(text).not.toContain(banned);
    }
    expect(text).not.toMatch(/<foreignObject|<set|@import/);
    expect(text).toContain('fill="#c00"');
    // Still drawn: the red rectangle in the PNG.
    expect(await pixelAt(files['web/hostile-slice.png'], 20, 10)).toEqual([204, 0, 0, 255]);
  });
});

async function uploadAndRead(name: string, data: Buffer) {
  const design = await world.uploadOne(name, data);
  await runJobsOnce(world.server.ctx);
  return design;
}

describe('refusals of a format', () => {
  it('refuses a format the API does not know with 19001', async () => {
    const answer = await world.exportSlices({
      image_id: world.boards.id,
      layer_ids: [layerNamed(world.boards.doc, 'Layer 3').id],
      platform: 'web',
      formats: ['gif'],
    });
    expect(answer.code).toBe(Codes.INVALID_INPUT.code);
  });

  it('follows the download setting for every format', async () => {
    const viewer = await addMember(world.server.ctx, world.team, 'member');
    await world.owner().put('/api/dayu/design/project/doc_download_setting', {
      project_id: world.projectId,
      download_type: 'members',
    });
    for (const formats of [['webp'], ['jpg'], ['pdf'], ['svg']]) {
      const answer = await world.exportSlices(
        { image_id: world.buttons.id, layer_ids: [someLeaf(world.buttons.doc).id], platform: 'ios', formats },
        viewer.token,
      );
      expect(answer.code, formats[0]).toBe(Codes.DOWNLOAD_NOT_ALLOWED.code);
    }
    await world.owner().put('/api/dayu/design/project/doc_download_setting', {
      project_id: world.projectId,
      download_type: 'all',
    });
  });
});

describe('kept zips', () => {
  it('keeps each format’s zip under the version’s variant folder, apart from the others', async () => {
    const layer = layerNamed(world.boards.doc, 'Layer 3');
    const keys = [];
    for (const formats of [['png'], ['jpg'], ['webp', 'png']]) {
      keys.push(
        world.server.ctx.files.keyOfUrl((await exportOne(world.boards, layer.id, formats)).answer.url),
      );
    }
    const original = world.server.ctx.files.keyOfUrl(
      (
        await world
          .owner()
          .get(`/api/project/image?image_id=${world.boards.id}&project_id=${world.projectId}`)
      ).result.versions[0].json_url,
    ) as string;
    const variantDir = original.replace(/\/[^/]+$/, '');
    expect(new Set(keys).size).toBe(3);
    for (const key of keys) expect(key).toMatch(new RegExp(`^${variantDir}/slices/[0-9a-f]{32}\\.zip$`));
  });
});
