import { Codes, PlanLimits } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { addMember, buildTeam } from '../../test/factories.js';
import { multipartFile } from '../../test/files.js';
import { pngOf } from '../../test/images.js';
import { teams } from '../teams/tables.js';
import { projects } from './tables.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A team on a plan without a project limit, so big lists can be built. */
async function roomyTeam() {
  const team = await buildTeam(server.ctx);
  await server.ctx.db.update(teams).set({ type: 'enterprise' }).where(eq(teams.id, team.id));
  return team;
}

describe('creating projects', () => {
  it('names an unnamed project 未命名, then 未命名1, with order 1, the creator as its admin', async () => {
    const team = await buildTeam(server.ctx);
    const client = asUser(server.app, team.owner.token);
    const first = await client.post('/api/project/project_info', { team_id: team.id, type: 'web' });
    expect(first.result).toMatchObject({
      name: '未命名',
      type: 'web',
      order_index: 1,
      project_role: 'admin',
      folder_id: null,
    });
    expect(first.result.background).toBe('rgba(240,242,245,1)');
    const second = await client.post('/api/project/project_info', { team_id: team.id });
    expect(second.result).toMatchObject({ name: '未命名1', type: 'mobile' });
  });

  it('refuses a taken name, a name with spaces, and a viewer', async () => {
    const team = await buildTeam(server.ctx);
    const viewer = await addMember(server.ctx, team, 'onlooker');
    const client = asUser(server.app, team.owner.token);
    await client.post('/api/project/project_info', { team_id: team.id, name: 'Checkout' });
    expect(
      (await client.post('/api/project/project_info', { team_id: team.id, name: 'Checkout' })).code,
    ).toBe(Codes.PROJECT_NAME_EXISTS.code);
    expect(
      (await client.post('/api/project/project_info', { team_id: team.id, name: 'Check out' })).code,
    ).toBe(Codes.INVALID_INPUT.code);
    const byViewer = await asUser(server.app, viewer.token).post('/api/project/project_info', {
      team_id: team.id,
      name: 'Mine',
    });
    expect(byViewer.code).toBe(Codes.NO_PERMISSION.code);
    const repeated = await client.get(
      `/api/dayu/design/project/check_repeated_name?team_id=${team.id}&name=Checkout`,
    );
    expect(repeated.body.data).toEqual({ repeated: true });
  });

  it('stops at the free plan project limit with the upgrade message, and counts projects in the team entry', async () => {
    const team = await buildTeam(server.ctx);
    const client = asUser(server.app, team.owner.token);
    for (let i = 0; i < PlanLimits[1].projectMax; i++) {
      expect((await client.post('/api/project/project_info', { team_id: team.id, name: `P${i}` })).code).toBe(
        '00000',
      );
    }
    const over = await client.post('/api/project/project_info', { team_id: team.id, name: 'OneMore' });
    expect(over.code).toBe(Codes.PROJECT_COUNT_FULL.code);
    expect(over.msg).toBe('The project count is full, please upgrade');
    const info = await client.get(`/api/account/team_info?team_id=${team.id}`);
    expect(info.result).toMatchObject({
      project_max: PlanLimits[1].projectMax,
      project_curt: PlanLimits[1].projectMax,
    });
  });
});

describe('the project list', () => {
  it('pages 250 projects by has_next with no duplicates or gaps', async () => {
    const team = await roomyTeam();
    const values = Array.from({ length: 250 }, (_, i) => ({
      teamId: team.id,
      name: `Bulk${String(i).padStart(3, '0')}`,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i % 60)),
    }));
    await server.ctx.db.insert(projects).values(values);
    const client = asUser(server.app, team.owner.token);
    const seen: string[] = [];
    let pageNo = 1;
    for (;;) {
      const page = await client.get(
        `/api/account/user_projects?team_id=${team.id}&pageNo=${pageNo}&pageSize=100`,
      );
      expect(page.result.total).toBe(250);
      seen.push(...page.result.list.map((card: { name: string }) => card.name));
      if (!page.result.has_next) break;
      pageNo++;
    }
    expect(pageNo).toBe(3);
    expect(seen).toHaveLength(250);
    expect(new Set(seen).size).toBe(250);
    const byName = await client.get(
      `/api/account/user_projects?team_id=${team.id}&name_order=asc&pageSize=3`,
    );
    expect(byName.result.list.map((card: { name: string }) => card.name)).toEqual([
      'Bulk000',
      'Bulk001',
      'Bulk002',
    ]);
  });

  it('has the tabs: recently used in visit order, recently updated, and mine', async () => {
    const team = await buildTeam(server.ctx);
    const member = await addMember(server.ctx, team, 'member');
    const owner = asUser(server.app, team.owner.token);
    const me = asUser(server.app, member.token);
    const a = (await owner.post('/api/project/project_info', { team_id: team.id, name: 'Alpha' })).result;
    const b = (await owner.post('/api/project/project_info', { team_id: team.id, name: 'Beta' })).result;
    const c = (await me.post('/api/project/project_info', { team_id: team.id, name: 'Gamma' })).result;
    const names = async (tab: string) =>
      (await me.get(`/api/account/user_projects?team_id=${team.id}&tab=${tab}`)).result.list.map(
        (card: { name: string }) => card.name,
      );

    expect(await names('use')).toEqual([]);
    await me.get(`/api/project/project_info?pid=${b.id}`);
    server.advance(1000);
    await me.get(`/api/project/project_info?pid=${a.id}`);
    expect(await names('use')).toEqual(['Alpha', 'Beta']);
    server.advance(1000);
    await owner.put('/api/project/project_info', { team_id: team.id, project_id: b.id, name: 'Beta2' });
    expect((await names('update'))[0]).toBe('Beta2');
    expect(await names('join')).toEqual([c.name]);
    expect((await names('all')).sort()).toEqual(['Alpha', 'Beta2', 'Gamma']);
  });

  it('lists only the projects of one type when asked (the design-specs node shows dsm projects)', async () => {
    const team = await buildTeam(server.ctx);
    const client = asUser(server.app, team.owner.token);
    await client.post('/api/project/project_info', { team_id: team.id, name: 'App', type: 'mobile' });
    await client.post('/api/project/project_info', { team_id: team.id, name: 'Tokens', type: 'dsm' });
    const dsm = await client.get(`/api/account/user_projects?team_id=${team.id}&type=dsm`);
    expect(dsm.result.list.map((card: { name: string }) => card.name)).toEqual(['Tokens']);
    expect(dsm.result.total).toBe(1);
    const all = await client.get(`/api/account/user_projects?team_id=${team.id}`);
    expect(all.result.total).toBe(2);
  });

  it('searches project names by any part, in any script, and finds folders too', async () => {
    const team = await buildTeam(server.ctx);
    const client = asUser(server.app, team.owner.token);
    await client.post('/api/project/project_info', { team_id: team.id, name: '电商首页改版' });
    await client.post('/api/project/project_info', { team_id: team.id, name: 'CheckoutFlow' });
    await client.post('/api/project/folder', { team_id: team.id, name: '首页资料' });
    const zh = await client.get(
      `/api/project/search_project?team_id=${team.id}&keyword=${encodeURIComponent('首页')}`,
    );
    expect(zh.result.projects.map((p: { name: string }) => p.name)).toEqual(['电商首页改版']);
    expect(zh.result.folders.map((f: { name: string }) => f.name)).toEqual(['首页资料']);
    const en = await client.get(`/api/project/search_project?team_id=${team.id}&keyword=kout`);
    expect(en.result.projects.map((p: { name: string }) => p.name)).toEqual(['CheckoutFlow']);
  });
});

describe('changing a project', () => {
  it('reorders by the default order and moves projects into a folder of the same team only', async () => {
    const team = await buildTeam(server.ctx);
    const other = await buildTeam(server.ctx);
    const client = asUser(server.app, team.owner.token);
    const ids = [];
    for (const name of ['One', 'Two', 'Three'])
      ids.push((await client.post('/api/project/project_info', { team_id: team.id, name })).result.id);
    await client.post('/api/project/update_project_order', {
      team_id: team.id,
      project_ids: [ids[2], ids[0], ids[1]],
    });
    const ordered = await client.get(`/api/account/user_projects?team_id=${team.id}&default_order=desc`);
    expect(ordered.result.list.map((card: { name: string }) => card.name)).toEqual(['Three', 'One', 'Two']);

    const folder = (await client.post('/api/project/folder', { team_id: team.id, name: 'Web' })).result;
    expect(
      (
        await client.post('/api/project/move_project', {
          team_id: team.id,
          project_ids: [ids[0]],
          folder_id: folder.id,
        })
      ).code,
    ).toBe('00000');
    const inFolder = await client.get(
      `/api/account/folder_projects?team_id=${team.id}&folder_id=${folder.id}`,
    );
    expect(inFolder.result.list.map((card: { name: string }) => card.name)).toEqual(['One']);
    const foreign = (
      await asUser(server.app, other.owner.token).post('/api/project/folder', {
        team_id: other.id,
        name: 'Theirs',
      })
    ).result;
    const refused = await client.post('/api/project/move_project', {
      team_id: team.id,
      project_ids: [ids[1]],
      folder_id: foreign.id,
    });
    expect(refused.code).toBe(Codes.FOLDER_NOT_FOUND.code);
  });

  it('deletes only when the name is typed exactly', async () => {
    const team = await buildTeam(server.ctx);
    const client = asUser(server.app, team.owner.token);
    const project = (await client.post('/api/project/project_info', { team_id: team.id, name: 'Keep' }))
      .result;
    const wrong = await client.delete('/api/project/project_info', {
      team_id: team.id,
      project_id: project.id,
      p_name: 'keep',
    });
    expect(wrong.code).toBe(Codes.PROJECT_NAME_MISMATCH.code);
    expect(
      (
        await client.delete('/api/project/project_info', {
          team_id: team.id,
          project_id: project.id,
          p_name: 'Keep',
        })
      ).code,
    ).toBe('00000');
    expect((await client.get(`/api/project/project_info?pid=${project.id}&team_id=${team.id}`)).code).toBe(
      Codes.PROJECT_NOT_FOUND.code,
    );
  });

  it('maps a palette colour to its theme and anything else to the default', async () => {
    const team = await buildTeam(server.ctx);
    const client = asUser(server.app, team.owner.token);
    const project = (await client.post('/api/project/project_info', { team_id: team.id, name: 'Paint' }))
      .result;
    const dark = await client.post('/api/project/project_background', {
      team_id: team.id,
      project_id: project.id,
      background: 'rgba(30, 32, 37, 1)',
    });
    expect(dark.result).toMatchObject({ background: 'rgba(30,32,37,1)', theme: 'dark' });
    const odd = await client.post('/api/project/project_background', {
      team_id: team.id,
      project_id: project.id,
      background: '#123456',
    });
    expect(odd.result).toMatchObject({ background: 'rgba(240,242,245,1)', theme: 'default' });
  });

  it('makes an uploaded image a 480×360 cover behind a signed URL', async () => {
    const team = await buildTeam(server.ctx);
    const client = asUser(server.app, team.owner.token);
    const project = (await client.post('/api/project/project_info', { team_id: team.id, name: 'Covered' }))
      .result;
    const upload = multipartFile('file', 'cover.png', 'image/png', await pngOf(1200, 600));
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/project/project_cover?team_id=${team.id}&project_id=${project.id}`,
      headers: {
        ...upload.headers,
        authorization: `Basic ${Buffer.from(`${team.owner.token}:`).toString('base64')}`,
      },
      payload: upload.payload,
    });
    const cover = response.json().result.cover as string;
    expect(cover).toMatch(/^\/files\/project-covers\/.+\?expires=\d+&sig=/);
    const image = await server.app.inject({ method: 'GET', url: cover });
    const { default: sharp } = await import('sharp');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({
      width: 480,
      height: 360,
      format: 'png',
    });
  });
});
