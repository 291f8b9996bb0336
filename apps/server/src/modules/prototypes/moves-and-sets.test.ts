import { type CardView, Codes, type HotspotView, type LinkView } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/context.js';
import { TestSocket } from '../../test/sockets.js';
import { buildWorld, type Design, newProject, OK, type World } from '../comments/fixtures.js';
import { box, createdHotspots, createHotspots, designsIn, positionCounts, spot } from './fixtures.js';

/**
 * Hotspots, links and cards belong to the project they were drawn in: a design moved away leaves none behind,
 * and a set (a grouping on the stage) is never an end of one.
 */

let server: TestServer;
let world: World;

beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server);
}, 60_000);
afterAll(() => server.close());

async function prototypeOf(project: string) {
  const answer = await world.owner.api.get<{ positions: HotspotView[] }>(
    `/api/project/prototype?pid=${project}`,
  );
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result.positions;
}

async function flowMapOf(project: string) {
  const answer = await world.owner.api.get<{ links: LinkView[]; cards: CardView[] }>(
    `/api/project/link?project_id=${project}`,
  );
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result;
}

const arrow = (from: Design, to: Design) => ({ parent: from.imageId, son: to.imageId });

async function move(design: Design, from: string, to: string) {
  const answer = await world.member.api.put('/api/project/image_move', {
    project_id: from,
    target_project_id: to,
    image_ids: [design.imageId],
  });
  expect(answer.code, answer.msg).toBe(OK);
}

describe('a design moved to another project', () => {
  it('leaves no hotspot, link or card behind, counts again, and starts afresh when moved back', async () => {
    const home = await newProject(world);
    const away = await newProject(world);
    const [a, b, c] = await designsIn(world, home, 3);
    const [kept] = await createdHotspots(world, world.member, home, [
      spot(a, 'back'),
      spot(a, b),
      spot(b, a),
      spot(c, b),
    ]);
    const project = { team_id: world.team.id, project_id: home };
    const drawn = await world.member.api.post('/api/project/link', {
      ...project,
      links: [arrow(a, c), arrow(c, b)],
    });
    expect(drawn.code, drawn.msg).toBe(OK);
    const cards = await world.member.api.put('/api/project/link/cards', {
      ...project,
      cards: [a, b].map((design) => ({ image_id: design.imageId, x: 1, y: 2 })),
    });
    expect(cards.code, cards.msg).toBe(OK);
    expect(await positionCounts(world, home)).toEqual({ [a.imageId]: 2, [b.imageId]: 1, [c.imageId]: 1 });

    const url = await server.listen();
    const watcher = await TestSocket.signedIn(url, world.viewer.token);
    watcher.send({ type: 'watch', teamId: world.team.id, projectId: home });
    await watcher.next((frame) => frame.type === 'watching');

    await move(b, home, away);
    const signal = await watcher.next((frame) => frame.type === 'changed', 'the changed frame');
    expect(signal).toEqual({ type: 'changed', what: 'prototype', teamId: world.team.id, projectId: home });
    watcher.close();

    const left = async () => {
      expect(await prototypeOf(home)).toEqual([kept]);
      const map = await flowMapOf(home);
      expect(map.links.map((link) => [link.parent, link.son, link.source, link.broken])).toEqual([
        [a.imageId, c.imageId, 'manual', false],
      ]);
      expect(map.cards).toEqual([{ image_id: a.imageId, x: 1, y: 2 }]);
      expect(JSON.stringify([await prototypeOf(home), map])).not.toContain(b.imageId);
    };
    await left();
    expect(await positionCounts(world, home)).toEqual({ [a.imageId]: 1, [c.imageId]: 0 });
    expect(await prototypeOf(away)).toEqual([]);
    expect(await flowMapOf(away)).toEqual({ links: [], cards: [] });
    expect(await positionCounts(world, away)).toEqual({ [b.imageId]: 0 });

    // Back home, nothing of before comes back.
    await move(b, away, home);
    await left();
    expect(await positionCounts(world, home)).toEqual({ [a.imageId]: 1, [b.imageId]: 0, [c.imageId]: 0 });
  });
});

describe('sets', () => {
  it('are no design a hotspot is drawn on or opens, nor an end of a link (10083)', async () => {
    const project = await newProject(world);
    const [a, b, c, d] = await designsIn(world, project, 4);
    const made = await world.owner.api.post('/api/project/set_type', {
      project_id: project,
      images: [c.imageId, d.imageId],
    });
    expect(made.code, made.msg).toBe(OK);
    const set: Design = { projectId: project, imageId: made.result.set.id, versionIds: [] };
    const refused = Codes.IMAGE_DELETED.code;

    expect((await createHotspots(world, world.member, project, [spot(a, set)])).code).toBe(refused);
    expect((await createHotspots(world, world.member, project, [spot(set, a)])).code).toBe(refused);
    const [hotspot] = await createdHotspots(world, world.member, project, [spot(a, b)]);
    const edited = await world.member.api.put('/api/project/prototype', {
      project_id: project,
      pos_id: hotspot.id,
      ...box,
      next_image: set.imageId,
    });
    expect(edited.code).toBe(refused);

    const link = (links: unknown[]) =>
      world.member.api.post('/api/project/link', { team_id: world.team.id, project_id: project, links });
    expect((await link([arrow(a, set)])).code).toBe(refused);
    expect((await link([arrow(set, a)])).code).toBe(refused);
    const drawn = await link([arrow(a, b)]);
    expect(drawn.code, drawn.msg).toBe(OK);
    const moved = await world.member.api.put('/api/project/link', {
      project_id: project,
      link_id: drawn.result.links[0].id,
      ...arrow(a, set),
    });
    expect(moved.code).toBe(refused);

    expect(await prototypeOf(project)).toEqual([hotspot]);
    expect((await flowMapOf(project)).links.map((view) => [view.parent, view.son])).toEqual([
      [a.imageId, b.imageId],
    ]);
  });
});
