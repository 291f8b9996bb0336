import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Layer, LayerDoc, SliceExport } from '@ferry/shared';
import { walkLayers } from '@ferry/shared';
import sharp from 'sharp';
import { expect } from 'vitest';
import { runJobsOnce } from '../../jobs/worker.js';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { type BuiltTeam, buildTeam } from '../../test/factories.js';
import { uploadDesigns } from '../../test/uploads.js';
import { unzipFiles } from './zip.js';

/** Real design files made by other people (apps/server/test-data/SOURCES.md). */
export const fixture = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../../../test-data', name));

export interface Uploaded {
  id: string;
  name: string;
  doc: LayerDoc;
}

export const layerNamed = (doc: LayerDoc, name: string) =>
  [...walkLayers(doc.layers)].find((layer) => layer.name === name) as Layer;

/** A drawn leaf of a reasonable size, to slice. */
export const someLeaf = (doc: LayerDoc) =>
  [...walkLayers(doc.layers)].find(
    (candidate) => candidate.type !== 'group' && candidate.frame.width >= 20 && candidate.frame.height >= 10,
  ) as Layer;

export async function pngSize(data: Buffer) {
  const { format, width, height } = await sharp(data).metadata();
  expect(format).toBe('png');
  return [width, height];
}

/**
 * A test server with a team, a project and three designs whose layers are read: the "transparent board" of
 * agpsd-artboards.psd, the Wikimedia button sheet (SVG) and a plain PNG.
 */
export async function startSlicesWorld() {
  const server: TestServer = await startTestServer();
  const team: BuiltTeam = await buildTeam(server.ctx);
  const owner = () => asUser(server.app, team.owner.token);
  const projectId: string = (await owner().post('/api/project/project_info', { team_id: team.id })).result.id;

  const uploadOne = async (name: string, data: Buffer): Promise<{ id: string; name: string }> => {
    const answer = await uploadDesigns(server.app, team.owner.token, { teamId: team.id, projectId }, [
      { name, data },
    ]);
    expect(answer.code, answer.msg).toBe('00000');
    return answer.result.images[0];
  };

  /** The design with its LayerDoc, once the jobs have read it. */
  const withDoc = async (design: { id: string; name: string }): Promise<Uploaded> => {
    const detail = await owner().get(`/api/project/image?image_id=${design.id}&project_id=${projectId}`);
    const view = detail.result.versions[0];
    expect(view.layers_status).toBe('ready');
    const doc = JSON.parse((await server.app.inject({ method: 'GET', url: view.json_url })).body);
    return { ...design, doc };
  };

  const exportSlices = (body: Record<string, unknown>, token = team.owner.token) =>
    asUser(server.app, token).post<SliceExport>('/api/project/slices', { project_id: projectId, ...body });

  /** The zip behind an answer's URL, file by file. */
  const download = async (answer: SliceExport) => {
    const response = await server.app.inject({ method: 'GET', url: answer.url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('attachment');
    expect(response.rawPayload.length).toBe(answer.size);
    return unzipFiles(response.rawPayload);
  };

  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
  // agpsd-artboards.psd becomes three designs; the second is the "transparent board".
  const answer = await uploadDesigns(server.app, team.owner.token, { teamId: team.id, projectId }, [
    { name: 'boards.psd', data: fixture('agpsd-artboards.psd') },
  ]);
  const transparent = answer.result.images[1];
  const svg = await uploadOne('Button groups.svg', fixture('wikimediaui-button_groups_states.svg'));
  const plain = await uploadOne('plain.png', png);
  // Three artboards' variants and layers, each PSD read in a worker of its own.
  await runJobsOnce(server.ctx);
  return {
    server,
    team,
    projectId,
    owner,
    uploadOne,
    withDoc,
    exportSlices,
    download,
    boards: await withDoc(transparent),
    buttons: await withDoc(svg),
    plain,
  };
}

export type SlicesWorld = Awaited<ReturnType<typeof startSlicesWorld>>;
