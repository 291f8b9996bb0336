import { Codes, DesignLimits, type HotspotView, Limits, PrototypeLimits } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeTrash } from '../../jobs/purge-trash.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { TestSocket } from '../../test/sockets.js';
import { buildWorld, type Design, newProject, OK, type Person, type World } from '../comments/fixtures.js';
import { designs } from '../designs/tables.js';
import {
  binDesign,
  box,
  createHotspots,
  designsIn as drawnDesigns,
  positionCounts,
  recoverDesign,
  spot,
} from './fixtures.js';

/** Prototype hotspots (spec 001 §3, §5, §7): designs of one project linked by rectangles drawn on them. */

let server: TestServer;
let world: World;
let projectId: string;
/** 40 × 30 px each. */
let home: Design;
let detail: Design;

beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server);
  projectId = await newProject(world);
  [home, detail] = await designsIn(projectId, 2);
});
afterAll(() => server.close());

const designsIn = (project: string, n: number) => drawnDesigns(world, project, n);

const create = (who: Person, positions: unknown[], project = projectId) =>
  createHotspots(world, who, project, positions);

async function created(who: Person, positions: unknown[], project = projectId) {
  const answer = await create(who, positions, project);
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result.positions;
}

async function list(who: Person = world.owner, project = projectId) {
  const answer = await who.api.get<{ positions: HotspotView[] }>(
    `/api/project/prototype?pid=${project}&team_id=${world.team.id}`,
  );
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result.positions;
}

const stageCounts = (project = projectId) => positionCounts(world, project);

const byId = (hotspots: HotspotView[]) => [...hotspots].sort((a, b) => a.id.localeCompare(b.id));

const remove = (who: Person, ids: string[] | string, project = projectId) =>
  who.api.delete('/api/project/prototype', { project_id: project, position_ids: ids });

describe('creating, listing, editing and deleting hotspots', () => {
  it('creates a batch, lists it to anyone who sees the project, and counts it on the stage', async () => {
    const project = await newProject(world);
    const [a, b] = await designsIn(project, 2);
    const made = await created(world.member, [spot(a, b), spot(a, 'back', { p_x: 20 }), spot(b, a)], project);
    expect(made.map((h) => [h.image_id, h.next_image, h.broken])).toEqual([
      [a.imageId, b.imageId, false],
      [a.imageId, 'back', false],
      [b.imageId, a.imageId, false],
    ]);
    expect(made[0]).toMatchObject({ project_id: project, ...box, pos_id: made[0].id });

    // An onlooker reads them.
    expect(byId(await list(world.viewer, project))).toEqual(byId(made));
    expect(await stageCounts(project)).toEqual({ [a.imageId]: 2, [b.imageId]: 1 });
  });

  it('takes the project as project_id too; a hotspot may fill its design exactly', async () => {
    const [whole] = await created(world.member, [spot(home, detail, { p_x: 0, p_y: 0, p_w: 40, p_h: 30 })]);
    const answer = await world.viewer.api.get(
      `/api/project/prototype?project_id=${projectId}&team_id=${world.team.id}`,
    );
    expect(answer.result.positions.map((h: HotspotView) => h.id)).toContain(whole.id);
  });

  it('edits a hotspot’s rectangle and target, checked as at creation', async () => {
    const [hotspot] = await created(world.member, [spot(home, detail)]);
    const edit = (body: Record<string, unknown>) =>
      world.member.api.put<HotspotView>('/api/project/prototype', {
        project_id: projectId,
        pos_id: hotspot.id,
        ...box,
        next_image: detail.imageId,
        ...body,
      });
    const edited = await edit({ p_x: 5.5, p_w: 20, next_image: 'back' });
    expect(edited.code, edited.msg).toBe(OK);
    expect(edited.result).toMatchObject({ id: hotspot.id, p_x: 5.5, p_w: 20, next_image: 'back' });
    expect((await edit({ p_x: 31 })).code).toBe(Codes.HOTSPOT_OUT_OF_BOUNDS.code);
    expect((await edit({ next_image: home.imageId })).code).toBe(Codes.HOTSPOT_SELF_LINK.code);
    expect((await edit({ p_h: '8' })).code).toBe(Codes.INVALID_INPUT.code);
    // A target of another project, or in the bin, is no design to open (10083).
    const [elsewhere] = await designsIn(await newProject(world), 1);
    expect((await edit({ next_image: elsewhere.imageId })).code).toBe(Codes.IMAGE_DELETED.code);
    const [binned] = await designsIn(projectId, 1);
    await binDesign(world, binned);
    expect((await edit({ next_image: binned.imageId })).code).toBe(Codes.IMAGE_DELETED.code);
    expect((await list()).find((h) => h.id === hotspot.id)).toMatchObject({ p_x: 5.5, next_image: 'back' });
  });

  it('deletes hotspots named as a list or comma-joined, and the stage counts them no more', async () => {
    const before = (await stageCounts())[home.imageId];
    const made = await created(world.member, [spot(home, detail), spot(home, detail), spot(home, 'back')]);
    expect((await stageCounts())[home.imageId]).toBe(before + 3);
    const first = await remove(world.member, [made[0].id]);
    expect(first.code, first.msg).toBe(OK);
    const rest = await remove(world.member, `${made[1].id},${made[2].id}`);
    expect(rest.result).toEqual({ position_ids: expect.arrayContaining([made[1].id, made[2].id]) });
    const left = (await list()).map((h) => h.id);
    expect(made.filter((h) => left.includes(h.id))).toEqual([]);
    expect((await stageCounts())[home.imageId]).toBe(before);
  });
});

describe('what a hotspot may be', () => {
  const refused = async (positions: unknown[], code: string, who: Person = world.member) => {
    const before = await list();
    const answer = await create(who, positions);
    expect(answer.code, answer.msg).toBe(code);
    expect(await list()).toEqual(before);
  };

  it('links only to a live design of the same project', async () => {
    const [elsewhere] = await designsIn(await newProject(world), 1);
    await refused([spot(home, elsewhere)], Codes.IMAGE_DELETED.code);
    await refused([spot(elsewhere, home)], Codes.IMAGE_DELETED.code);
    await refused([spot(home, detail, { next_image: 'not-a-design' })], Codes.IMAGE_DELETED.code);
    const [binned] = await designsIn(projectId, 1);
    await world.owner.api.delete('/api/project/image', { project_id: projectId, image_ids: binned.imageId });
    await refused([spot(home, binned)], Codes.IMAGE_DELETED.code);
    await refused([spot(binned, home)], Codes.IMAGE_DELETED.code);
  });

  it('never links a design to itself', async () => {
    await refused([spot(home, home)], Codes.HOTSPOT_SELF_LINK.code);
  });

  it('lies within its design and has a size', async () => {
    for (const outside of [
      { p_x: 31, p_w: 10 },
      { p_y: 25, p_h: 6 },
      { p_x: -1 },
      { p_y: -0.5 },
      { p_w: 0 },
      { p_h: 0 },
      { p_w: -5 },
    ]) {
      await refused([spot(home, detail, outside)], Codes.HOTSPOT_OUT_OF_BOUNDS.code);
    }
  });

  it('has numbers for its rectangle', async () => {
    for (const bad of [{ p_x: '2' }, { p_w: null }, { p_h: undefined }, { p_y: 'NaN' }]) {
      await refused([spot(home, detail, bad)], Codes.INVALID_INPUT.code);
    }
    await refused([], Codes.INVALID_INPUT.code);
    const tooMany = Array.from({ length: PrototypeLimits.batchMax + 1 }, () => spot(home, detail));
    await refused(tooMany, Codes.INVALID_INPUT.code);
  });

  it('writes nothing of a batch with one bad item', async () => {
    const counts = await stageCounts();
    await refused(
      [spot(home, detail), spot(detail, home), spot(detail, home, { p_w: 100 })],
      Codes.HOTSPOT_OUT_OF_BOUNDS.code,
    );
    await refused([spot(home, detail), spot(detail, detail)], Codes.HOTSPOT_SELF_LINK.code);
    expect(await stageCounts()).toEqual(counts);
  });

  it(`holds at most ${PrototypeLimits.hotspotsPerDesign} on a design, counting the batch`, async () => {
    const project = await newProject(world);
    const [full, other] = await designsIn(project, 2);
    const batch = (n: number) => Array.from({ length: n }, () => spot(full, other));
    const limit = PrototypeLimits.hotspotsPerDesign;
    await created(world.member, batch(PrototypeLimits.batchMax), project);
    await created(world.member, batch(PrototypeLimits.batchMax), project);
    await created(world.member, batch(limit - 2 * PrototypeLimits.batchMax - 1), project);
    // One more fits, two do not: nothing of the refused batch is written.
    const over = await create(world.member, batch(2), project);
    expect(over.code).toBe(Codes.HOTSPOT_LIMIT.code);
    await created(world.member, batch(1), project);
    expect((await create(world.member, [spot(other, full), ...batch(1)], project)).code).toBe(
      Codes.HOTSPOT_LIMIT.code,
    );
    expect(await stageCounts(project)).toEqual({ [full.imageId]: limit, [other.imageId]: 0 });
    expect(await list(world.owner, project)).toHaveLength(limit);
  });
});

describe('who may read and change hotspots', () => {
  it('refuses an onlooker’s changes and lets them read', async () => {
    const [mine] = await created(world.member, [spot(home, detail)]);
    await expect(list(world.viewer)).resolves.toContainEqual(mine);
    expect((await create(world.viewer, [spot(home, detail)])).code).toBe(Codes.NO_PERMISSION.code);
    const put = await world.viewer.api.put('/api/project/prototype', {
      project_id: projectId,
      pos_id: mine.id,
      ...box,
      next_image: 'back',
    });
    expect(put.code).toBe(Codes.NO_PERMISSION.code);
    expect((await remove(world.viewer, [mine.id])).code).toBe(Codes.NO_PERMISSION.code);
    expect(await list()).toContainEqual(mine);
  });

  it('refuses someone of another team, whichever team they name', async () => {
    const { stranger, strangerTeam } = world;
    const asStranger = (teamId: string) =>
      stranger.api.get(`/api/project/prototype?pid=${projectId}&team_id=${teamId}`);
    expect((await asStranger(world.team.id)).code).toBe(Codes.TEAM_NOT_FOUND.code);
    expect((await asStranger(strangerTeam.id)).code).toBe(Codes.PROJECT_NOT_FOUND.code);
    const post = await stranger.api.post('/api/project/prototype', {
      team_id: strangerTeam.id,
      project_id: projectId,
      positions: [spot(home, detail)],
    });
    expect(post.code).toBe(Codes.PROJECT_NOT_FOUND.code);
    const [hotspot] = await list();
    for (const [teamId, code] of [
      [world.team.id, Codes.TEAM_NOT_FOUND.code],
      [strangerTeam.id, Codes.PROJECT_NOT_FOUND.code],
    ]) {
      const put = await stranger.api.put('/api/project/prototype', {
        team_id: teamId,
        project_id: projectId,
        pos_id: hotspot.id,
        ...box,
        next_image: 'back',
      });
      expect(put.code, teamId).toBe(code);
      const removed = await stranger.api.delete('/api/project/prototype', {
        team_id: teamId,
        project_id: projectId,
        position_ids: [hotspot.id],
      });
      expect(removed.code, teamId).toBe(code);
    }
    expect((await remove(stranger, [hotspot.id])).code).toBe(Codes.PROJECT_NOT_FOUND.code);
    expect(await list()).toContainEqual(hotspot);
  });

  it('keeps a mode-B project from a team member who is not in it', async () => {
    const closed = await newProject(world, { mode: 'B', roles: [[world.author, 'member']] });
    const [a, b] = await designsIn(closed, 2);
    const [theirs] = await created(world.author, [spot(a, b)], closed);
    const read = await world.member.api.get(`/api/project/prototype?pid=${closed}&team_id=${world.team.id}`);
    expect([read.status, read.code]).toEqual([418, Codes.NOT_ALLOWED.code]);
    const write = await create(world.member, [spot(a, b)], closed);
    expect([write.status, write.code]).toEqual([418, Codes.NOT_ALLOWED.code]);
    const put = await world.member.api.put('/api/project/prototype', {
      project_id: closed,
      pos_id: theirs.id,
      ...box,
      next_image: 'back',
    });
    expect([put.status, put.code]).toEqual([418, Codes.NOT_ALLOWED.code]);
    const removed = await remove(world.member, [theirs.id], closed);
    expect([removed.status, removed.code]).toEqual([418, Codes.NOT_ALLOWED.code]);
    expect(await list(world.owner, closed)).toEqual([theirs]);
  });

  it('answers NOT_FOUND for a hotspot of another project, and changes nothing', async () => {
    const project = await newProject(world);
    const [a, b] = await designsIn(project, 2);
    const [theirs] = await created(world.member, [spot(a, b)], project);
    const put = await world.member.api.put('/api/project/prototype', {
      project_id: projectId,
      pos_id: theirs.id,
      ...box,
      next_image: detail.imageId,
    });
    expect(put.code).toBe(Codes.NOT_FOUND.code);
    const [mine] = await created(world.member, [spot(home, detail)]);
    expect((await remove(world.member, [mine.id, theirs.id])).code).toBe(Codes.NOT_FOUND.code);
    expect((await remove(world.member, ['not-an-id'])).code).toBe(Codes.NOT_FOUND.code);
    expect(await list(world.owner, project)).toEqual([theirs]);
    expect(await list()).toContainEqual(mine);
  });
});

describe('hotspots and the recycle bin', () => {
  const bin = (design: Design) => binDesign(world, design);
  const recover = (design: Design) => recoverDesign(world, design);

  it('shows a hotspot whose target is in the bin as broken, and whole again once it is recovered', async () => {
    const project = await newProject(world);
    const [a, b] = await designsIn(project, 2);
    const [link] = await created(world.member, [spot(a, b)], project);
    expect((await bin(b)).code).toBe(OK);
    expect(await list(world.owner, project)).toEqual([{ ...link, broken: true }]);
    expect((await recover(b)).code).toBe(OK);
    expect(await list(world.owner, project)).toEqual([{ ...link, broken: false }]);
  });

  it('keeps the hotspots of a design in the bin, out of the list until it is recovered', async () => {
    const project = await newProject(world);
    const [a, b] = await designsIn(project, 2);
    const [link] = await created(world.member, [spot(a, b)], project);
    await bin(a);
    expect(await list(world.owner, project)).toEqual([]);
    await recover(a);
    expect(await list(world.owner, project)).toEqual([link]);
    expect((await stageCounts(project))[a.imageId]).toBe(1);
  });

  it('drops the hotspots leading to a design purged from the bin, and counts again', async () => {
    const project = await newProject(world);
    const [a, b, c] = await designsIn(project, 3);
    const [, kept] = await created(world.member, [spot(a, b), spot(a, c)], project);
    await bin(b);
    await server.ctx.db
      .update(designs)
      .set({ deletedAt: new Date(Date.now() - (DesignLimits.recycleBinDays + 1) * Limits.msPerDay) })
      .where(eq(designs.id, b.imageId));
    await purgeTrash(server.ctx);
    expect(await list(world.owner, project)).toEqual([kept]);
    expect((await stageCounts(project))[a.imageId]).toBe(1);
  });
});

describe('real time', () => {
  it('tells the sockets watching the project that its hotspots changed, and no one else', async () => {
    const url = await server.listen();
    const watcher = await TestSocket.signedIn(url, world.viewer.token);
    const elsewhere = await TestSocket.signedIn(url, world.admin.token);
    const other = await newProject(world);
    watcher.send({ type: 'watch', teamId: world.team.id, projectId });
    elsewhere.send({ type: 'watch', teamId: world.team.id, projectId: other });
    await watcher.next((frame) => frame.type === 'watching');
    await elsewhere.next((frame) => frame.type === 'watching');

    await created(world.member, [spot(home, detail)]);
    const frame = await watcher.next((f) => f.type === 'changed', 'the changed frame');
    expect(frame).toEqual({ type: 'changed', what: 'prototype', teamId: world.team.id, projectId });
    await elsewhere.roundTrip();
    expect(elsewhere.frames.some((f) => f.type === 'changed')).toBe(false);
    watcher.close();
    elsewhere.close();
  });
});
