import { Codes, type LayerDoc, SLICE_PRESETS, type SliceExport } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  artboard,
  page,
  rectangle,
  run,
  shapePath,
  sketchFile,
  layer as sketchLayer,
  solidFill,
  style,
  text,
} from '../../design/sketch-fixtures.js';
import { runJobsOnce } from '../../jobs/worker.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { uploadDesigns } from '../../test/uploads.js';
import { buildWorld, newProject, OK, type World } from '../comments/fixtures.js';
import { designVersions } from '../designs/tables.js';
import { openedLink } from '../share/visitor-fixtures.js';
import { slicesDrawn } from './render.js';
import { layerNamed, pngSize } from './slices.fixture.js';
import { unzipFiles } from './zip.js';

/**
 * One artboard (200×120, light grey) with a blue card, an orange triangle, a line of text and a green bitmap:
 * the card, triangle and text are drawn from the LayerDoc alone, the bitmap is its frame of the artboard.
 */
async function screenSketch() {
  const green = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00ff00' } })
    .png()
    .toBuffer();
  const screen = artboard(
    'SCREEN',
    [0, 0, 200, 120],
    [
      rectangle('CARD', [20, 30, 80, 40], { style: style({ fills: [solidFill(0.2, 0.4, 0.8)] }) }),
      shapePath('ARROW', [120, 10, 40, 40], ['{0.5, 0}', '{1, 1}', '{0, 1}'], {
        style: style({ fills: [solidFill(1, 0.5, 0)] }),
      }),
      text('TITLE', [10, 80, 120, 30], 'Hello Sketch', [run(0, 12, 'Helvetica', 18, [0, 0, 0])]),
      sketchLayer('bitmap', 'PHOTO', [150, 70, 40, 40], {
        image: { _class: 'MSJSONFileReference', _ref_class: 'MSImageData', _ref: 'images/photo.png' },
      }),
    ],
    {
      hasBackgroundColor: true,
      backgroundColor: { _class: 'color', red: 0.9, green: 0.9, blue: 0.9, alpha: 1 },
    },
  );
  return sketchFile([page('PAGE', 'Screens', [screen])], { 'images/photo.png': green });
}

let server: TestServer;
let world: World;
let projectId: string;
let design: { id: string; doc: LayerDoc };

beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server);
  projectId = await newProject(world);
  const answer = await uploadDesigns(
    server.app,
    world.team.owner.token,
    { teamId: world.team.id, projectId },
    [{ name: 'Screens.sketch', data: await screenSketch() }],
  );
  expect(answer.code, answer.msg).toBe(OK);
  const { id } = answer.result.images[0];
  await runJobsOnce(server.ctx);
  const detail = await world.owner.api.get(`/api/project/image?image_id=${id}&project_id=${projectId}`);
  const view = detail.result.versions[0];
  expect([view.file_type, view.layers_status]).toEqual(['sketch', 'ready']);
  const doc = JSON.parse((await server.app.inject({ method: 'GET', url: view.json_url })).body);
  design = { id, doc };
}, 120_000);
afterAll(() => server.close());

const exportSlices = (body: Record<string, unknown>, api = world.owner.api) =>
  api.post<SliceExport>('/api/project/slices', { project_id: projectId, image_id: design.id, ...body });

async function exported(layerName: string, formats: string[], platform = 'ios') {
  const layer = layerNamed(design.doc, layerName);
  const answer = await exportSlices({ layer_ids: [layer.id], platform, base_scale: 1, formats });
  expect(answer.code, answer.msg).toBe(OK);
  const response = await server.app.inject({ method: 'GET', url: answer.result.url });
  expect(response.statusCode).toBe(200);
  return { layer, paths: answer.result.files, files: unzipFiles(response.rawPayload) };
}

/** A PNG's pixels, straight RGBA. */
async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => [
    ...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4),
  ];
  return { data, width: info.width, height: info.height, at };
}

const near = (actual: number[], expected: number[], tolerance = 8) =>
  expect(
    actual.every((value, i) => Math.abs(value - expected[i]) <= tolerance),
    `${actual} ≈ ${expected}`,
  ).toBe(true);

describe('slices of a Sketch layer', () => {
  it('draws a shape at every preset, its own colour at the centre, sized from its frame', async () => {
    const { paths, files } = await exported('CARD', ['png']);
    expect(paths).toEqual(['ios/CARD.png', 'ios/CARD@2x.png', 'ios/CARD@3x.png']);
    for (const [index, preset] of SLICE_PRESETS.ios.entries()) {
      const png = files[paths[index]];
      expect(await pngSize(png)).toEqual([80 * preset.scale, 40 * preset.scale]);
      const picture = await pixels(png);
      near(picture.at(picture.width / 2, picture.height / 2), [51, 102, 204, 255]);
      // The card fills its frame to the edge.
      near(picture.at(0, 0), [51, 102, 204, 255]);
    }
  });

  it('shows only the layer: transparent where the artboard or other layers would show', async () => {
    const { files } = await exported('ARROW', ['png'], 'web');
    const picture = await pixels(files['web/ARROW@2x.png']);
    expect([picture.width, picture.height]).toEqual([80, 80]);
    near(picture.at(40, 60), [255, 128, 0, 255]);
    // Beside the triangle's tip: neither the grey background nor anything else.
    expect(picture.at(3, 3)[3]).toBe(0);
  });

  it('exports a vector layer as SVG with its shape and fill, drawn back at its size', async () => {
    const card = await exported('CARD', ['svg']);
    const svg = card.files['ios/CARD.svg'].toString('utf8');
    expect(svg).toMatch(/^<svg /);
    expect(svg).toMatch(/<rect x="0" y="0" width="80" height="40"[^>]*fill="rgb\(51,102,204\)"/);
    expect(svg).not.toContain('TITLE');
    const drawn = await pixels(await sharp(Buffer.from(svg)).png().toBuffer());
    expect([drawn.width, drawn.height]).toEqual([80, 40]);
    near(drawn.at(40, 20), [51, 102, 204, 255]);

    const arrow = (await exported('ARROW', ['svg'])).files['ios/ARROW.svg'].toString('utf8');
    expect(arrow).toMatch(/<path [^>]*d="[^"]+"[^>]*fill="rgb\(255,128,0\)"/);
  });

  it('exports a vector layer as a PDF of paths, without a picture', async () => {
    const { files } = await exported('CARD', ['pdf']);
    const pdf = files['ios/CARD.pdf'];
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(/\/Subtype\s*\/Image/.test(pdf.toString('latin1'))).toBe(false);
  });

  it('draws a text layer: dark letters on transparency', async () => {
    const { files } = await exported('TITLE', ['png'], 'web');
    const picture = await pixels(files['web/TITLE.png']);
    expect([picture.width, picture.height]).toEqual([120, 30]);
    let inked = 0;
    for (let i = 0; i < picture.data.length; i += 4) {
      if (picture.data[i + 3] > 128 && picture.data[i] < 100) inked++;
    }
    expect(inked).toBeGreaterThan(50);
    expect(inked).toBeLessThan(picture.width * picture.height * 0.6);
  });

  it('cuts a bitmap from the artboard’s picture: its own pixels at each size', async () => {
    const { paths, files } = await exported('PHOTO', ['png', 'jpg']);
    expect(paths).toHaveLength(6);
    for (const [index, preset] of SLICE_PRESETS.ios.entries()) {
      const picture = await pixels(files[paths[index]]);
      expect([picture.width, picture.height]).toEqual([40 * preset.scale, 40 * preset.scale]);
      near(picture.at(picture.width / 2, picture.height / 2), [0, 255, 0, 255]);
    }
  });

  it('refuses SVG of a text layer with 19001 and draws nothing', async () => {
    const drawn = slicesDrawn.count;
    const answer = await exportSlices({
      layer_ids: [layerNamed(design.doc, 'TITLE').id],
      platform: 'web',
      formats: ['png', 'svg'],
    });
    expect(answer.code).toBe(Codes.INVALID_INPUT.code);
    expect(answer.msg).toContain("Sketch file's shape layers");
    expect(slicesDrawn.count).toBe(drawn);
  });
});

describe('Sketch slice refusals', () => {
  const card = () => ({ layer_ids: [layerNamed(design.doc, 'CARD').id], platform: 'web', formats: ['png'] });

  it('refuses another team’s caller as if the project did not exist', async () => {
    const answer = await exportSlices({ ...card(), team_id: world.strangerTeam.id }, world.stranger.api);
    expect(answer.code).toBe(Codes.PROJECT_NOT_FOUND.code);
  });

  it('refuses a share visitor whose link does not allow downloads, and serves one whose link does', async () => {
    const rights = { inspect: true, see_comments: false, comment: false };
    const withoutDownload = await openedLink(world, projectId, { rights: { ...rights, download: false } });
    const refused = await exportSlices(card(), withoutDownload.api);
    expect(refused.code).toBe(Codes.SHARE_VISITOR_REFUSED.code);
    const withDownload = await openedLink(world, projectId, { rights: { ...rights, download: true } });
    const served = await exportSlices(card(), withDownload.api);
    expect(served.code, served.msg).toBe(OK);
    expect(served.result.files).toEqual(['web/CARD.png', 'web/CARD@2x.png']);
  });

  it('answers 19055 for a layer id the design does not have', async () => {
    const answer = await exportSlices({ layer_ids: ['NO-SUCH-LAYER'], platform: 'web' });
    expect(answer.code).toBe(Codes.LAYER_NOT_FOUND.code);
  });
});

describe('a bitmap slice when the artboard’s picture is not there', () => {
  /** The design's only version as stored, changed for one test and put back after it. */
  async function withVersion(change: (version: typeof designVersions.$inferSelect) => Promise<void>) {
    const [version] = await server.ctx.db
      .select()
      .from(designVersions)
      .where(eq(designVersions.designId, design.id));
    const org = version.variants.org as { key: string };
    const picture = (await server.ctx.files.read(org.key)) as Buffer;
    return {
      org,
      async run(check: () => Promise<void>) {
        await change(version);
        try {
          await check();
        } finally {
          await server.ctx.files.put(org.key, picture);
          await server.ctx.db
            .update(designVersions)
            .set({ status: version.status, error: version.error })
            .where(eq(designVersions.id, version.id));
          await server.ctx.cache.bump();
        }
      },
    };
  }
  const photo = (platform: string) => ({
    layer_ids: [layerNamed(design.doc, 'PHOTO').id],
    platform,
    base_scale: 1,
    formats: ['png'],
  });

  it('answers 19054 while the picture is missing, and still draws layers the LayerDoc holds', async () => {
    const stored = await withVersion(async () => {});
    await stored.run(async () => {
      await server.ctx.files.remove(stored.org.key);
      const refused = await exportSlices(photo('android'));
      expect(refused.code, refused.msg).toBe(Codes.LAYERS_NOT_READY.code);
      expect(refused.msg).toBe(Codes.LAYERS_NOT_READY.en);
      const card = await exportSlices({
        ...photo('android'),
        layer_ids: [layerNamed(design.doc, 'CARD').id],
      });
      expect(card.code, card.msg).toBe(OK);
    });
  });

  it('answers the version’s own failure code when drawing its picture failed', async () => {
    const failed = await withVersion(async (version) => {
      await server.ctx.db
        .update(designVersions)
        .set({
          status: 'failed',
          error: `${Codes.DESIGN_RENDER_TIMEOUT.code} ${Codes.DESIGN_RENDER_TIMEOUT.en}`,
        })
        .where(eq(designVersions.id, version.id));
      await server.ctx.cache.bump();
    });
    await failed.run(async () => {
      const refused = await exportSlices(photo('web'));
      expect(refused.code, refused.msg).toBe(Codes.DESIGN_RENDER_TIMEOUT.code);
    });
  });

  it('answers DESIGN_UNREADABLE when the stored picture is not an image', async () => {
    const broken = await withVersion(async () => {});
    await broken.run(async () => {
      await server.ctx.files.put(broken.org.key, Buffer.from('not a picture'));
      const refused = await exportSlices(photo('ios'));
      expect(refused.code, refused.msg).toBe(Codes.DESIGN_UNREADABLE.code);
    });
  });
});
