import { SearchLimits } from '@ferry/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/context.js';
import { buildWorld, newProject, type World } from '../comments/fixtures.js';
import { hitsOf, labels } from './fixtures.js';

/**
 * A keyword found on more designs than one search ranks (SearchLimits.candidatesPerKind): the newest matches are
 * ranked, and names equal to or starting with the keyword are never lost however old they are.
 */

let server: TestServer;
let world: World;
let projectId: string;
const MANY = SearchLimits.candidatesPerKind + 100;

/** `count` designs named `<prefix> <n>`, updated one minute apart, the last the newest; straight in the table. */
async function designsNamed(name: (n: number) => string, count: number, minutesAgo: number) {
  const names = Array.from({ length: count }, (_, n) => name(n));
  await server.ctx.db.execute(sql`insert into designs (id, project_id, name, updated_at, created_at)
    select gen_random_uuid(), ${projectId}, n.name, now() - make_interval(mins => ${minutesAgo} + n.k::int),
      now() - make_interval(mins => ${minutesAgo} + n.k::int)
    from unnest(${sql.param(names)}::text[]) with ordinality as n(name, k)`);
}

beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server);
  projectId = await newProject(world);
  // A year-old design named exactly like the keyword, one starting with it, then many newer containing it.
  await designsNamed(() => 'Lantern', 1, 525_600);
  await designsNamed(() => 'Lanterns of the old town', 1, 525_000);
  await designsNamed((n) => `Street lantern ${n}`, MANY, 0);
}, 60_000);
afterAll(() => server.close());

it('ranks the equal and the starting names first even behind more matches than it ranks', async () => {
  const hits = await hitsOf(world.member, world, { keyword: 'lantern', type: 'image' });
  expect(labels(hits).slice(0, 3)).toEqual([
    'image:Lantern',
    'image:Lanterns of the old town',
    'image:Street lantern 0',
  ]);
});

it('serves the newest first when sorted by time, and pages through the ranked matches', async () => {
  const first = await hitsOf(world.member, world, { keyword: 'lantern', type: 'image', sort: 'recent' });
  expect(labels(first).slice(0, 2)).toEqual(['image:Street lantern 0', 'image:Street lantern 1']);
  const deep = await hitsOf(world.member, world, {
    keyword: 'lantern',
    type: 'image',
    sort: 'recent',
    pageSize: 50,
    pageNo: SearchLimits.candidatesPerKind / 50,
  });
  expect(deep.at(-1)?.title).toBe(`Street lantern ${SearchLimits.candidatesPerKind - 1}`);
});
