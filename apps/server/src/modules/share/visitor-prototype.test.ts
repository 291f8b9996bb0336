import { Codes, type HotspotView } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/context.js';
import { buildWorld, type Design, newProject, type World } from '../comments/fixtures.js';
import { binDesign, box, createdHotspots, designsIn, spot } from '../prototypes/fixtures.js';
import { OK } from './fixtures.js';
import { openedLink } from './visitor-fixtures.js';

/** A share link's visitor reads the hotspots of the designs the link shows, and changes nothing. */

let server: TestServer;
let world: World;
let projectId: string;
let x: Design;
let y: Design;
let z: Design;
/** Hotspots by the pair they join: `xy` is drawn on x and opens y. */
let spots: Record<'xy' | 'xz' | 'xBack' | 'yx' | 'zx', HotspotView>;

beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server);
  projectId = await newProject(world);
  [x, y, z] = await designsIn(world, projectId, 3);
  const [xy, xz, xBack, yx, zx] = await createdHotspots(world, world.member, projectId, [
    spot(x, y),
    spot(x, z),
    spot(x, 'back'),
    spot(y, x),
    spot(z, x),
  ]);
  spots = { xy, xz, xBack, yx, zx };
}, 60_000);
afterAll(() => server.close());

type VisitorApi = Awaited<ReturnType<typeof openedLink>>['api'];

async function hotspotsSeen(api: VisitorApi, query = `project_id=${projectId}`) {
  const answer = await api.get<{ positions: HotspotView[] }>(`/api/project/prototype?${query}`);
  expect(answer.code, answer.msg).toBe(OK);
  return [...answer.result.positions].sort((p, q) => p.id.localeCompare(q.id));
}

/** The whole answer as sent, to look for ids anywhere in it. */
async function answerText(api: VisitorApi, query = `project_id=${projectId}`) {
  return JSON.stringify(await api.get(`/api/project/prototype?${query}`));
}

const sorted = (views: HotspotView[]) => [...views].sort((p, q) => p.id.localeCompare(q.id));

describe('hotspots seen through a share link', () => {
  it('shows a link over some designs only their hotspots; one opening a design it does not show is broken', async () => {
    const { api } = await openedLink(world, projectId, {
      scope: 'designs',
      design_ids: [x.imageId, y.imageId],
    });
    // The design the link does not show is never named, not even as a target.
    const hidden = { broken: true, next_image: '' };
    expect(await hotspotsSeen(api)).toEqual(
      sorted([spots.xy, { ...spots.xz, ...hidden }, spots.xBack, spots.yx]),
    );
    expect(await answerText(api)).not.toContain(z.imageId);
    // `pid` stands for the project, and the link's team may be named.
    expect(await hotspotsSeen(api, `pid=${projectId}&team_id=${world.team.id}`)).toHaveLength(4);

    const one = await openedLink(world, projectId, { scope: 'design', design_ids: [z.imageId] });
    expect(await hotspotsSeen(one.api)).toEqual([{ ...spots.zx, ...hidden }]);
    expect(await answerText(one.api)).not.toContain(x.imageId);
  });

  it('shows a link over the project every live design’s hotspots, a target in the bin broken', async () => {
    const project = await newProject(world);
    const [p, q, r] = await designsIn(world, project, 3);
    const made = await createdHotspots(world, world.member, project, [spot(p, q), spot(q, r), spot(r, p)]);
    const { api } = await openedLink(world, project, { scope: 'project' });
    const read = () => hotspotsSeen(api, `project_id=${project}`);
    expect(await read()).toEqual(sorted(made));
    await binDesign(world, r);
    expect(await read()).toEqual(sorted([made[0], { ...made[1], broken: true, next_image: '' }]));
    expect(await answerText(api, `project_id=${project}`)).not.toContain(r.imageId);
  });

  it('answers nothing of another project or team', async () => {
    const { api } = await openedLink(world, projectId, { scope: 'project' });
    const other = await newProject(world);
    for (const query of [`project_id=${other}`, `project_id=${projectId}&team_id=${world.strangerTeam.id}`]) {
      expect((await api.get(`/api/project/prototype?${query}`)).code, query).toBe(
        Codes.PROJECT_NOT_FOUND.code,
      );
    }
  });

  it('refuses a visitor’s every change of hotspots, links and cards, and their flow map (19093)', async () => {
    const { api } = await openedLink(world, projectId, { scope: 'project' });
    const refused = Codes.SHARE_VISITOR_REFUSED.code;
    const project = { team_id: world.team.id, project_id: projectId };
    const answers = [
      await api.post('/api/project/prototype', { ...project, positions: [spot(y, z)] }),
      await api.put('/api/project/prototype', {
        ...project,
        pos_id: spots.xy.id,
        next_image: 'back',
        ...box,
      }),
      await api.delete('/api/project/prototype', { ...project, position_ids: [spots.xy.id] }),
      await api.get(`/api/project/link?project_id=${projectId}`),
      await api.post('/api/project/link', { ...project, links: [{ parent: y.imageId, son: z.imageId }] }),
      await api.put('/api/project/link/cards', { ...project, cards: [{ image_id: x.imageId, x: 0, y: 0 }] }),
    ];
    expect(answers.map((answer) => answer.code)).toEqual(Array(answers.length).fill(refused));
    const member = await world.owner.api.get(`/api/project/prototype?pid=${projectId}`);
    expect(sorted(member.result.positions)).toEqual(sorted(Object.values(spots)));
  });
});
