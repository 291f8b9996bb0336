import { Codes } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { addMember, buildTeam } from '../../test/factories.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const names = (list: { name: string }[]) => list.map((department) => department.name);

describe('departments', () => {
  it('creates with the default name and order, refuses a taken name, and lists ungrouped last', async () => {
    const team = await buildTeam(server.ctx);
    const owner = asUser(server.app, team.owner.token, 'zh-CN');
    const created = await owner.post('/api/account/department', { team_id: team.id });
    expect(created.result).toMatchObject({ name: '新部门', order_index: 0 });
    const taken = await owner.post('/api/account/department', { team_id: team.id });
    expect(taken.code).toBe(Codes.DEPARTMENT_NAME_EXISTS.code);
    expect(taken.msg).toBe('部门名称已存在');
    await owner.post('/api/account/department', { team_id: team.id, name: 'Design', order_index: -1 });

    const list = await owner.get(`/api/account/department?team_id=${team.id}`);
    expect(names(list.result)).toEqual(['Design', '新部门', '未分组']);
    expect(list.result[2]).toMatchObject({
      id: 'ungrouped',
      type: 'ungrouped',
      order_index: -999,
      user_count: 1,
    });
  });

  it('renames, reorders and moves members in and out in one call', async () => {
    const team = await buildTeam(server.ctx);
    const [ana, ben] = [
      await addMember(server.ctx, team, 'member'),
      await addMember(server.ctx, team, 'member'),
    ];
    const owner = asUser(server.app, team.owner.token);
    const design = (await owner.post('/api/account/department', { team_id: team.id, name: 'Design' })).result;
    const build = (
      await owner.post('/api/account/department', { team_id: team.id, name: 'Build', order_index: 1 })
    ).result;

    const moved = await owner.put('/api/account/department', {
      team_id: team.id,
      departments: [
        { department_id: design.id, name: 'Product-Design', order_index: 2, add_users: [ana.id, ben.id] },
        { department_id: build.id, order_index: 0 },
      ],
    });
    expect(names(moved.result)).toEqual(['Build', 'Product-Design', '未分组']);
    expect(moved.result[1].users.map((user: { user_id: string }) => user.user_id).sort()).toEqual(
      [ana.id, ben.id].sort(),
    );

    // Moving into another department takes the member out of the first.
    await owner.put('/api/account/department', {
      team_id: team.id,
      departments: [{ department_id: build.id, add_users: [ben.id] }],
    });
    const out = await owner.put('/api/account/department', {
      team_id: team.id,
      departments: [{ department_id: design.id, rm_users: [ana.id] }],
    });
    expect(
      out.result
        .find((d: { id: string }) => d.id === build.id)
        .users.map((u: { user_id: string }) => u.user_id),
    ).toEqual([ben.id]);
    expect(out.result.find((d: { id: string }) => d.id === design.id).user_count).toBe(0);
    const members = await owner.get(`/api/account/team_users?team_id=${team.id}&department_id=${build.id}`);
    expect(members.result.list.map((m: { department: { name: string } }) => m.department.name)).toEqual([
      'Build',
    ]);
  });

  it('changes nothing when one entry of a batch is wrong', async () => {
    const team = await buildTeam(server.ctx);
    const member = await addMember(server.ctx, team, 'member');
    const owner = asUser(server.app, team.owner.token);
    const design = (await owner.post('/api/account/department', { team_id: team.id, name: 'Design' })).result;
    const answer = await owner.put('/api/account/department', {
      team_id: team.id,
      departments: [
        { department_id: design.id, name: 'Renamed', add_users: [member.id] },
        { department_id: crypto.randomUUID(), name: 'Ghost' },
      ],
    });
    expect(answer.code).toBe(Codes.DEPARTMENT_NOT_FOUND.code);
    const list = await owner.get(`/api/account/department?team_id=${team.id}`);
    expect(names(list.result)).toEqual(['Design', '未分组']);
    expect(list.result[0].user_count).toBe(0);
  });

  it('refuses moving someone who is not in the team', async () => {
    const team = await buildTeam(server.ctx);
    const stranger = await buildTeam(server.ctx);
    const owner = asUser(server.app, team.owner.token);
    const design = (await owner.post('/api/account/department', { team_id: team.id, name: 'Design' })).result;
    const answer = await owner.put('/api/account/department', {
      team_id: team.id,
      departments: [{ department_id: design.id, add_users: [stranger.owner.id] }],
    });
    expect(answer.code).toBe(Codes.NOT_FOUND.code);
  });

  it('deletes a department, sending its members back to ungrouped; a failed delete is HTTP 400', async () => {
    const team = await buildTeam(server.ctx);
    const member = await addMember(server.ctx, team, 'member');
    const owner = asUser(server.app, team.owner.token);
    const design = (await owner.post('/api/account/department', { team_id: team.id, name: 'Design' })).result;
    await owner.put('/api/account/department', {
      team_id: team.id,
      departments: [{ department_id: design.id, add_users: [member.id] }],
    });
    expect(
      (await owner.delete('/api/account/department', { team_id: team.id, department_id: design.id })).code,
    ).toBe('00000');
    const list = await owner.get(`/api/account/department?team_id=${team.id}`);
    expect(list.result).toHaveLength(1);
    expect(list.result[0].user_count).toBe(2);

    const again = await owner.delete('/api/account/department', {
      team_id: team.id,
      department_id: design.id,
    });
    expect(again.status).toBe(400);
    expect(again.code).toBe(Codes.DEPARTMENT_NOT_FOUND.code);
    const byMember = await asUser(server.app, member.token).delete('/api/account/department', {
      team_id: team.id,
      department_id: design.id,
    });
    expect(byMember.status).toBe(400);
    expect(byMember.code).toBe(Codes.ADMIN_ONLY.code);
  });

  it('answers 10073 for one department that does not exist', async () => {
    const team = await buildTeam(server.ctx);
    const answer = await asUser(server.app, team.owner.token).get(
      `/api/account/department?team_id=${team.id}&department_id=${crypto.randomUUID()}`,
    );
    expect(answer.code).toBe(Codes.DEPARTMENT_NOT_FOUND.code);
  });
});
