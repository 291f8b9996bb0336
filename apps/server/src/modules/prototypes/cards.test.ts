import { type CardView, Codes, PrototypeLimits } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/context.js';
import { TestSocket } from '../../test/sockets.js';
import { buildWorld, type Design, newProject, OK, type Person, type World } from '../comments/fixtures.js';
import { binDesign, designsIn, recoverDesign } from './fixtures.js';

/** The flow map's cards, and who may read and change the map (links and cards), with its real-time signal. */

let server: TestServer;
let world: World;
let projectId: string;
let a: Design;
let b: Design;

beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server);
  projectId = await newProject(world);
  [a, b] = await designsIn(world, projectId, 2);
});
afterAll(() => server.close());

const save = (who: Person, cards: unknown[], project = projectId) =>
  who.api.put<{ cards: CardView[] }>('/api/project/link/cards', { project_id: project, cards });

async function mapOf(who: Person = world.owner, project = projectId) {
  const answer = await who.api.get(`/api/project/link?project_id=${project}&team_id=${world.team.id}`);
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result as { links: { id: string }[]; cards: CardView[] };
}

const byImage = (cards: CardView[]) => [...cards].sort((x, y) => x.image_id.localeCompare(y.image_id));

describe('card positions', () => {
  it('saves cards, reads them back, and moves them again; a design named twice keeps its last place', async () => {
    const saved = await save(world.member, [
      { image_id: a.imageId, x: 10, y: -20.5 },
      { image_id: b.imageId, x: 300, y: 0 },
    ]);
    expect(saved.code, saved.msg).toBe(OK);
    expect((await mapOf(world.viewer)).cards).toEqual(byImage(saved.result.cards));
    const moved = await save(world.author, [
      { image_id: a.imageId, x: 1, y: 1 },
      { image_id: a.imageId, x: 40, y: 50 },
    ]);
    expect(moved.result.cards).toEqual([{ image_id: a.imageId, x: 40, y: 50 }]);
    expect((await mapOf()).cards).toEqual(
      byImage([
        { image_id: a.imageId, x: 40, y: 50 },
        { image_id: b.imageId, x: 300, y: 0 },
      ]),
    );
  });

  it('places only live designs of the project, and writes nothing of a batch with one foreign design', async () => {
    const [elsewhere] = await designsIn(world, await newProject(world), 1);
    const [binned] = await designsIn(world, projectId, 1);
    await binDesign(world, binned);
    const before = await mapOf();
    for (const foreign of [elsewhere.imageId, binned.imageId, '00000000-0000-4000-8000-000000000000', 'x']) {
      const answer = await save(world.member, [
        { image_id: a.imageId, x: 999, y: 999 },
        { image_id: foreign, x: 0, y: 0 },
      ]);
      expect(answer.code, foreign).toBe(Codes.IMAGE_DELETED.code);
    }
    expect(await mapOf()).toEqual(before);
  });

  it('takes numbers within the map, 1 to 500 cards a call', async () => {
    const before = await mapOf();
    const max = PrototypeLimits.cardCoordinateMax;
    for (const bad of [{ x: max + 1 }, { y: -max - 1 }, { x: '3' }, { y: null }, { x: Number.NaN }]) {
      const answer = await save(world.member, [{ image_id: a.imageId, x: 0, y: 0, ...bad }]);
      expect(answer.code, JSON.stringify(bad)).toBe(Codes.INVALID_INPUT.code);
    }
    expect((await save(world.member, [])).code).toBe(Codes.INVALID_INPUT.code);
    const tooMany = Array.from({ length: PrototypeLimits.cardsBatchMax + 1 }, () => ({
      image_id: a.imageId,
      x: 0,
      y: 0,
    }));
    expect((await save(world.member, tooMany)).code).toBe(Codes.INVALID_INPUT.code);
    expect(await mapOf()).toEqual(before);
    expect((await save(world.member, [{ image_id: b.imageId, x: -max, y: max }])).code).toBe(OK);
  });

  it('hides the card of a design in the bin and shows it again once the design is recovered', async () => {
    const project = await newProject(world);
    const [x, y] = await designsIn(world, project, 2);
    await save(
      world.member,
      [
        { image_id: x.imageId, x: 1, y: 2 },
        { image_id: y.imageId, x: 3, y: 4 },
      ],
      project,
    );
    await binDesign(world, y);
    expect((await mapOf(world.owner, project)).cards).toEqual([{ image_id: x.imageId, x: 1, y: 2 }]);
    await recoverDesign(world, y);
    expect((await mapOf(world.owner, project)).cards).toHaveLength(2);
  });
});

describe('who may read and change the flow map', () => {
  it('lets an onlooker read and refuses their every change', async () => {
    const drawn = await world.member.api.post('/api/project/link', {
      team_id: world.team.id,
      project_id: projectId,
      links: [{ parent: a.imageId, son: b.imageId }],
    });
    const [link] = drawn.result.links;
    const before = await mapOf(world.viewer);
    expect(before.links.map((view) => view.id)).toContain(link.id);
    const refusals = [
      await world.viewer.api.post('/api/project/link', {
        team_id: world.team.id,
        project_id: projectId,
        links: [{ parent: b.imageId, son: a.imageId }],
      }),
      await world.viewer.api.put('/api/project/link', {
        project_id: projectId,
        link_id: link.id,
        parent: b.imageId,
        son: a.imageId,
      }),
      await world.viewer.api.delete('/api/project/link', { project_id: projectId, links: link.id }),
      await save(world.viewer, [{ image_id: a.imageId, x: 0, y: 0 }]),
    ];
    expect(refusals.map((answer) => answer.code)).toEqual(Array(4).fill(Codes.NO_PERMISSION.code));
    expect(await mapOf()).toEqual(before);
  });

  it('refuses someone of another team, whichever team they name', async () => {
    const { stranger, strangerTeam } = world;
    const read = (teamId: string) =>
      stranger.api.get(`/api/project/link?project_id=${projectId}&team_id=${teamId}`);
    expect((await read(world.team.id)).code).toBe(Codes.TEAM_NOT_FOUND.code);
    expect((await read(strangerTeam.id)).code).toBe(Codes.PROJECT_NOT_FOUND.code);
    const before = await mapOf();
    const [link] = before.links;
    const writes = [
      await stranger.api.post('/api/project/link', {
        team_id: strangerTeam.id,
        project_id: projectId,
        links: [{ parent: b.imageId, son: a.imageId }],
      }),
      await stranger.api.put('/api/project/link', {
        project_id: projectId,
        link_id: link.id,
        parent: b.imageId,
        son: a.imageId,
      }),
      await stranger.api.delete('/api/project/link', { project_id: projectId, links: [link.id] }),
      await save(stranger, [{ image_id: a.imageId, x: 0, y: 0 }]),
    ];
    expect(writes.map((answer) => answer.code)).toEqual(Array(4).fill(Codes.PROJECT_NOT_FOUND.code));
    expect(await mapOf()).toEqual(before);
  });

  it('keeps a mode-B project from a team member who is not in it', async () => {
    const closed = await newProject(world, { mode: 'B', roles: [[world.author, 'member']] });
    const [x, y] = await designsIn(world, closed, 2);
    expect((await save(world.author, [{ image_id: x.imageId, x: 0, y: 0 }], closed)).code).toBe(OK);
    const read = await world.member.api.get(
      `/api/project/link?project_id=${closed}&team_id=${world.team.id}`,
    );
    expect([read.status, read.code]).toEqual([418, Codes.NOT_ALLOWED.code]);
    const write = await world.member.api.post('/api/project/link', {
      team_id: world.team.id,
      project_id: closed,
      links: [{ parent: x.imageId, son: y.imageId }],
    });
    expect([write.status, write.code]).toEqual([418, Codes.NOT_ALLOWED.code]);
    const cards = await save(world.member, [{ image_id: x.imageId, x: 5, y: 5 }], closed);
    expect([cards.status, cards.code]).toEqual([418, Codes.NOT_ALLOWED.code]);
  });
});

describe('real time', () => {
  it('tells the sockets watching the project after every change of links and cards', async () => {
    const url = await server.listen();
    const watcher = await TestSocket.signedIn(url, world.viewer.token);
    watcher.send({ type: 'watch', teamId: world.team.id, projectId });
    await watcher.next((frame) => frame.type === 'watching');
    const frame = { type: 'changed', what: 'prototype', teamId: world.team.id, projectId };
    const changedFrames = () => watcher.frames.filter((f) => f.type === 'changed');
    // Frames are kept, not consumed: each change must add one more.
    const signalled = async <T>(what: string, change: () => Promise<T>) => {
      const seen = changedFrames().length;
      const answer = await change();
      await watcher.next(() => changedFrames().length > seen, `a changed frame ${what}`);
      expect(changedFrames().at(-1), what).toEqual(frame);
      return answer;
    };

    const drawn = await signalled('after drawing', () =>
      world.member.api.post('/api/project/link', {
        team_id: world.team.id,
        project_id: projectId,
        links: [{ parent: b.imageId, son: a.imageId }],
      }),
    );
    const [link] = drawn.result.links;
    await signalled('after editing', () =>
      world.member.api.put('/api/project/link', {
        project_id: projectId,
        link_id: link.id,
        parent: b.imageId,
        son: a.imageId,
      }),
    );
    await signalled('after deleting', () =>
      world.member.api.delete('/api/project/link', { project_id: projectId, links: link.id }),
    );
    await signalled('after moving a card', () => save(world.member, [{ image_id: a.imageId, x: 7, y: 7 }]));
    watcher.close();
  });
});
