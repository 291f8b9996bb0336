import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type LayerDoc, walkLayers } from '@ferry/shared';
import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rasterSource } from '../../design/raster.js';
import { runJobsOnce } from '../../jobs/worker.js';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { type BuiltTeam, buildTeam } from '../../test/factories.js';
import { fetchUptoken, postToStorage, uploadDesigns } from '../../test/uploads.js';
import { expectEachDesignCounted } from './limit-fixtures.js';
import { designVersions } from './tables.js';

/** Real design files made by other people (apps/server/test-data/SOURCES.md). */
const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../../../test-data', name));
const boardsPsd = fixture('agpsd-artboards.psd');

/** The three artboards of agpsd-artboards.psd (canvas 2264×1257), as Photoshop placed them. */
const BOARDS = [
  { name: 'white board', x: 0, y: 0, width: 1082, height: 722 },
  { name: 'transparent board', x: 1182, y: 0, width: 1082, height: 722 },
  { name: 'custom board', x: 279, y: 799, width: 598, height: 458 },
];

let server: TestServer;
let team: BuiltTeam;
let projectId: string;
const owner = () => asUser(server.app, team.owner.token);

beforeAll(async () => {
  server = await startTestServer();
  team = await buildTeam(server.ctx);
  projectId = (await owner().post('/api/project/project_info', { team_id: team.id })).result.id;
});
afterAll(() => server.close());

const upload = (files: { name: string; data: Buffer }[], ids = { teamId: team.id, projectId }) =>
  uploadDesigns(server.app, team.owner.token, ids, files);

async function currentVersion(imageId: string) {
  const detail = await owner().get(`/api/project/image?image_id=${imageId}&project_id=${projectId}`);
  expect(detail.code, detail.msg).toBe('00000');
  return detail.result.versions.find((version: { current: boolean }) => version.current);
}

async function fetchDoc(view: { json_url: string; json_md5: string }): Promise<LayerDoc> {
  const response = await server.app.inject({ method: 'GET', url: view.json_url });
  expect(createHash('md5').update(response.rawPayload).digest('hex')).toBe(view.json_md5);
  return JSON.parse(response.body);
}

const frameOf = (doc: LayerDoc, name: string) =>
  [...walkLayers(doc.layers)].find((layer) => layer.name === name)?.frame;

describe('a PSD with artboards', () => {
  let created: { id: string; name: string; batch: string; sector_id: string | null }[];

  it('becomes one design per artboard, named after it, in one batch, all in the answer', async () => {
    const answer = await upload([{ name: 'boards.psd', data: boardsPsd }]);
    expect(answer.code, answer.msg).toBe('00000');
    created = answer.result.images;
    expect(created.map((image) => image.name)).toEqual(BOARDS.map((board) => board.name));
    expect(new Set(created.map((image) => image.batch)).size).toBe(1);
    expect(created.every((image) => image.sector_id === null)).toBe(true);

    const rows = await server.ctx.db
      .select()
      .from(designVersions)
      .where(
        inArray(
          designVersions.designId,
          created.map((image) => image.id),
        ),
      );
    expect(new Set(rows.map((row) => row.fileKey)).size).toBe(1);
    expect(new Set(rows.map((row) => row.variantDir)).size).toBe(3);
    expect(rows.map((row) => row.artboard?.index).sort()).toEqual([0, 1, 2]);
  });

  it('shows each artboard as the composite cropped to it', async () => {
    await runJobsOnce(server.ctx);
    const composite = await rasterSource(boardsPsd, 'psd');
    for (const [index, board] of BOARDS.entries()) {
      const view = await currentVersion(created[index].id);
      expect(view).toMatchObject({ status: 'ready', width: board.width, height: board.height });
      const org = await server.app.inject({ method: 'GET', url: view.urls.org });
      const shown = await sharp(org.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      expect([shown.info.width, shown.info.height]).toEqual([board.width, board.height]);
      const expected = await composite
        .open()
        .extract({ left: board.x, top: board.y, width: board.width, height: board.height })
        .raw()
        .toBuffer();
      expect(shown.data.equals(expected)).toBe(true);
    }
  });

  it('gives each artboard its own LayerDoc, its size, frames relative to the artboard', async () => {
    const docs = [];
    for (const image of created) docs.push(await fetchDoc(await currentVersion(image.id)));
    expect(docs.map((doc) => [doc.width, doc.height])).toEqual(BOARDS.map((b) => [b.width, b.height]));
    // Layer 1 lies at (95, 241) of the canvas, in the white board at the canvas origin.
    expect(frameOf(docs[0], 'Layer 1')).toMatchObject({ x: 95, y: 241, width: 469, height: 233 });
    // Layer 3 lies at (1886, 365) of the canvas: (704, 365) in the transparent board at x 1182.
    expect(frameOf(docs[1], 'Layer 3')).toMatchObject({ x: 1886 - 1182, y: 365, width: 165, height: 101 });
    expect(frameOf(docs[0], 'Layer 3')).toBeUndefined();
  });

  it('adds new versions to the artboards’ designs when the file is uploaded again', async () => {
    const again = await upload([{ name: 'boards.psd', data: boardsPsd }]);
    expect(again.code, again.msg).toBe('00000');
    expect(again.result.images.map((image: { id: string }) => image.id)).toEqual(created.map((c) => c.id));
    expect(again.result.images.every((image: { version_count: number }) => image.version_count === 2)).toBe(
      true,
    );
  });

  it('takes the artboard named like the design for a new version, else the first', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const [plain] = (await upload([{ name: 'plain.png', data: png }])).result.images;
    const uptoken = await fetchUptoken(server.app, team.owner.token, team.id);
    const keys = [];
    for (let i = 0; i < 2; i++)
      keys.push((await postToStorage(server.app, uptoken, { name: 'b.psd', data: boardsPsd })).key);
    const answer = await owner().put('/api/project/version', {
      team_id: team.id,
      project_id: projectId,
      image_ids: [created[2].id, plain.id],
      images: keys.map((key) => ({ key })),
    });
    expect(answer.code, answer.msg).toBe('00000');
    await runJobsOnce(server.ctx);
    expect(await currentVersion(created[2].id)).toMatchObject({ width: 598, height: 458, version: 3 });
    const plainVersion = await currentVersion(plain.id);
    expect(plainVersion).toMatchObject({ width: 1082, height: 722, version: 2, layers_status: 'ready' });
    expect((await fetchDoc(plainVersion)).width).toBe(1082);
  });

  it('counts every artboard against the design limit (11023)', async () => {
    // Three artboards: one place too few is refused; with one design fewer they all go in.
    await expectEachDesignCounted(server, { name: 'boards.psd', data: boardsPsd }, 3);
  });
});
