import { Codes } from '@ferry/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsOnce } from '../../jobs/worker.js';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { type BuiltTeam, buildTeam } from '../../test/factories.js';
import { multipartFile } from '../../test/files.js';
import { pngOf } from '../../test/images.js';
import { uploadDesigns } from '../../test/uploads.js';

let server: TestServer;
let team: BuiltTeam;
let owner: ReturnType<typeof asUser>;

const basic = (token: string) => `Basic ${Buffer.from(`${token}:`).toString('base64')}`;

/** GET account/user_projects as the browser revalidates it: the token, and the tag it holds if any. */
function projectList(token: string, teamId: string, etag?: string) {
  return server.app.inject({
    method: 'GET',
    url: `/api/account/user_projects?team_id=${teamId}&pageSize=100`,
    headers: { authorization: basic(token), ...(etag ? { 'if-none-match': etag } : {}) },
  });
}

type Card = { id: string; name: string; cover: string; design_cover: string };
const cards = async (teamId = team.id) =>
  (await projectList(team.owner.token, teamId)).json().result.list as Card[];

async function newProject(name: string) {
  const created = await owner.post('/api/project/project_info', { team_id: team.id, type: 'mobile', name });
  return created.result.id as string;
}

beforeAll(async () => {
  server = await startTestServer();
  team = await buildTeam(server.ctx);
  owner = asUser(server.app, team.owner.token);
});
afterAll(() => server.close());

describe('the project list revalidated by ETag', () => {
  it('answers 304 to a repeat read with its tag, and a new tag once a project is added', async () => {
    await newProject('First');
    const first = await projectList(team.owner.token, team.id);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    const repeat = await projectList(team.owner.token, team.id, etag);
    expect(repeat.statusCode).toBe(304);
    expect(repeat.body).toBe('');

    await newProject('Second');
    const changed = await projectList(team.owner.token, team.id, etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().result.list.map((card: Card) => card.name)).toContain('Second');
  });

  it('gives another team’s user neither the list nor a 304 for a tag they replay', async () => {
    const etag = (await projectList(team.owner.token, team.id)).headers.etag as string;
    const outsider = await buildTeam(server.ctx);
    const refused = await projectList(outsider.owner.token, team.id, etag);
    expect(refused.statusCode).not.toBe(304);
    expect(refused.headers.etag).toBeUndefined();
    expect(refused.json().code).toBe(Codes.TEAM_NOT_FOUND.code);
    expect(refused.body).not.toContain('First');
  });
});

describe('the picture on a project card', () => {
  it('is the latest ready design’s cover variant, until the project gets a cover of its own', async () => {
    const projectId = await newProject('Pictured');
    expect((await cards()).find((card) => card.id === projectId)).toMatchObject({
      cover: '',
      design_cover: '',
    });

    const ids = { teamId: team.id, projectId };
    await uploadDesigns(server.app, team.owner.token, ids, [{ name: 'Old', data: await pngOf(300, 200) }]);
    await uploadDesigns(server.app, team.owner.token, ids, [{ name: 'New', data: await pngOf(640, 960) }]);
    // Still processing: no picture yet rather than a broken one.
    expect((await cards()).find((card) => card.id === projectId)?.design_cover).toBe('');
    await runJobsOnce(server.ctx);

    const card = (await cards()).find((each) => each.id === projectId) as Card;
    expect(card.cover).toBe('');
    expect(card.design_cover).toMatch(/\/cover\.webp\?expires=\d+&sig=/);
    const stage = (await owner.get(`/api/project/images?project_id=${projectId}`)).result.images as {
      id: string;
      name: string;
    }[];
    const latestId = stage.find((design) => design.name === 'New')?.id;
    const latest = await owner.get(`/api/project/image?image_id=${latestId}&project_id=${projectId}`);
    const pathOf = (url = '') => url.split('?')[0];
    expect(pathOf(card.design_cover)).toBe(pathOf(latest.result.urls.cover));
    const picture = await server.app.inject({ method: 'GET', url: card.design_cover });
    expect(picture.statusCode).toBe(200);
    expect(await sharp(picture.rawPayload).metadata()).toMatchObject({ width: 480, height: 360 });

    const upload = multipartFile('file', 'cover.png', 'image/png', await pngOf(800, 600));
    await server.app.inject({
      method: 'POST',
      url: `/api/project/project_cover?team_id=${team.id}&project_id=${projectId}`,
      headers: { ...upload.headers, authorization: basic(team.owner.token) },
      payload: upload.payload,
    });
    const covered = (await cards()).find((each) => each.id === projectId) as Card;
    expect(covered.cover).toMatch(/^\/files\/project-covers\/.+\?expires=\d+&sig=/);
    expect(covered.design_cover).toBe('');
  });
});
