import { Codes } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsOnce } from '../../jobs/worker.js';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { type BuiltTeam, buildTeam } from '../../test/factories.js';
import { pngOf } from '../../test/images.js';
import { uploadDesigns } from '../../test/uploads.js';

let server: TestServer;
let team: BuiltTeam;
let owner: ReturnType<typeof asUser>;
let red: Buffer;

/** GET project/images as the browser revalidates it: the token, and the tag it holds if any. */
async function stageList(token: string, projectId: string, etag?: string) {
  return server.app.inject({
    method: 'GET',
    url: `/api/project/images?project_id=${projectId}`,
    headers: {
      authorization: `Basic ${Buffer.from(`${token}:`).toString('base64')}`,
      ...(etag ? { 'if-none-match': etag } : {}),
    },
  });
}

async function newProject() {
  const created = await owner.post('/api/project/project_info', { team_id: team.id, type: 'mobile' });
  return created.result.id as string;
}

async function upload(projectId: string, name: string) {
  const answer = await uploadDesigns(server.app, team.owner.token, { teamId: team.id, projectId }, [
    { name, data: red },
  ]);
  expect(answer.code, answer.msg).toBe('00000');
  return answer.result.images[0] as { id: string };
}

/** The list's current tag, checked to be what a repeat read with it answers 304 to. */
async function currentTag(projectId: string) {
  const fresh = await stageList(team.owner.token, projectId);
  expect(fresh.statusCode).toBe(200);
  const etag = fresh.headers.etag as string;
  expect((await stageList(team.owner.token, projectId, etag)).statusCode).toBe(304);
  return etag;
}

beforeAll(async () => {
  server = await startTestServer();
  team = await buildTeam(server.ctx);
  owner = asUser(server.app, team.owner.token);
  red = await pngOf(64, 48);
});
afterAll(() => server.close());

describe('the stage list’s payload', () => {
  it('gives each design the spec’s fields and what the stage shows; comment counts only when asked', async () => {
    const projectId = await newProject();
    await upload(projectId, 'Lean.png');
    await runJobsOnce(server.ctx);
    const [design] = (await owner.get(`/api/project/images?project_id=${projectId}`)).result.images;
    expect(Object.keys(design).sort()).toEqual(
      [
        'id',
        'image_id',
        'name',
        'type',
        'status',
        'fail_code',
        'batch',
        'url',
        'image_url',
        'urls',
        'width',
        'height',
        'position_x',
        'position_y',
        'group',
        'parentSet',
        'version_count',
        'create_time',
        // The caller's last inspection (compare mode).
        'inspected_version_id',
        'changed_since_inspected',
      ].sort(),
    );
    expect(Object.keys(design.urls).sort()).toEqual(['org', 'p25', 'p5', 'p50', 'webP']);
    const withComments = await owner.get(`/api/project/images?project_id=${projectId}&comment=1`);
    expect(withComments.result.images[0]).toMatchObject({ id: design.id, comment_count: 0 });
    // The whole view stays on the design's own call.
    const detail = await owner.get(`/api/project/image?image_id=${design.id}&project_id=${projectId}`);
    expect(detail.result).toMatchObject({ project_id: projectId, size: expect.any(Number) });
    expect(detail.result.urls.cover).toMatch(/cover\.webp/);
  });
});

describe('the stage list revalidated by ETag', () => {
  it('answers 304 with no body to a repeat read with the tag it gave, 200 with the list otherwise', async () => {
    const projectId = await newProject();
    await upload(projectId, 'Home.png');
    const first = await stageList(team.owner.token, projectId);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.json().result.images.map((image: { name: string }) => image.name)).toEqual(['Home']);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);

    const repeat = await stageList(team.owner.token, projectId, etag);
    expect(repeat.statusCode).toBe(304);
    expect(repeat.body).toBe('');
    expect(repeat.headers.etag).toBe(etag);

    const stale = await stageList(team.owner.token, projectId, '"some-older-tag"');
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });

  it('gives a new tag after an upload, a finished variants job, a rename and a move', async () => {
    const projectId = await newProject();
    const elsewhere = await newProject();
    const empty = await currentTag(projectId);

    const design = await upload(projectId, 'Cart.png');
    const uploaded = await currentTag(projectId);
    expect(uploaded).not.toBe(empty);

    expect(await runJobsOnce(server.ctx)).toBeGreaterThan(0);
    const processed = await currentTag(projectId);
    expect(processed).not.toBe(uploaded);
    const ready = await stageList(team.owner.token, projectId, uploaded);
    expect(ready.statusCode).toBe(200);
    expect(ready.json().result.images[0].status).toBe('ready');

    await owner.put('/api/project/image', {
      project_id: projectId,
      images: [{ image_id: design.id, name: 'Basket' }],
    });
    const renamed = await currentTag(projectId);
    expect(renamed).not.toBe(processed);

    const moved = await owner.put('/api/project/image_move', {
      project_id: projectId,
      target_project_id: elsewhere,
      image_ids: [design.id],
    });
    expect(moved.code).toBe('00000');
    const after = await stageList(team.owner.token, projectId, renamed);
    expect(after.statusCode).toBe(200);
    expect(after.json().result.images).toEqual([]);
  });

  it('gives another team’s user neither the list nor a 304 for a tag they replay', async () => {
    const projectId = await newProject();
    await upload(projectId, 'Secret.png');
    const etag = await currentTag(projectId);
    const outsider = await buildTeam(server.ctx);

    const refused = await stageList(outsider.owner.token, projectId, etag);
    expect(refused.statusCode).not.toBe(304);
    expect(refused.headers.etag).toBeUndefined();
    expect(refused.json().code).toBe(Codes.PROJECT_NOT_FOUND.code);
    expect(refused.body).not.toContain('Secret');
  });
});
