import { Codes, PlanLimits } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsOnce } from '../../jobs/worker.js';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { addMember, type BuiltTeam, buildTeam } from '../../test/factories.js';
import { pngOf } from '../../test/images.js';
import { fetchUptoken, postToStorage, uploadDesigns } from '../../test/uploads.js';
import { teams } from '../teams/tables.js';
import { designs } from './tables.js';

let server: TestServer;
let team: BuiltTeam;
let owner: ReturnType<typeof asUser>;
let small: Buffer;
let large: Buffer;

async function newProject(teamId = team.id, api = owner) {
  return {
    teamId,
    projectId: (await api.post('/api/project/project_info', { team_id: teamId })).result.id as string,
  };
}

async function upload(ids: { teamId: string; projectId: string }, name: string, data = small) {
  const answer = await uploadDesigns(server.app, team.owner.token, ids, [{ name, data }]);
  expect(answer.code, answer.msg).toBe('00000');
  return answer.result.images[0] as { id: string; version_id: string };
}

beforeAll(async () => {
  server = await startTestServer();
  team = await buildTeam(server.ctx);
  owner = asUser(server.app, team.owner.token);
  small = await pngOf(20, 10);
  large = await pngOf(40, 20);
});
afterAll(() => server.close());

describe('versions', () => {
  it('lists, switches and deletes versions; deleting the only one sends the design to the bin', async () => {
    const ids = await newProject();
    const first = await upload(ids, 'Page.png');
    const second = await upload(ids, 'Page.png', large);
    await runJobsOnce(server.ctx);
    const query = `project_id=${ids.projectId}&image_id=${first.id}`;
    const listed = await owner.get(`/api/project/image_versions?${query}`);
    expect(
      listed.result.versions.map((v: { version: number; width: number }) => [v.version, v.width]),
    ).toEqual([
      [2, 40],
      [1, 20],
    ]);
    expect(listed.result.current_version_id).toBe(second.version_id);
    expect(listed.result.versions[0].editor_info.user_id).toBe(team.owner.id);

    const switched = await owner.put('/api/project/image_version', {
      project_id: ids.projectId,
      image_id: first.id,
      version_id: first.version_id,
    });
    expect(switched.result).toMatchObject({ version_id: first.version_id, width: 20 });

    const dropOld = await owner.delete('/api/project/image_version', {
      project_id: ids.projectId,
      image_id: first.id,
      version_id: first.version_id,
    });
    expect(dropOld.result).toMatchObject({ image_deleted: false, image: { version_id: second.version_id } });
    const dropLast = await owner.delete('/api/project/image_version', {
      project_id: ids.projectId,
      image_id: first.id,
      version_id: second.version_id,
    });
    expect(dropLast.result.image_deleted).toBe(true);
    const bin = await owner.get(`/api/project/recycle_bin?project_id=${ids.projectId}`);
    expect(bin.result.images.map((image: { id: string }) => image.id)).toEqual([first.id]);
  });

  it('answers 19043 for a version of another design', async () => {
    const ids = await newProject();
    const one = await upload(ids, 'One.png');
    const other = await upload(ids, 'Other.png');
    const answer = await owner.put('/api/project/image_version', {
      project_id: ids.projectId,
      image_id: one.id,
      version_id: other.version_id,
    });
    expect(answer.code).toBe(Codes.VERSION_NOT_FOUND.code);
  });
});

describe('downloading originals', () => {
  it('signs the original of each version for those the project’s download setting lets in', async () => {
    const ids = await newProject();
    const design = await upload(ids, 'Original.png');
    const member = asUser(server.app, (await addMember(server.ctx, team, 'member')).token);
    const versionsAs = async (api: typeof owner) =>
      (await api.get(`/api/project/image?image_id=${design.id}&project_id=${ids.projectId}`)).result.versions;
    const [open] = await versionsAs(member);
    expect((await server.app.inject({ method: 'GET', url: open.download_url })).statusCode).toBe(200);

    const setting = await owner.put('/api/dayu/design/project/doc_download_setting', {
      project_id: ids.projectId,
      download_type: 'none',
    });
    expect(setting.code).toBe('00000');
    expect((await versionsAs(member))[0].download_url).toBe('');
    expect((await versionsAs(owner))[0].download_url).not.toBe('');
  });
});

describe('copy and move', () => {
  it('copies designs with their versions, listing doneIds and errIds; the copies share files', async () => {
    const from = await newProject();
    const to = await newProject();
    const design = await upload(from, 'Shared.png');
    await runJobsOnce(server.ctx);
    const missing = '00000000-0000-4000-8000-000000000000';
    const copied = await owner.post('/api/project/copyimage', {
      team_id: team.id,
      project_id: to.projectId,
      images: [{ [design.id]: { name: 'Shared copy' } }, { [missing]: null }],
    });
    expect(copied.code).toBe('00000');
    expect(copied.body.doneIds).toEqual([design.id]);
    expect(copied.body.errIds).toEqual([missing]);
    const copy = copied.result[0][design.id];
    expect(copy).toMatchObject({ name: 'Shared copy', status: 'ready', project_id: to.projectId });
    expect(copy.id).not.toBe(design.id);
    // The original in the bin leaves the copy whole.
    await owner.delete('/api/project/image', { project_id: from.projectId, image_ids: design.id });
    const view = await owner.get(`/api/project/image?image_id=${copy.id}&project_id=${to.projectId}`);
    expect((await server.app.inject({ method: 'GET', url: view.result.urls.org })).statusCode).toBe(200);
  });

  it('stops a copy at the target’s design limit (11023) and refuses a dsm target (10009)', async () => {
    const free = await buildTeam(server.ctx);
    const api = asUser(server.app, free.owner.token);
    const from = await newProject(free.id, api);
    const to = await newProject(free.id, api);
    const [design] = await server.ctx.db
      .insert(designs)
      .values({ projectId: from.projectId, name: 'src' })
      .returning();
    await server.ctx.db.insert(designs).values(
      Array.from({ length: PlanLimits[1].imageMax }, (_, i) => ({
        projectId: to.projectId,
        name: `d${i}`,
      })),
    );
    const full = await api.post('/api/project/copyimage', {
      team_id: free.id,
      project_id: to.projectId,
      images: [{ [design.id]: null }],
    });
    expect(full.code).toBe(Codes.IMAGE_LIMIT_REACHED.code);
    const dsm = (await api.post('/api/project/project_info', { team_id: free.id, type: 'dsm' })).result.id;
    const wrongType = await api.post('/api/project/copyimage', {
      team_id: free.id,
      project_id: dsm,
      images: [{ [design.id]: null }],
    });
    expect(wrongType.code).toBe(Codes.IMAGE_TYPE_ERROR.code);
  });

  it('moves designs to another project of the team', async () => {
    const from = await newProject();
    const to = await newProject();
    const design = await upload(from, 'Mover.png');
    const moved = await owner.put('/api/project/image_move', {
      project_id: from.projectId,
      target_project_id: to.projectId,
      image_ids: [design.id],
    });
    expect(moved.result.images[0]).toMatchObject({ id: design.id, project_id: to.projectId });
    expect((await owner.get(`/api/project/images?project_id=${from.projectId}`)).result.images).toEqual([]);
  });
});

describe('signed URLs', () => {
  it('are enterprise-only on request (10006 otherwise); image_handle answers the nearest variant', async () => {
    const ids = await newProject();
    const design = await upload(ids, 'Signed.png', large);
    await runJobsOnce(server.ctx);
    const view = await owner.get(`/api/project/image?image_id=${design.id}&project_id=${ids.projectId}`);
    const body = { team_id: team.id, urls: [view.result.urls.org, 'uploads/elsewhere/x.png'], style: 'p50' };
    expect((await owner.post('/api/project/sign_url', body)).code).toBe(Codes.TEAM_NOT_FOUND.code);
    expect((await owner.post('/api/project/sts_sign_url', body)).code).toBe(Codes.TEAM_NOT_FOUND.code);

    await server.ctx.db.update(teams).set({ type: 'enterprise' }).where(eq(teams.id, team.id));
    const signed = await owner.post('/api/project/sign_url', body);
    expect(signed.result.urls[1]).toBeNull();
    expect(signed.result.urls[0]).toContain('/p50.webp?');
    const fetched = await server.app.inject({ method: 'GET', url: signed.result.urls[0] });
    expect(fetched.statusCode).toBe(200);
    await server.ctx.db.update(teams).set({ type: 'normal' }).where(eq(teams.id, team.id));

    const handled = await owner.get(
      `/api/image_handle?filename=${encodeURIComponent(view.result.urls.org)}&action=resize&ratio=25`,
    );
    expect(handled.result).toMatchObject({ width: 10, height: 5 });
    const stranger = asUser(server.app, (await buildTeam(server.ctx)).owner.token);
    const refused = await stranger.get(
      `/api/image_handle?filename=${encodeURIComponent(view.result.urls.org)}`,
    );
    expect(refused.code).toBe(Codes.IMAGE_DELETED.code);
  });

  it('drops refused files from a batch and keeps the rest', async () => {
    const ids = await newProject();
    const uptoken = await fetchUptoken(server.app, team.owner.token, team.id);
    const good = await postToStorage(server.app, uptoken, { name: 'good.png', data: small });
    const answer = await owner.post('/api/project/image', {
      team_id: team.id,
      project_id: ids.projectId,
      images: [
        { key: good.key, name: 'good.png' },
        { key: `${uptoken.dir}missing.png`, name: 'missing.png' },
      ],
    });
    expect(answer.code).toBe('00000');
    expect(answer.result.images.map((image: { name: string }) => image.name)).toEqual(['good']);
    expect(answer.result.dropped).toEqual([
      expect.objectContaining({ name: 'missing', code: Codes.UPLOAD_NOT_FOUND.code }),
    ]);
  });
});
