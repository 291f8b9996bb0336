import { Codes, DesignLimits, Limits, PlanLimits } from '@ferry/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURGE_TRASH_JOB } from '../../jobs/purge-trash.js';
import { jobs } from '../../jobs/tables.js';
import { runJobsOnce, schedulePurge } from '../../jobs/worker.js';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { type BuiltTeam, buildTeam } from '../../test/factories.js';
import { pngOf } from '../../test/images.js';
import { fetchUptoken, postToStorage, uploadDesigns } from '../../test/uploads.js';
import { teams } from '../teams/tables.js';
import { designs } from './tables.js';

let server: TestServer;
let team: BuiltTeam;
let owner: ReturnType<typeof asUser>;
let red: Buffer;
let blue: Buffer;

async function newProject(type = 'mobile') {
  const created = await owner.post('/api/project/project_info', { team_id: team.id, type });
  return { teamId: team.id, projectId: created.result.id as string };
}

async function upload(ids: { teamId: string; projectId: string }, names: string[], data = red) {
  const answer = await uploadDesigns(
    server.app,
    team.owner.token,
    ids,
    names.map((name) => ({ name, data })),
  );
  expect(answer.code, answer.msg).toBe('00000');
  return answer.result.images as { id: string; name: string; status: string; version_count: number }[];
}

const images = async (projectId: string) =>
  (await owner.get(`/api/project/images?project_id=${projectId}`)).result.images as {
    id: string;
    name: string;
    status: string;
    urls: Record<string, string>;
    version_count: number;
  }[];

beforeAll(async () => {
  server = await startTestServer();
  team = await buildTeam(server.ctx);
  // A paid team: room for the designs these tests make, and a limit to reach in the quota test.
  await server.ctx.db.update(teams).set({ packageLevel: 3 }).where(eq(teams.id, team.id));
  owner = asUser(server.app, team.owner.token);
  red = await pngOf(64, 48);
  blue = await pngOf(32, 32);
});
afterAll(() => server.close());

describe('registering uploads as designs', () => {
  it('shows a design at once as processing, then ready with signed variant URLs once the job ran', async () => {
    const ids = await newProject();
    const [made] = await upload(ids, ['Home.png']);
    expect(made).toMatchObject({ name: 'Home', status: 'processing', version_count: 1 });
    expect(await runJobsOnce(server.ctx)).toBeGreaterThan(0);
    const [ready] = await images(ids.projectId);
    expect(ready.status).toBe('ready');
    // The stage list carries the spec's five variants; the cover is the project card's.
    expect(Object.keys(ready.urls).sort()).toEqual(['org', 'p25', 'p5', 'p50', 'webP']);
    const response = await server.app.inject({ method: 'GET', url: ready.urls.p25 });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
  });

  it('adds a new version to a design of the same name, and PUT project/version does so explicitly', async () => {
    const ids = await newProject();
    const [first] = await upload(ids, ['Login.png']);
    const [again] = await upload(ids, ['Login.jpg'], blue);
    expect(again).toMatchObject({ id: first.id, version_count: 2 });
    const uptoken = await fetchUptoken(server.app, team.owner.token, team.id);
    const stored = await postToStorage(server.app, uptoken, { name: 'any-name.png', data: red });
    const explicit = await owner.put('/api/project/version', {
      team_id: team.id,
      project_id: ids.projectId,
      image_ids: [first.id],
      images: [{ key: stored.key }],
    });
    expect(explicit.code).toBe('00000');
    expect(explicit.result.images[0]).toMatchObject({ id: first.id, version_count: 3 });
    expect(await images(ids.projectId)).toHaveLength(1);
  });

  it('refuses a key that was not uploaded by the caller, and a dsm project (10009)', async () => {
    const ids = await newProject();
    const bogus = await owner.post('/api/project/image', {
      team_id: team.id,
      project_id: ids.projectId,
      images: [{ key: `uploads/${team.id}/${team.owner.id}/never.png`, name: 'x.png' }],
    });
    expect(bogus.code).toBe(Codes.UPLOAD_NOT_FOUND.code);
    const dsm = await newProject('dsm');
    const refused = await uploadDesigns(server.app, team.owner.token, dsm, [{ name: 'a.png', data: red }]);
    expect(refused.code).toBe(Codes.IMAGE_TYPE_ERROR.code);
  });
});

describe('designs on the stage', () => {
  it('renames and places designs, searches them by name, counts them against the quota', async () => {
    const ids = await newProject();
    const [a, b] = await upload(ids, ['Cart.png', 'Checkout.png']);
    const renamed = await owner.put('/api/project/image', {
      team_id: team.id,
      project_id: ids.projectId,
      images: [{ image_id: a.id, name: 'Basket', position_x: 120, position_y: 40 }],
    });
    expect(renamed.result.images[0]).toMatchObject({ name: 'Basket', position_x: 120, position_y: 40 });
    const found = await owner.get(`/api/project/search_image?pid=${ids.projectId}&keyword=check`);
    expect(found.result.images.map((image: { id: string }) => image.id)).toEqual([b.id]);
    const exact = await owner.get(
      `/api/project/search_image?pid=${ids.projectId}&keyword=Check&exact_name=1`,
    );
    expect(exact.result.images).toEqual([]);
    const limit = await owner.get(`/api/project/image/cntlimitinfo?project_id=${ids.projectId}`);
    expect(limit.result).toMatchObject({ hard_limit_cnt: -1, cur_cnt: 2, slow_warning: false });
    const detail = await owner.get(`/api/project/image?image_id=${a.id}&project_id=${ids.projectId}`);
    expect(detail.result.versions).toHaveLength(1);
    expect(detail.result.versions[0]).toMatchObject({ version: 1, current: true, comments: 0 });
  });

  it('stops an upload past the free plan’s design limit with 11023', async () => {
    const free = await buildTeam(server.ctx);
    const api = asUser(server.app, free.owner.token);
    const project = (await api.post('/api/project/project_info', { team_id: free.id })).result.id as string;
    const freeLimit = PlanLimits[1].imageMax;
    // Fill the project to one below the limit straight in the table: the rule, not the upload, is under test.
    await server.ctx.db
      .insert(designs)
      .values(Array.from({ length: freeLimit - 1 }, (_, i) => ({ projectId: project, name: `d${i}` })));
    const ids = { teamId: free.id, projectId: project };
    const two = await uploadDesigns(server.app, free.owner.token, ids, [
      { name: 'one.png', data: red },
      { name: 'two.png', data: blue },
    ]);
    expect(two.code).toBe(Codes.IMAGE_LIMIT_REACHED.code);
    const one = await uploadDesigns(server.app, free.owner.token, ids, [{ name: 'one.png', data: red }]);
    expect(one.code).toBe('00000');
    const full = await uploadDesigns(server.app, free.owner.token, ids, [{ name: 'three.png', data: red }]);
    expect(full.code).toBe(Codes.IMAGE_LIMIT_REACHED.code);
    // A new version is not a new design.
    const version = await uploadDesigns(server.app, free.owner.token, ids, [{ name: 'one.png', data: blue }]);
    expect(version.code).toBe('00000');
  });
});

describe('the recycle bin', () => {
  it('keeps deleted designs 30 days, recovers them, then the purge removes rows and files', async () => {
    const ids = await newProject();
    const [kept, gone] = await upload(ids, ['Keep.png', 'Gone.png']);
    await runJobsOnce(server.ctx);
    const [, goneView] = await images(ids.projectId);
    const goneKey = new URL(goneView.urls.p25, 'http://x').pathname.replace('/files/', '');
    const removed = await owner.delete('/api/project/image', {
      team_id: team.id,
      project_id: ids.projectId,
      image_ids: `${kept.id},${gone.id}`,
    });
    expect(removed.code).toBe('00000');
    expect(await images(ids.projectId)).toEqual([]);
    const bin = await owner.get(`/api/project/recycle_bin?project_id=${ids.projectId}`);
    expect(bin.result.images).toHaveLength(2);
    expect(bin.result.images[0].left_days).toBe(DesignLimits.recycleBinDays);
    const recovered = await owner.put('/api/project/image_recovery', {
      project_id: ids.projectId,
      images: [kept.id],
    });
    expect(recovered.result.images.map((image: { id: string }) => image.id)).toEqual([kept.id]);

    // Other test files may share the database: the design is moved back in time instead of the clock forward.
    const deletedDaysAgo = (days: number) =>
      server.ctx.db
        .update(designs)
        .set({ deletedAt: new Date(Date.now() - days * Limits.msPerDay) })
        .where(eq(designs.id, gone.id));
    // The purge must succeed: a failure shows its reason here rather than as a design left over.
    const purgeNow = async () => {
      await schedulePurge(server.ctx);
      await runJobsOnce(server.ctx);
      const failed = await server.ctx.db
        .select({ error: jobs.lastError })
        .from(jobs)
        .where(
          and(
            eq(jobs.queue, server.ctx.config.jobQueue),
            eq(jobs.kind, PURGE_TRASH_JOB),
            isNotNull(jobs.lastError),
          ),
        );
      expect(failed).toEqual([]);
    };
    await deletedDaysAgo(29);
    await purgeNow();
    expect(
      (await owner.get(`/api/project/recycle_bin?project_id=${ids.projectId}`)).result.images,
    ).toHaveLength(1);
    expect(await server.ctx.files.stat(goneKey)).not.toBeNull();

    await deletedDaysAgo(31);
    await purgeNow();
    // Another test file's server sharing the database may be purging the same row: it is gone once that commits.
    await expect
      .poll(
        async () => (await owner.get(`/api/project/recycle_bin?project_id=${ids.projectId}`)).result.images,
      )
      .toEqual([]);
    expect(await server.ctx.files.stat(goneKey)).toBeNull();
    expect((await images(ids.projectId)).map((image) => image.id)).toEqual([kept.id]);
  });
});

describe('deleting a project', () => {
  it('removes its designs and, through a job, their files; the team quota counts the fullest project', async () => {
    const ids = await newProject();
    await upload(ids, ['A.png', 'B.png']);
    await runJobsOnce(server.ctx);
    const quota = await owner.get(`/api/account/team/quota?team_id=${team.id}`);
    expect(quota.result.cur_cnt).toBeGreaterThanOrEqual(2);
    const [view] = await images(ids.projectId);
    const key = new URL(view.urls.p25, 'http://x').pathname.replace('/files/', '');
    const project = await owner.get(`/api/project/project_info?pid=${ids.projectId}`);
    const removed = await owner.delete('/api/project/project_info', {
      team_id: team.id,
      project_id: ids.projectId,
      p_name: project.result.name,
    });
    expect(removed.code).toBe('00000');
    await runJobsOnce(server.ctx);
    expect(await server.ctx.files.stat(key)).toBeNull();
  });
});
