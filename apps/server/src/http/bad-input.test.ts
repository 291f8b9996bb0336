import { Codes, Int32, ruleMessages } from '@ferry/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { designs } from '../modules/designs/tables.js';
import { folders } from '../modules/folders/tables.js';
import { projectGroups, projects } from '../modules/projects/tables.js';
import { seedDesigns } from '../modules/sections/stage-fixtures.js';
import { sectors } from '../modules/sections/tables.js';
import { departments } from '../modules/teams/tables.js';
import { asUser } from '../test/api.js';
import { startTestServer, type TestServer } from '../test/context.js';
import { type BuiltTeam, buildTeam } from '../test/factories.js';

/** Values no column holds answer 19001 with the rule's wording, and leave the rows as they were. */

let server: TestServer;
let team: BuiltTeam;
let api: ReturnType<typeof asUser>;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  team = await buildTeam(server.ctx);
  api = asUser(server.app, team.owner.token);
  projectId = (await api.post('/api/project/project_info', { team_id: team.id })).result.id;
});
afterAll(() => server.close());

const TOO_BIG = [2 ** 40, -(2 ** 40), Int32.max + 1, Int32.min - 1];
const numberRange = ruleMessages['number.range'];
const controlChars = ruleMessages['text.control'];

function expectRefused(answer: { status: number; code: string; msg: string }, wording: { en: string }) {
  expect(answer.status).toBe(200);
  expect(answer.code).toBe(Codes.INVALID_INPUT.code);
  expect(answer.msg).toBe(wording.en);
}

describe('orders beyond a PostgreSQL integer', () => {
  it('refuses a group order out of range and keeps the stored one; the largest integer is kept', async () => {
    const group = (await api.post('/api/project/group', { team_id: team.id, name: 'Order' })).result;
    const stored = async () =>
      (await server.ctx.db.select().from(projectGroups).where(eq(projectGroups.id, group.id)))[0].orderIndex;
    const before = await stored();
    for (const order of TOO_BIG) {
      expectRefused(
        await api.put('/api/project/group', { team_id: team.id, group_id: group.id, order }),
        numberRange,
      );
    }
    expect(await stored()).toBe(before);
    const largest = await api.put('/api/project/group', {
      team_id: team.id,
      group_id: group.id,
      order: Int32.max,
    });
    expect(largest.code, largest.msg).toBe(Codes.OK.code);
    expect(await stored()).toBe(Int32.max);
  });

  it('refuses a section order out of range, on creation and on update, and writes no section', async () => {
    const count = async () =>
      (await server.ctx.db.select().from(sectors).where(eq(sectors.projectId, projectId))).length;
    const made = await api.post('/api/project/sector', { project_id: projectId, name: 'Kept' });
    expect(made.code, made.msg).toBe(Codes.OK.code);
    const before = await count();
    for (const order of TOO_BIG) {
      expectRefused(
        await api.post('/api/project/sector', { project_id: projectId, name: 'New', order }),
        numberRange,
      );
      expectRefused(
        await api.put('/api/project/sector', { project_id: projectId, id: made.result.sector.id, order }),
        numberRange,
      );
    }
    expect(await count()).toBe(before);
  });

  it('refuses a department order_index out of range, new or changed, and writes no department', async () => {
    const count = async () =>
      (await server.ctx.db.select().from(departments).where(eq(departments.teamId, team.id))).length;
    const made = (await api.post('/api/account/department', { team_id: team.id, name: 'Kept' })).result;
    const before = await count();
    for (const order_index of TOO_BIG) {
      expectRefused(
        await api.post('/api/account/department', { team_id: team.id, name: 'New', order_index }),
        numberRange,
      );
      const changed = await api.put('/api/account/department', {
        team_id: team.id,
        departments: [{ department_id: made.id, name: 'Renamed', order_index }],
      });
      expectRefused(changed, numberRange);
    }
    expect(await count()).toBe(before);
    const [kept] = await server.ctx.db.select().from(departments).where(eq(departments.id, made.id));
    expect(kept.name).toBe('Kept');
  });

  it("refuses a design's order and a new project's order_index out of range", async () => {
    const [design] = Object.values(await seedDesigns(server, projectId, ['Order me']));
    const projectCount = async () =>
      (await server.ctx.db.select().from(projects).where(eq(projects.teamId, team.id))).length;
    const before = await projectCount();
    for (const order of TOO_BIG) {
      const renamed = await api.put('/api/project/image', {
        project_id: projectId,
        images: [{ image_id: design, name: 'Renamed', order }],
      });
      expectRefused(renamed, numberRange);
      expectRefused(
        await api.post('/api/project/project_info', { team_id: team.id, order_index: order }),
        numberRange,
      );
    }
    const [row] = await server.ctx.db.select().from(designs).where(eq(designs.id, design));
    expect(row.name).toBe('Order me');
    expect(await projectCount()).toBe(before);
  });
});

describe('NUL and other control characters', () => {
  it('refuses them in names through the shared schema, in either language', async () => {
    const count = async () =>
      (await server.ctx.db.select().from(folders).where(eq(folders.teamId, team.id))).length;
    const before = await count();
    expectRefused(
      await api.post('/api/project/folder', { team_id: team.id, name: 'a\u0000b' }),
      controlChars,
    );
    expectRefused(
      await api.post('/api/project/folder', { team_id: team.id, name: 'bell\u0007' }),
      controlChars,
    );
    const zh = await asUser(server.app, team.owner.token, 'zh-CN').post('/api/project/group', {
      team_id: team.id,
      name: 'a\u0000b',
    });
    expect(zh.code).toBe(Codes.INVALID_INPUT.code);
    expect(zh.msg).toBe(controlChars.zh);
    expect(await count()).toBe(before);
  });

  it('refuses NUL in any field, route parameter or key, also where a handler reads the field itself', async () => {
    const nul = encodeURIComponent('a\u0000b');
    const searched = await api.get(`/api/project/search_folder?team_id=${team.id}&keyword=${nul}`);
    expectRefused(searched, controlChars);
    expect(searched.result).toEqual({ field: 'keyword' });
    expectRefused(await api.get(`/api/account/team/${nul}`), controlChars);
    const settings = await api.put('/api/account/user_settings', { 'web\u0000main': '{}' });
    expectRefused(settings, controlChars);
    expectRefused(
      await api.put('/api/account/user_settings', { web_main: { nested: ['ok', 'a\u0000b'] } }),
      controlChars,
    );
  });
});

describe('the error handler', () => {
  it('answers a value the database refuses as 19001, not as a server error', async () => {
    const app = await buildApp(server.ctx);
    app.get('/api/test/out-of-range', async () => server.ctx.db.execute(sql`select ${2 ** 40}::integer`));
    app.get('/api/test/nul', async () => server.ctx.db.execute(sql`select ${'a\u0000b'}::text`));
    app.get('/api/test/broken', async () => server.ctx.db.execute(sql`select * from no_such_table`));
    await app.ready();
    try {
      const client = asUser(app, team.owner.token);
      for (const url of ['/api/test/out-of-range', '/api/test/nul']) {
        const answer = await client.get(url);
        expect(answer.status, url).toBe(200);
        expect(answer.code, url).toBe(Codes.INVALID_INPUT.code);
        expect(answer.msg, url).toBe('Invalid input: a value is out of range or not in a valid form');
      }
      const zh = await asUser(app, team.owner.token, 'zh-CN').get('/api/test/out-of-range');
      expect(zh.msg).toBe('参数错误：某个值超出了允许的范围或格式');
      // Anything else stays a server error: only data exceptions are the caller's.
      const broken = await client.get('/api/test/broken');
      expect(broken.status).toBe(500);
      expect(broken.code).toBe(Codes.SYSTEM_BUSY.code);
    } finally {
      await app.close();
    }
  });
});
