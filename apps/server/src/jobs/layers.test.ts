import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { JobLimits, type LayerDoc, walkLayers } from '@ferry/shared';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designVersions } from '../modules/designs/tables.js';
import { asUser } from '../test/api.js';
import { startTestServer, type TestServer } from '../test/context.js';
import { type BuiltTeam, buildTeam } from '../test/factories.js';
import { uploadDesigns } from '../test/uploads.js';
import { beat } from './owners.js';
import { LEASE_MS } from './queue.js';
import { jobs } from './tables.js';
import { runJobsOnce } from './worker.js';

/** Real design files made by other people (apps/server/test-data/SOURCES.md). */
const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../../test-data', name));

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

async function upload(name: string, data: Buffer) {
  const answer = await uploadDesigns(server.app, team.owner.token, { teamId: team.id, projectId }, [
    { name, data },
  ]);
  expect(answer.code, answer.msg).toBe('00000');
  return answer.result.images as { id: string; name: string; version_id: string }[];
}

/** The current version of a design as the detail call shows it. */
async function versionView(imageId: string) {
  const detail = await owner().get(`/api/project/image?image_id=${imageId}&project_id=${projectId}`);
  expect(detail.code, detail.msg).toBe('00000');
  return detail.result.versions.find((version: { current: boolean }) => version.current);
}

/** The LayerDoc behind json_url, checked against json_md5. */
async function fetchDoc(view: { json_url: string; json_md5: string }): Promise<LayerDoc> {
  const response = await server.app.inject({ method: 'GET', url: view.json_url });
  expect(response.statusCode).toBe(200);
  expect(createHash('md5').update(response.rawPayload).digest('hex')).toBe(view.json_md5);
  return JSON.parse(response.body);
}

describe('the layers job', () => {
  it('imports a PSD after upload: processing, then ready with a LayerDoc behind json_url', async () => {
    const [design] = await upload('layers.psd', fixture('agpsd-layers.psd'));
    expect(await versionView(design.id)).toMatchObject({
      layers_status: 'processing',
      json_url: '',
      json_md5: '',
    });
    await runJobsOnce(server.ctx);
    const view = await versionView(design.id);
    expect(view).toMatchObject({ status: 'ready', layers_status: 'ready' });
    expect(view.json_md5).toMatch(/^[0-9a-f]{32}$/);
    const doc = await fetchDoc(view);
    expect(doc).toMatchObject({ source: 'psd', width: 300, height: 200 });
    expect([...walkLayers(doc.layers)].map((layer) => layer.name)).toEqual(
      expect.arrayContaining(['Layer 0', 'Layer 1']),
    );
  });

  it('imports an SVG exported from Sketch', async () => {
    const [design] = await upload('buttons.svg', fixture('wikimediaui-button_groups_states.svg'));
    await runJobsOnce(server.ctx);
    const view = await versionView(design.id);
    expect(view.layers_status).toBe('ready');
    const doc = await fetchDoc(view);
    expect(doc).toMatchObject({ source: 'svg', width: 449, height: 336 });
    expect([...walkLayers(doc.layers)].some((layer) => layer.type === 'text')).toBe(true);
  });

  it('gives a plain picture no layers and queues no import for it', async () => {
    const png = await sharp(fixture('wikimediaui-principles-content-chrome.svg')).png().toBuffer();
    const [design] = await upload('chrome.png', png);
    const queued = await server.ctx.db.select().from(jobs).where(eq(jobs.queue, server.ctx.config.jobQueue));
    expect(queued.filter((job) => job.kind === 'layers' && job.doneAt === null)).toEqual([]);
    await runJobsOnce(server.ctx);
    expect(await versionView(design.id)).toMatchObject({
      status: 'ready',
      layers_status: 'none',
      json_url: '',
      json_md5: '',
    });
  });

  it('marks a PSD the importer cannot read as failed, with no key or md5 left behind', async () => {
    const [design] = await upload('broken.psd', fixture('agpsd-layers.psd').subarray(0, 4000));
    await runJobsOnce(server.ctx);
    expect(await versionView(design.id)).toMatchObject({
      layers_status: 'failed',
      json_url: '',
      json_md5: '',
    });
    const [row] = await server.ctx.db
      .select()
      .from(designVersions)
      .where(eq(designVersions.id, design.version_id));
    expect(row).toMatchObject({ layersKey: null, layersMd5: '', layersStatus: 'failed' });
  });

  it('finishes an import whose worker died mid-job once its heartbeat stops, well before the lease ends', async () => {
    const [design] = await upload('restart.psd', fixture('agpsd-effects.psd'));
    // A worker took the layers job and died after its last heartbeat: the job keeps its lease, never finished.
    await beat(server.ctx.db, server.ctx.config.jobQueue, 'dead-worker', server.ctx.now());
    const taken = await server.ctx.db
      .update(jobs)
      .set({
        lockedBy: 'dead-worker',
        lockedUntil: new Date(server.ctx.now().getTime() + LEASE_MS),
        attempts: 1,
      })
      .where(and(eq(jobs.kind, 'layers'), eq(jobs.dedupeKey, await fileKeyOf(design))))
      .returning();
    expect(taken).toHaveLength(1);
    await runJobsOnce(server.ctx);
    expect((await versionView(design.id)).layers_status).toBe('processing');
    server.advance(JobLimits.workerGoneMs + 1000);
    await runJobsOnce(server.ctx);
    const view = await versionView(design.id);
    expect(view.layers_status).toBe('ready');
    expect((await fetchDoc(view)).width).toBe(200);
  });

  it('lets a copy share the LayerDoc of its source, and a copy made mid-import get it too', async () => {
    const [design] = await upload('shared.psd', fixture('agpsd-shapes.psd'));
    const copied = await owner().post('/api/project/copyimage', {
      team_id: team.id,
      project_id: projectId,
      images: [{ [design.id]: { name: 'shared copy' } }],
    });
    expect(copied.code, copied.msg).toBe('00000');
    const copyId = copied.result[0][design.id].id as string;
    await runJobsOnce(server.ctx);
    const source = await versionView(design.id);
    const copy = await versionView(copyId);
    expect(copy).toMatchObject({ layers_status: 'ready', json_md5: source.json_md5 });
    expect(copy.json_url).toBe(source.json_url);
    expect(await fetchDoc(copy)).toEqual(await fetchDoc(source));
  });
});

async function fileKeyOf(design: { version_id: string }) {
  const [row] = await server.ctx.db
    .select({ fileKey: designVersions.fileKey })
    .from(designVersions)
    .where(eq(designVersions.id, design.version_id));
  return row.fileKey;
}
