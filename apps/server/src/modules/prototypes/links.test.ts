import { Codes, DesignLimits, Limits, type LinkView, PrototypeLimits } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeTrash } from '../../jobs/purge-trash.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { buildWorld, type Design, newProject, OK, type Person, type World } from '../comments/fixtures.js';
import { designs } from '../designs/tables.js';
import { seedDesigns } from '../sections/stage-fixtures.js';
import { binDesign, createdHotspots, designsIn, recoverDesign, spot } from './fixtures.js';
import { prototypeLinks } from './tables.js';

/** Flow links (spec 001 §7 `project/link`): arrows between designs, drawn by hand or standing for hotspots. */

let server: TestServer;
let world: World;
let projectId: string;
let a: Design;
let b: Design;
let c: Design;

beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server);
  projectId = await newProject(world);
  [a, b, c] = await designsIn(world, projectId, 3);
});
afterAll(() => server.close());

const arrow = (from: Design | string, to: Design | string) => ({
  parent: typeof from === 'string' ? from : from.imageId,
  son: typeof to === 'string' ? to : to.imageId,
});

const post = (who: Person, links: unknown[], project = projectId) =>
  who.api.post<{ links: LinkView[] }>('/api/project/link', {
    team_id: world.team.id,
    project_id: project,
    links,
  });

async function drawn(who: Person, links: unknown[], project = projectId) {
  const answer = await post(who, links, project);
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result.links;
}

const put = (who: Person, body: Record<string, unknown>, project = projectId) =>
  who.api.put<LinkView>('/api/project/link', { project_id: project, ...body });

const remove = (who: Person, links: string[] | string, project = projectId) =>
  who.api.delete<{ links: string[] }>('/api/project/link', { project_id: project, links });

async function list(who: Person = world.owner, project = projectId, query = '') {
  const answer = await who.api.get<{ links: LinkView[] }>(
    `/api/project/link?project_id=${project}&team_id=${world.team.id}${query}`,
  );
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result.links;
}

const pairsOf = (links: LinkView[]) => links.map((link) => [link.parent, link.son, link.source]);

describe('drawing, listing, editing and deleting links', () => {
  it('draws a batch, answers a pair drawn before with its link, and lists them to an onlooker', async () => {
    const project = await newProject(world);
    const [x, y, z] = await designsIn(world, project, 3);
    const made = await drawn(world.member, [arrow(x, y), arrow(y, z), arrow(x, y)], project);
    expect(made).toHaveLength(2);
    expect(made[0]).toEqual({
      id: expect.any(String),
      parent: x.imageId,
      son: y.imageId,
      project_id: project,
      team_id: world.team.id,
      source: 'manual',
      hotspot_count: 0,
      broken: false,
      create_time: expect.any(String),
    });
    const again = await drawn(world.author, [arrow(y, z), arrow(z, x)], project);
    expect(again[0]).toEqual(made[1]);
    const listed = await list(world.viewer, project);
    expect(listed.map((link) => link.id).sort()).toEqual([made[0].id, made[1].id, again[1].id].sort());

    // One link by id, `pid` for the project, `all_link` as the spec sends it.
    const one = await world.viewer.api.get(`/api/project/link?pid=${project}&link_id=${made[0].id}`);
    expect(one.result.links).toEqual([made[0]]);
    expect(await list(world.viewer, project, '&all_link=1')).toEqual(listed);
    const unknown = await world.viewer.api.get(`/api/project/link?pid=${project}&link_id=nope`);
    expect(unknown.code).toBe(Codes.NOT_FOUND.code);
  });

  it('moves a link’s ends, checked as at creation; moved onto a drawn pair the two become one', async () => {
    const [link, other] = await drawn(world.member, [arrow(a, b), arrow(c, b)]);
    const moved = await put(world.member, { link_id: link.id, ...arrow(a, c) });
    expect(moved.code, moved.msg).toBe(OK);
    expect(moved.result).toMatchObject({ id: link.id, parent: a.imageId, son: c.imageId, source: 'manual' });
    expect((await put(world.member, { link_id: link.id, ...arrow(c, c) })).code).toBe(Codes.LINK_SELF.code);
    const merged = await put(world.member, { link_id: link.id, ...arrow(c, b) });
    expect(merged.result).toEqual(other);
    const ids = (await list()).map((view) => view.id);
    expect(ids).toContain(other.id);
    expect(ids).not.toContain(link.id);
    await remove(world.member, [other.id]);
  });

  it('edits and deletes one link a call at a time: an edit after the deletion answers 19007', async () => {
    for (let round = 0; round < 3; round += 1) {
      const [link] = await drawn(world.member, [arrow(a, b)]);
      const [edited, removed] = await Promise.all([
        put(world.member, { link_id: link.id, ...arrow(b, c) }),
        remove(world.member, [link.id]),
      ]);
      expect(removed.result).toEqual({ links: [link.id] });
      // Either the edit came first and answers the link it made, or it found the link gone.
      if (edited.code === OK) expect(edited.result).toMatchObject({ id: link.id, parent: b.imageId });
      else expect(edited.code).toBe(Codes.NOT_FOUND.code);
      expect(await list()).toEqual([]);
    }
    const gone = await put(world.member, { link_id: crypto.randomUUID(), ...arrow(b, c) });
    expect(gone.code).toBe(Codes.NOT_FOUND.code);
  });

  it('deletes links named as a list or comma-joined', async () => {
    const made = await drawn(world.member, [arrow(a, b), arrow(b, c), arrow(c, a)]);
    const first = await remove(world.member, [made[0].id]);
    expect(first.result).toEqual({ links: [made[0].id] });
    const rest = await remove(world.member, `${made[1].id},${made[2].id}`);
    expect(rest.result.links.sort()).toEqual([made[1].id, made[2].id].sort());
    expect(await list()).toEqual([]);
  });
});

describe('what a link may be', () => {
  const refused = async (answer: Promise<{ code: string; msg: string }>, code: string) => {
    const before = await list();
    const { code: got, msg } = await answer;
    expect(got, msg).toBe(code);
    expect(await list()).toEqual(before);
  };

  it('joins only live designs of the same project', async () => {
    const [elsewhere] = await designsIn(world, await newProject(world), 1);
    const [binned] = await designsIn(world, projectId, 1);
    await binDesign(world, binned);
    const [link] = await drawn(world.member, [arrow(a, b)]);
    for (const foreign of [elsewhere, binned, '00000000-0000-4000-8000-000000000000', 'not-a-design']) {
      await refused(post(world.member, [arrow(a, c), arrow(a, foreign)]), Codes.IMAGE_DELETED.code);
      await refused(post(world.member, [arrow(foreign, a)]), Codes.IMAGE_DELETED.code);
      await refused(put(world.member, { link_id: link.id, ...arrow(foreign, b) }), Codes.IMAGE_DELETED.code);
    }
    await remove(world.member, [link.id]);
  });

  it('never leads from a design to itself', async () => {
    await refused(post(world.member, [arrow(a, b), arrow(c, c)]), Codes.LINK_SELF.code);
  });

  it('changes links from hotspots only through the hotspots', async () => {
    await createdHotspots(world, world.member, projectId, [spot(a, b)]);
    const derived = (await list()).find((link) => link.source === 'hotspot') as LinkView;
    expect(derived.id).toBe(`hotspot:${a.imageId}:${b.imageId}`);
    const [manual] = await drawn(world.member, [arrow(b, c)]);
    const code = Codes.LINK_FROM_HOTSPOT.code;
    await refused(put(world.member, { link_id: derived.id, ...arrow(a, c) }), code);
    await refused(remove(world.member, [manual.id, derived.id]), code);
    await refused(remove(world.member, derived.id), code);
    await remove(world.member, [manual.id]);
  });

  it('answers 19007 for a link of another project or none, and deletes nothing', async () => {
    const project = await newProject(world);
    const [x, y] = await designsIn(world, project, 2);
    const [theirs] = await drawn(world.member, [arrow(x, y)], project);
    const [mine] = await drawn(world.member, [arrow(c, a)]);
    await refused(put(world.member, { link_id: theirs.id, ...arrow(a, b) }), Codes.NOT_FOUND.code);
    await refused(remove(world.member, [mine.id, theirs.id]), Codes.NOT_FOUND.code);
    await refused(remove(world.member, ['not-an-id']), Codes.NOT_FOUND.code);
    expect(await list(world.owner, project)).toEqual([theirs]);
    await remove(world.member, [mine.id]);
  });

  it('takes 1 to 200 links a call, each with both ends', async () => {
    await refused(post(world.member, []), Codes.INVALID_INPUT.code);
    await refused(post(world.member, [{ parent: a.imageId }]), Codes.INVALID_INPUT.code);
    const tooMany = Array.from({ length: PrototypeLimits.linkBatchMax + 1 }, () => arrow(a, b));
    await refused(post(world.member, tooMany), Codes.INVALID_INPUT.code);
    await refused(remove(world.member, ''), Codes.INVALID_INPUT.code);
  });

  it(`holds at most ${PrototypeLimits.linksPerProject} drawn links in a project, counting the batch`, async () => {
    const limit = PrototypeLimits.linksPerProject;
    const project = await newProject(world);
    const ids = Object.values(
      await seedDesigns(
        server,
        project,
        Array.from({ length: 46 }, (_, i) => `D${i}`),
      ),
    );
    const pairs = ids.flatMap((parent) =>
      ids.filter((son) => son !== parent).map((son) => arrow(parent, son)),
    );
    const rows = pairs
      .slice(0, limit - 1)
      .map((pair) => ({ projectId: project, parentDesignId: pair.parent, sonDesignId: pair.son }));
    await server.ctx.db.insert(prototypeLinks).values(rows);
    const [next, after] = pairs.slice(limit - 1);
    expect((await post(world.member, [next, after], project)).code).toBe(Codes.LINK_LIMIT.code);
    await drawn(world.member, [next], project);
    // A pair already drawn adds nothing, so it is still answered.
    await drawn(world.member, [pairs[0]], project);
    expect((await post(world.member, [after], project)).code).toBe(Codes.LINK_LIMIT.code);
    expect(await list(world.owner, project)).toHaveLength(limit);
  });
});

describe('links that stand for hotspots', () => {
  it('appear and go as hotspots are drawn and deleted; a drawn pair is listed once, as manual', async () => {
    const project = await newProject(world);
    const [x, y, z] = await designsIn(world, project, 3);
    const spots = await createdHotspots(world, world.member, project, [
      spot(x, y),
      spot(x, y, { p_x: 20 }),
      spot(x, 'back'),
      spot(y, z),
    ]);
    const derived = await list(world.owner, project);
    const summary = derived.map((link) => [link.id, link.source, link.hotspot_count, link.broken]);
    expect(summary).toHaveLength(2);
    expect(summary).toEqual(
      expect.arrayContaining([
        [`hotspot:${x.imageId}:${y.imageId}`, 'hotspot', 2, false],
        [`hotspot:${y.imageId}:${z.imageId}`, 'hotspot', 1, false],
      ]),
    );
    const [manual] = await drawn(world.member, [arrow(x, y)], project);
    expect(manual).toMatchObject({ source: 'manual', hotspot_count: 2 });
    expect(pairsOf(await list(world.owner, project))).toEqual([
      [y.imageId, z.imageId, 'hotspot'],
      [x.imageId, y.imageId, 'manual'],
    ]);

    const gone = await world.member.api.delete('/api/project/prototype', {
      project_id: project,
      position_ids: [spots[0].id, spots[1].id, spots[3].id],
    });
    expect(gone.code, gone.msg).toBe(OK);
    expect(await list(world.owner, project)).toEqual([{ ...manual, hotspot_count: 0 }]);
  });

  it('are broken while an end is in the recycle bin, and go with a design removed for good', async () => {
    const project = await newProject(world);
    const [x, y, z] = await designsIn(world, project, 3);
    await createdHotspots(world, world.member, project, [spot(x, y)]);
    await drawn(world.member, [arrow(z, x)], project);
    const brokenOf = async () =>
      (await list(world.owner, project)).map((link) => [link.parent, link.son, link.broken]);

    expect((await binDesign(world, y)).code).toBe(OK);
    expect(await brokenOf()).toEqual([
      [x.imageId, y.imageId, true],
      [z.imageId, x.imageId, false],
    ]);
    await binDesign(world, x);
    expect(await brokenOf()).toEqual([
      [x.imageId, y.imageId, true],
      [z.imageId, x.imageId, true],
    ]);
    // Drawing on a design in the bin is refused as for a deleted one.
    expect((await post(world.member, [arrow(z, x)], project)).code).toBe(Codes.IMAGE_DELETED.code);
    await recoverDesign(world, x);
    await recoverDesign(world, y);
    expect((await brokenOf()).map(([, , broken]) => broken)).toEqual([false, false]);

    await binDesign(world, x);
    await server.ctx.db
      .update(designs)
      .set({ deletedAt: new Date(Date.now() - (DesignLimits.recycleBinDays + 1) * Limits.msPerDay) })
      .where(eq(designs.id, x.imageId));
    await purgeTrash(server.ctx);
    expect(await list(world.owner, project)).toEqual([]);
  });
});
