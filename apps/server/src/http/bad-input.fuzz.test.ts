import { randomUUID } from 'node:crypto';
import { Codes } from '@ferry/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ZodType } from 'zod';
import { seedDesigns } from '../modules/sections/stage-fixtures.js';
import { asUser } from '../test/api.js';
import { startTestServer, type TestServer } from '../test/context.js';
import { buildTeam } from '../test/factories.js';
import { apiRoutes, type Route } from '../test/routes.js';

/**
 * Every API route of the real route table, sent values a database column cannot hold: no answer may be
 * a 5xx, and a refused call must leave the team's rows as they were.
 */

/** The shared schemas the handlers parse with, recorded per request, so the fuzz knows each route's fields. */
const seen = vi.hoisted(() => ({ schemas: [] as unknown[] }));
vi.mock('./parse.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./parse.js')>();
  return {
    ...actual,
    parse: <T>(schema: ZodType<T>, input: unknown) => {
      seen.schemas.push(schema);
      return actual.parse(schema, input);
    },
  };
});

const BAD_VALUES: Record<string, unknown> = {
  'a 41-bit integer': 2 ** 40,
  'a negative 41-bit integer': -(2 ** 40),
  '1e300': 1e300,
  'a NUL character': 'a\u0000b',
  'a 10,000-character string': 'x'.repeat(10_000),
  'an array': ['a'],
  'an object': { a: 1 },
};
/** Fields tried on a route whose handler parses no shared schema. */
const COMMON_FIELDS = [
  'order',
  'order_index',
  'name',
  'content',
  'project_id',
  'team_id',
  'id',
  'page',
  'page_size',
];
/** Multipart receivers belong to the upload tests; the socket, the static app and signed file paths take no JSON. */
const SKIPPED = [
  /^\/api\/oss\/upload/,
  /^\/api\/project\/project_cover$/,
  /^\/api\/account\/team_avatar$/,
  /^\/files\//,
  // An Axure export's files: a signed path, answered as the export's own files (modules/documents/reading.test.ts).
  /^\/axure\//,
  /^\/ws$/,
  // The SSO page's address: a page that moves the browser to the web app.
  /^\/sso\/?$/,
  /^\/web\//,
  /^\/$/,
];

function routeTable(text: string): Route[] {
  return apiRoutes(text).filter((route) => !SKIPPED.some((re) => re.test(route.url)));
}

/** The top-level fields of a zod schema, and of the objects inside its arrays (`departments.order_index`). */
function fieldsOf(schema: unknown, withItems = true): string[] {
  const def = defOf(schema);
  if (!def) return [];
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, field]) => [
        key,
        ...(withItems ? arrayItemFields(field).map((inner) => `${key}.${inner}`) : []),
      ]);
    case 'pipe':
      return fieldsOf(def.in, withItems);
    case 'lazy':
      return fieldsOf(def.getter(), withItems);
    case 'union':
      return def.options.flatMap((option: unknown) => fieldsOf(option, withItems));
    default:
      return def.innerType ? fieldsOf(def.innerType, withItems) : [];
  }
}
function arrayItemFields(field: unknown): string[] {
  const def = defOf(field);
  if (!def) return [];
  if (def.type === 'array') return fieldsOf(def.element, false);
  const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
  return inner ? arrayItemFields(inner) : [];
}
const defOf = (schema: unknown): any => (schema as { _zod?: { def: unknown } } | undefined)?._zod?.def;

let server: TestServer;
let base: Record<string, unknown>;
let ownerId: string;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  const team = await buildTeam(server.ctx);
  ownerId = team.owner.id;
  token = team.owner.token;
  const api = asUser(server.app, token);
  const created = async (url: string, body: object) => {
    const answer = await api.post(url, { team_id: team.id, ...body });
    expect(answer.code, `${url}: ${answer.msg}`).toBe('00000');
    return answer.result;
  };
  const project = (await created('/api/project/project_info', {})).id;
  const folder = (await created('/api/project/folder', { name: 'Fuzz' })).id;
  const group = (await created('/api/project/group', { name: 'Fuzz', project_ids: [project] })).id;
  const department = (await created('/api/account/department', { name: 'Fuzz' })).id;
  const sector = (await created('/api/project/sector', { project_id: project, name: 'Fuzz' })).id;
  const design = Object.values(await seedDesigns(server, project, ['one', 'two']));
  base = {
    team_id: team.id,
    project_id: project,
    pid: project,
    target_project_id: project,
    folder_id: folder,
    group_id: group,
    department_id: department,
    sector_id: sector,
    id: sector,
    image_id: design[0],
    image_ids: design,
    images: design,
    project_ids: [project],
    user_id: team.owner.id,
    comment_id: randomUUID(),
    version_id: randomUUID(),
    set_id: randomUUID(),
  };
});
afterAll(() => server.close());

/** Rows of this team's main tables: a refused call must not change any of them. */
async function rowCounts() {
  const ids = sql`(select id from teams where owner_id = ${ownerId})`;
  const projectIds = sql`(select id from projects where team_id in ${ids})`;
  const result = await server.ctx.db.execute(sql`select
    (select count(*) from teams where id in ${ids}) as teams,
    (select count(*) from team_members where team_id in ${ids}) as members,
    (select count(*) from departments where team_id in ${ids}) as departments,
    (select count(*) from projects where team_id in ${ids}) as projects,
    (select count(*) from project_groups where team_id in ${ids}) as groups,
    (select count(*) from folders where team_id in ${ids}) as folders,
    (select count(*) from sectors where project_id in ${projectIds}) as sectors,
    (select count(*) from designs where project_id in ${projectIds}) as designs,
    (select count(*) from comments where project_id in ${projectIds}) as comments`);
  return (result as unknown as { rows: unknown[] }).rows[0];
}

const asQuery = (input: Record<string, unknown>) =>
  Object.entries(input)
    .flatMap(([key, value]) =>
      (Array.isArray(value) ? value : [value])
        .filter((item) => typeof item !== 'object')
        .map((item) => `${encodeURIComponent(key)}=${encodeURIComponent(String(item))}`),
    )
    .join('&');

/** The base ids with one field (or one field of an array's object) set to the bad value. */
function withBad(field: string, bad: unknown): Record<string, unknown> {
  const [outer, inner] = field.split('.');
  if (!inner) return { ...base, [field]: bad };
  return { ...base, [outer]: [{ ...base, [inner]: bad }] };
}

async function send(route: Route, input: Record<string, unknown>) {
  const url = route.url.replace(/:(\w+)/g, (_match, name: string) =>
    encodeURIComponent(String(input[name] ?? base.team_id)),
  );
  const idsOnly = Object.fromEntries(Object.entries(base).filter(([, value]) => typeof value === 'string'));
  const response = await server.app.inject({
    method: route.method as 'GET',
    url: `${url}?${asQuery(route.method === 'GET' ? input : idsOnly)}`,
    headers: {
      'accept-language': 'en-US',
      authorization: `Basic ${Buffer.from(`${token}:`).toString('base64')}`,
    },
    ...(route.method === 'GET' ? {} : { payload: input }),
  });
  const body = response.body ? response.json() : {};
  return { status: response.statusCode, code: body.code as string, msg: body.msg as string };
}

describe('bad input on every route', () => {
  it('answers a code, never a 5xx, and writes nothing when it refuses', async () => {
    // Changes last, so a call that succeeds with the base ids cannot take them away from the others.
    const order = ['GET', 'POST', 'PUT', 'DELETE'];
    const routes = routeTable(server.app.printRoutes()).sort(
      (a, b) => order.indexOf(a.method) - order.indexOf(b.method),
    );
    expect(routes.length).toBeGreaterThan(80);
    const failures: string[] = [];
    let counts = await rowCounts();
    for (const route of routes) {
      seen.schemas.length = 0;
      await send(route, base);
      counts = await rowCounts();
      const fields = [...new Set(seen.schemas.flatMap((schema) => fieldsOf(schema)))];
      const params = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]);
      for (const field of [...(fields.length ? fields : COMMON_FIELDS), ...params]) {
        for (const [label, bad] of Object.entries(BAD_VALUES)) {
          const answer = await send(route, withBad(field, bad));
          const where = `${route.method} ${route.url} with ${field} = ${label}`;
          if (answer.status >= 500 || answer.code === Codes.SYSTEM_BUSY.code) {
            failures.push(`${where}: HTTP ${answer.status} ${answer.code} ${answer.msg}`);
          }
          const after = await rowCounts();
          if (answer.code !== Codes.OK.code && JSON.stringify(after) !== JSON.stringify(counts)) {
            failures.push(`${where}: refused with ${answer.code} but rows changed`);
          }
          counts = after;
        }
      }
    }
    expect(failures).toEqual([]);
    // Every route × field × bad value, a row count after each: minutes on two cores, growing with the routes.
  }, 360_000);
});
