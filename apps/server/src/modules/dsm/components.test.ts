import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Codes, type Layer, type LayerDoc, walkLayers } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsOnce } from '../../jobs/worker.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { uploadDesigns } from '../../test/uploads.js';
import { buildWorld, newProject, OK, type Person, type World } from '../comments/fixtures.js';
import { fixture } from '../inspect/slices.fixture.js';
import { projects } from '../projects/tables.js';
import { fileCalls, folderCalls, type Library, newDsmProject, okResult } from './library.fixtures.js';

/**
 * Components and icons of a design-system library: a layer of a design the caller may see and download,
 * drawn at 1x, 2x and 4x (and as SVG when it is vector), kept under the dsm project until the file goes.
 */

let server: TestServer;
let world: World;
let library: Library;
let source: string;
let svg: { id: string; doc: LayerDoc };
let psd: { id: string; doc: LayerDoc };

async function upload(projectId: string, name: string, data: Buffer) {
  const answer = await uploadDesigns(
    server.app,
    world.team.owner.token,
    { teamId: world.team.id, projectId },
    [{ name, data }],
  );
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result.images[0].id as string;
}

async function docOf(projectId: string, imageId: string): Promise<LayerDoc> {
  const detail = await world.owner.api.get(`/api/project/image?image_id=${imageId}&project_id=${projectId}`);
  const version = detail.result.versions[0];
  expect(version.layers_status).toBe('ready');
  return JSON.parse((await server.app.inject({ method: 'GET', url: version.json_url })).body);
}

const leaf = (doc: LayerDoc, fits: (layer: Layer) => boolean = () => true) =>
  [...walkLayers(doc.layers)].find(
    (layer) => layer.type !== 'group' && layer.frame.width >= 8 && layer.frame.height >= 8 && fits(layer),
  ) as Layer;

beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server);
  library = await newDsmProject(world);
  source = await newProject(world);
  const svgId = await upload(source, 'Buttons.svg', fixture('wikimediaui-button_groups_states.svg'));
  const psdId = await upload(source, 'Layers.psd', fixture('agpsd-layers.psd'));
  await runJobsOnce(server.ctx);
  svg = { id: svgId, doc: await docOf(source, svgId) };
  psd = { id: psdId, doc: await docOf(source, psdId) };
});
afterAll(() => server.close());

const storedUnder = (projectId: string) => {
  const dir = path.join(server.ctx.config.dataDir, 'files', 'project-files', projectId, 'dsm');
  return existsSync(dir) ? readdirSync(dir) : [];
};

async function fetched(url: string) {
  const response = await server.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

const component = (who: Person, layer: Layer, design = svg, extra: Record<string, unknown> = {}) =>
  fileCalls(who, library).create([
    {
      name: layer.name || 'Component',
      type: 'component',
      host_object: { project_id: source, image_id: design.id, layer_id: layer.id },
      ...extra,
    },
  ]);

describe('components from a design', () => {
  it('draws a vector layer at 1x, 2x and 4x and as SVG, with the layer’s facts', async () => {
    const layer = leaf(svg.doc);
    const [file] = okResult(await component(world.member, layer));
    const { width, height } = layer.frame;
    expect(file).toMatchObject({ type: 'component', design_type: 'svg', host_type: 'design', index: 1 });
    expect(file.host_object).toMatchObject({ project_id: source, image_id: svg.id, layer_id: layer.id });
    expect(file.host_object?.version_id).toEqual(expect.any(String));
    expect(file.package_info).toMatchObject({
      name: layer.name,
      width,
      height,
      ...(layer.fills.length ? { fills: layer.fills } : {}),
    });
    for (const [ref, scale] of [
      [file.image_1x, 1],
      [file.image_2x, 2],
      [file.image_4x, 4],
    ] as const) {
      const expected = [Math.round(width * scale), Math.round(height * scale)];
      expect([ref?.width, ref?.height]).toEqual(expected);
      const meta = await sharp(await fetched(ref?.url as string)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', ...expected]);
    }
    expect(file.image_svg).toMatchObject({ width: Math.round(width), height: Math.round(height) });
    expect((await fetched(file.image_svg?.url as string)).toString('utf8')).toMatch(/<svg[\s>]/);
    // Anyone who sees the library sees the pictures.
    expect(okResult(await fileCalls(world.viewer, library).get(file.id)).image_4x?.width).toBe(
      Math.round(width * 4),
    );
    expect(storedUnder(library.projectId)).toContain(file.id);
  });

  it('draws a PSD pixel layer without an SVG', async () => {
    const layer = leaf(psd.doc, (candidate) => !candidate.vector);
    const [icon] = okResult(
      await fileCalls(world.member, library).create([
        {
          name: 'Icon',
          type: 'icon',
          host_object: { project_id: source, image_id: psd.id, layer_id: layer.id },
        },
      ]),
    );
    expect(icon).toMatchObject({ type: 'icon', design_type: 'psd' });
    expect(icon.image_svg).toBeNull();
    expect(icon.image_2x).toMatchObject({
      width: Math.round(layer.frame.width * 2),
      height: Math.round(layer.frame.height * 2),
    });
    const meta = await sharp(await fetched(icon.image_1x?.url as string)).metadata();
    expect([meta.width, meta.height]).toEqual([
      Math.round(layer.frame.width),
      Math.round(layer.frame.height),
    ]);
  });

  it('removes the pictures with the file, and with the folder holding it', async () => {
    const layer = leaf(svg.doc);
    const [file] = okResult(await component(world.member, layer));
    const keys = [file.image_1x, file.image_2x, file.image_4x, file.image_svg].map(
      (ref) => server.ctx.files.keyOfUrl(ref?.url as string) as string,
    );
    for (const key of keys) expect(await server.ctx.files.stat(key)).not.toBeNull();
    okResult(await fileCalls(world.member, library).remove([file.id]));
    for (const key of keys) expect(await server.ctx.files.stat(key)).toBeNull();
    expect(storedUnder(library.projectId)).not.toContain(file.id);

    const [folder] = okResult(await folderCalls(world.member, library).create([{ name: 'Kit' }]));
    const [inner] = okResult(
      await folderCalls(world.member, library).create([{ name: 'In', parentId: folder.id }]),
    );
    const [nested] = okResult(await component(world.member, layer, svg, { folder_id: inner.id }));
    expect(storedUnder(library.projectId)).toContain(nested.id);
    okResult(await folderCalls(world.member, library).remove([folder.id]));
    expect(storedUnder(library.projectId)).not.toContain(nested.id);
    expect((await fileCalls(world.member, library).get(nested.id)).code).toBe(Codes.DSM_FILE_NOT_FOUND.code);
  });
});

describe('refusals', () => {
  async function expectRefused(answer: Promise<{ code: string }>, code: string) {
    const before = storedUnder(library.projectId);
    expect((await answer).code).toBe(code);
    expect(storedUnder(library.projectId)).toEqual(before);
  }

  it('refuses a layer from a project the caller cannot see, or may not download from', async () => {
    const layer = leaf(svg.doc);
    const hidden = await newProject(world, { mode: 'B' });
    const hiddenSvg = await upload(hidden, 'Hidden.svg', fixture('wikimediaui-button_groups_states.svg'));
    await runJobsOnce(server.ctx);
    const host = (projectId: string, imageId: string, layerId = layer.id) => [
      {
        name: 'C',
        type: 'component',
        host_object: { project_id: projectId, image_id: imageId, layer_id: layerId },
      },
    ];
    const files = fileCalls(world.member, library);
    await expectRefused(files.create(host(hidden, hiddenSvg)), Codes.NOT_ALLOWED.code);
    // The owner sees it: the same layer is drawn for them.
    okResult(await fileCalls(world.owner, library).create(host(hidden, hiddenSvg)));

    await server.ctx.db.update(projects).set({ downloadType: 'none' }).where(eq(projects.id, source));
    await expectRefused(files.create(host(source, svg.id)), Codes.DOWNLOAD_NOT_ALLOWED.code);
    await server.ctx.db.update(projects).set({ downloadType: 'all' }).where(eq(projects.id, source));

    await expectRefused(files.create(host(source, svg.id, 'no-such-layer')), Codes.LAYER_NOT_FOUND.code);
    await expectRefused(files.create(host(source, hiddenSvg)), Codes.IMAGE_DELETED.code);
    const strangerProject = await newProject(world, { team: world.strangerTeam });
    await expectRefused(files.create(host(strangerProject, svg.id)), Codes.PROJECT_NOT_FOUND.code);
    // A batch with one refused component writes nothing, the drawn ones' pictures included.
    const held = (await fileCalls(world.owner, library).create([{ name: 'D', type: 'doc' }])).result[0].index;
    const mixed = [...host(source, svg.id), ...host(source, svg.id, 'no-such-layer')];
    await expectRefused(files.create(mixed), Codes.LAYER_NOT_FOUND.code);
    const next = okResult(await fileCalls(world.owner, library).create([{ name: 'E', type: 'doc' }]));
    expect(next[0].index).toBe(held + 1);
  });

  it('refuses a version of another design, even one the caller sees', async () => {
    const layer = leaf(svg.doc);
    const psdDetail = await world.owner.api.get(`/api/project/image?image_id=${psd.id}&project_id=${source}`);
    const psdVersion = psdDetail.result.versions[0].id as string;
    const hostOf = (versionId: string) => ({
      project_id: source,
      image_id: svg.id,
      version_id: versionId,
      layer_id: layer.id,
    });
    const files = fileCalls(world.member, library);
    for (const versionId of [psdVersion, 'not-a-uuid']) {
      await expectRefused(
        files.create([{ name: 'C', type: 'component', host_object: hostOf(versionId) }]),
        Codes.VERSION_NOT_FOUND.code,
      );
    }
  });

  it('refuses the team’s onlooker', async () => {
    const layer = leaf(svg.doc);
    await expectRefused(component(world.viewer, layer), Codes.NO_PERMISSION.code);
  });
});
