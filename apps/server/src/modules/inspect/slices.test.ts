import { BASE_SCALES, Codes, type Layer, SLICE_PLATFORMS, SLICE_PRESETS, walkLayers } from '@ferry/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsOnce } from '../../jobs/worker.js';
import { asUser } from '../../test/api.js';
import { addMember, type BuiltUser, buildTeam } from '../../test/factories.js';
import { slicesDrawn } from './render.js';
import { fixture, layerNamed, pngSize, type SlicesWorld, startSlicesWorld } from './slices.fixture.js';

let world: SlicesWorld;
const exportSlices = (body: Record<string, unknown>, token?: string) => world.exportSlices(body, token);

beforeAll(async () => {
  world = await startSlicesWorld();
}, 180_000);
afterAll(() => world.server.close());

describe('slices of a PSD layer', () => {
  it('exports every preset of every platform at each base scale, sized from the layer frame', async () => {
    const layer = layerNamed(world.boards.doc, 'Layer 3');
    expect(layer.frame).toMatchObject({ width: 165, height: 101 });
    for (const platform of SLICE_PLATFORMS) {
      for (const base of BASE_SCALES) {
        const answer = await exportSlices({
          image_id: world.boards.id,
          layer_ids: [layer.id],
          platform,
          base_scale: base,
        });
        expect(answer.code, answer.msg).toBe('00000');
        expect(answer.result.name).toBe(`transparent board-${platform}@${base}x-slices.zip`);
        const files = await world.download(answer.result);
        expect(Object.keys(files).sort()).toEqual([...answer.result.files].sort());
        expect(answer.result.files).toHaveLength(SLICE_PRESETS[platform].length);
        for (const [index, preset] of SLICE_PRESETS[platform].entries()) {
          const expected = [Math.round((165 * preset.scale) / base), Math.round((101 * preset.scale) / base)];
          expect(
            await pngSize(files[answer.result.files[index]]),
            `${platform} ${preset.label} @${base}x`,
          ).toEqual(expected);
        }
      }
    }
  });

  it('names files per platform', async () => {
    const layer = layerNamed(world.boards.doc, 'Layer 3');
    const files = async (platform: string) =>
      (await exportSlices({ image_id: world.boards.id, layer_ids: [layer.id], platform, base_scale: 2 }))
        .result.files;
    expect(await files('ios')).toEqual(['ios/Layer 3.png', 'ios/Layer 3@2x.png', 'ios/Layer 3@3x.png']);
    expect(await files('android')).toEqual(
      ['mdpi', 'hdpi', 'xhdpi', 'xxhdpi', 'xxxhdpi'].map((dpi) => `android/drawable-${dpi}/layer_3.png`),
    );
    expect(await files('web')).toEqual(['web/Layer 3.png', 'web/Layer 3@2x.png']);
  });

  it('draws only the layer’s own pixels: transparent where other layers paint', async () => {
    const group = layerNamed(world.boards.doc, 'Group 1');
    const layer3 = layerNamed(world.boards.doc, 'Layer 3');
    const answer = await exportSlices({
      image_id: world.boards.id,
      layer_ids: [layer3.id, group.id],
      platform: 'web',
      base_scale: 1,
    });
    const files = await world.download(answer.result);
    const alone = await sharp(files['web/Layer 3.png'])
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const inGroup = await sharp(files['web/Group 1.png'])
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([inGroup.info.width, inGroup.info.height]).toEqual([group.frame.width, group.frame.height]);
    // Layer 3 inside its group's slice: the same pixels at its offset in the group.
    const dx = layer3.frame.x - group.frame.x;
    const dy = layer3.frame.y - group.frame.y;
    let opaque = 0;
    for (let y = 0; y < alone.info.height; y++) {
      for (let x = 0; x < alone.info.width; x++) {
        const a = (y * alone.info.width + x) * 4;
        if (alone.data[a + 3] !== 255) continue;
        opaque++;
        const g = ((y + dy) * inGroup.info.width + x + dx) * 4;
        expect([...inGroup.data.subarray(g, g + 4)]).toEqual([...alone.data.subarray(a, a + 4)]);
      }
    }
    expect(opaque).toBeGreaterThan(0);
    // The group's top-right corner lies beside Layer 2 and above Layer 3: nothing of the design shows there.
    expect(inGroup.data[(inGroup.info.width - 1) * 4 + 3]).toBe(0);
  });

  it('answers a repeat from the kept zip without drawing it again', async () => {
    const layer = layerNamed(world.boards.doc, 'Layer 2');
    const body = { image_id: world.boards.id, layer_ids: [layer.id], platform: 'ios', base_scale: 3 };
    const first = await exportSlices(body);
    const drawn = slicesDrawn.count;
    const again = await exportSlices(body);
    expect(slicesDrawn.count).toBe(drawn);
    expect(again.result).toEqual(first.result);
    await exportSlices({ ...body, base_scale: 2 });
    expect(slicesDrawn.count).toBe(drawn + 1);
  });
});

describe('slices of an SVG layer', () => {
  it('draws the element alone at each size and adds the SVG itself', async () => {
    const layer = [...walkLayers(world.buttons.doc.layers)].find(
      (candidate) =>
        candidate.type !== 'group' && candidate.frame.width >= 20 && candidate.frame.height >= 10,
    ) as Layer;
    const answer = await exportSlices({
      image_id: world.buttons.id,
      layer_ids: [layer.id],
      platform: 'ios',
      base_scale: 2,
      formats: ['png', 'svg'],
    });
    expect(answer.code, answer.msg).toBe('00000');
    const files = await world.download(answer.result);
    const svgPath = answer.result.files.find((file) => file.endsWith('.svg')) as string;
    expect(svgPath).toMatch(/^ios\/.+\.svg$/);
    expect(answer.result.files).toHaveLength(4);
    for (const [index, preset] of SLICE_PRESETS.ios.entries()) {
      expect(await pngSize(files[answer.result.files[index]])).toEqual([
        Math.round((layer.frame.width * preset.scale) / 2),
        Math.round((layer.frame.height * preset.scale) / 2),
      ]);
    }
    const svg = files[svgPath].toString('utf8');
    expect(svg).toMatch(/^<svg /);
    // Only the element: far fewer drawing elements than the whole sheet.
    const whole = fixture('wikimediaui-button_groups_states.svg').toString('utf8');
    const count = (text: string) => (text.match(/<(text|rect|path|g)[\s>]/g) ?? []).length;
    expect(count(svg)).toBeLessThan(count(whole) / 2);
    expect(await pngSize(await sharp(files[svgPath]).png().toBuffer())).toEqual([
      Math.round(layer.frame.width / 2),
      Math.round(layer.frame.height / 2),
    ]);
  });

  it('refuses SVG of a PSD pixel layer with 19001, saying why in both languages, and draws nothing', async () => {
    const layer = layerNamed(world.boards.doc, 'Layer 3');
    const body = {
      project_id: world.projectId,
      image_id: world.boards.id,
      layer_ids: [layer.id],
      platform: 'web',
      formats: ['png', 'svg'],
    };
    const drawn = slicesDrawn.count;
    const english = await asUser(world.server.app, world.team.owner.token).post('/api/project/slices', body);
    expect(english.code).toBe(Codes.INVALID_INPUT.code);
    expect(english.msg).toBe(
      "SVG slices need vector layers (an SVG design, or a PSD's or Sketch file's shape layers); choose PNG, JPG, WebP or PDF",
    );
    const chinese = await asUser(world.server.app, world.team.owner.token, 'zh-CN').post(
      '/api/project/slices',
      body,
    );
    expect(chinese.msg).toContain('矢量图层');
    expect(slicesDrawn.count).toBe(drawn);
  });
});

describe('slice export refusals', () => {
  let viewer: BuiltUser;
  beforeAll(async () => {
    viewer = await addMember(world.server.ctx, world.team, 'member');
  });

  const someLayer = () => [layerNamed(world.boards.doc, 'Layer 3').id];

  it('refuses another team’s caller as if the project did not exist', async () => {
    const other = await buildTeam(world.server.ctx);
    const answer = await exportSlices(
      { team_id: other.id, image_id: world.boards.id, layer_ids: someLayer(), platform: 'ios' },
      other.owner.token,
    );
    expect(answer.code).toBe(Codes.PROJECT_NOT_FOUND.code);
  });

  it('follows the project’s download setting: members only leaves out a team member outside the project', async () => {
    const body = { image_id: world.boards.id, layer_ids: someLayer(), platform: 'ios' };
    expect((await exportSlices(body, viewer.token)).code).toBe('00000');
    const setting = await world.owner().put('/api/dayu/design/project/doc_download_setting', {
      project_id: world.projectId,
      download_type: 'members',
    });
    expect(setting.code, setting.msg).toBe('00000');
    expect((await exportSlices(body, viewer.token)).code).toBe(Codes.DOWNLOAD_NOT_ALLOWED.code);
    expect((await exportSlices(body)).code).toBe('00000');
    await world.owner().put('/api/dayu/design/project/doc_download_setting', {
      project_id: world.projectId,
      download_type: 'all',
    });
  });

  it('answers 19055 for a layer id the design does not have', async () => {
    const answer = await exportSlices({
      image_id: world.boards.id,
      layer_ids: ['no-such-layer'],
      platform: 'web',
    });
    expect(answer.code).toBe(Codes.LAYER_NOT_FOUND.code);
  });

  it('answers 19056 for a plain picture', async () => {
    const answer = await exportSlices({ image_id: world.plain.id, layer_ids: ['1'], platform: 'web' });
    expect(answer.code).toBe(Codes.NO_LAYERS.code);
  });

  it('answers 19054 while the layers are being imported', async () => {
    const waiting = await world.uploadOne('waiting.psd', fixture('agpsd-layers.psd'));
    const answer = await exportSlices({ image_id: waiting.id, layer_ids: ['1'], platform: 'web' });
    expect(answer.code).toBe(Codes.LAYERS_NOT_READY.code);
    await runJobsOnce(world.server.ctx);
  });

  it('answers 10083 for a design of another project', async () => {
    const otherProject = (await world.owner().post('/api/project/project_info', { team_id: world.team.id }))
      .result.id;
    const answer = await exportSlices({
      project_id: otherProject,
      image_id: world.boards.id,
      layer_ids: someLayer(),
      platform: 'web',
    });
    expect(answer.code).toBe(Codes.IMAGE_DELETED.code);
  });
});
