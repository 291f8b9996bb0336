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

async function projectOf(
  team: Awaited<ReturnType<typeof buildTeam>>,
  name: string,
  creatorToken = team.owner.token,
) {
  const answer = await asUser(server.app, creatorToken).post('/api/project/project_info', {
    team_id: team.id,
    name,
  });
  return answer.result.id as string;
}

describe('project members', () => {
  it('in mode B lets the project admin manage: adds team members, changes roles below their own, removes', async () => {
    const team = await buildTeam(server.ctx);
    const lead = await addMember(server.ctx, team, 'member');
    const dev = await addMember(server.ctx, team, 'member');
    const projectId = await projectOf(team, 'Shop', lead.token);
    const asLead = asUser(server.app, lead.token);
    const ref = { team_id: team.id, project_id: projectId };
    // In mode A only the team role counts, so the creator (a team member) cannot manage yet.
    expect((await asLead.post('/api/project/project_user', { ...ref, user_ids: [dev.id] })).code).toBe(
      Codes.NO_PERMISSION.code,
    );
    await asUser(server.app, team.owner.token).put('/api/project/project_info', {
      ...ref,
      permission_mode: 'B',
    });

    const before = await asLead.get(`/api/project/project_user?team_id=${team.id}&project_id=${projectId}`);
    expect(
      before.result.map((m: { user_id: string; project_role: string; automatic: boolean }) => [
        m.user_id,
        m.project_role,
        m.automatic,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [team.owner.id, 'admin', true],
        [lead.id, 'admin', false],
      ]),
    );
    const added = await asLead.post('/api/project/project_user', {
      ...ref,
      user_ids: [dev.id],
      role: 'onlooker',
    });
    expect(added.result.find((m: { user_id: string }) => m.user_id === dev.id)).toMatchObject({
      project_role: 'onlooker',
      abilities: { can_change_role: true, can_remove: true },
    });
    expect((await asLead.put('/api/project/role', { ...ref, user_id: dev.id, code: 'member' })).code).toBe(
      '00000',
    );
    expect((await asLead.put('/api/project/role', { ...ref, user_id: dev.id, code: 'admin' })).code).toBe(
      Codes.NO_PERMISSION.code,
    );
    expect((await asLead.put('/api/project/role', { ...ref, user_id: lead.id, code: 'member' })).code).toBe(
      Codes.NO_PERMISSION.code,
    );
    expect((await asLead.delete('/api/project/project_user', { ...ref, user_id: team.owner.id })).code).toBe(
      Codes.NOT_FOUND.code,
    );
    expect((await asLead.delete('/api/project/project_user', { ...ref, user_id: dev.id })).code).toBe(
      '00000',
    );
    const names = await asLead.get(
      `/api/account/project_usernames?team_id=${team.id}&project_id=${projectId}`,
    );
    expect(names.result.map((m: { user_id: string }) => m.user_id).sort()).toEqual(
      [team.owner.id, lead.id].sort(),
    );
  });

  it('adds only members of the team', async () => {
    const team = await buildTeam(server.ctx);
    const stranger = await buildTeam(server.ctx);
    const projectId = await projectOf(team, 'Closed');
    const answer = await asUser(server.app, team.owner.token).post('/api/project/project_user', {
      team_id: team.id,
      project_id: projectId,
      user_ids: [stranger.owner.id],
    });
    expect(answer.code).toBe(Codes.NOT_FOUND.code);
  });

  it('in mode B shows the project only to its members, with HTTP 418 for the others', async () => {
    const team = await buildTeam(server.ctx);
    const insider = await addMember(server.ctx, team, 'member');
    const outsider = await addMember(server.ctx, team, 'admin');
    const projectId = await projectOf(team, 'Private');
    const owner = asUser(server.app, team.owner.token);
    await owner.put('/api/project/project_info', {
      team_id: team.id,
      project_id: projectId,
      permission_mode: 'B',
    });
    await owner.post('/api/project/project_user', {
      team_id: team.id,
      project_id: projectId,
      user_ids: [insider.id],
      role: 'onlooker',
    });

    const seen = await asUser(server.app, insider.token).get(`/api/project/project_info?pid=${projectId}`);
    expect(seen.result.abilities).toEqual({
      can_view: true,
      can_edit: false,
      can_manage: false,
      can_delete: false,
    });
    const hidden = await asUser(server.app, outsider.token).get(`/api/project/project_info?pid=${projectId}`);
    expect(hidden.status).toBe(418);
    expect(hidden.msg).toBe('No permission to access this project');
    const visit = await asUser(server.app, outsider.token).get(
      `/api/account/user/can/visit?team_id=${team.id}&project_id=${projectId}`,
    );
    expect(visit.result).toEqual({ can_visit: 0 });
    const list = await asUser(server.app, outsider.token).get(
      `/api/account/user_projects?team_id=${team.id}`,
    );
    expect(list.result.list).toEqual([]);
  });

  it('lets an added member quit, and leaving the team leaves its projects', async () => {
    const team = await buildTeam(server.ctx);
    const member = await addMember(server.ctx, team, 'member');
    const a = await projectOf(team, 'QuitMe');
    const b = await projectOf(team, 'StayIn');
    const owner = asUser(server.app, team.owner.token);
    for (const projectId of [a, b]) {
      await owner.post('/api/project/project_user', {
        team_id: team.id,
        project_id: projectId,
        user_ids: [member.id],
      });
    }
    const me = asUser(server.app, member.token);
    expect((await me.post('/api/project/quit_project', { team_id: team.id, project_id: a })).code).toBe(
      '00000',
    );
    expect(
      (await me.get(`/api/account/user_projects?team_id=${team.id}&tab=join`)).result.list.map(
        (p: { name: string }) => p.name,
      ),
    ).toEqual(['StayIn']);
    await me.post('/api/account/exit_team', { team_id: team.id });
    const members = await owner.get(`/api/project/project_user?team_id=${team.id}&project_id=${b}`);
    expect(members.result.map((m: { user_id: string }) => m.user_id)).not.toContain(member.id);
  });
});

describe('project groups', () => {
  it('creates, refuses a duplicate name with 10062, adds and removes projects, deletes', async () => {
    const team = await buildTeam(server.ctx);
    const client = asUser(server.app, team.owner.token, 'zh-CN');
    const a = await projectOf(team, 'GA');
    const b = await projectOf(team, 'GB');
    const group = (
      await client.post('/api/project/group', { team_id: team.id, name: 'Q3', project_ids: [a] })
    ).result;
    expect(group).toMatchObject({ name: 'Q3', project_ids: [a] });
    const duplicate = await client.post('/api/project/group', { team_id: team.id, name: 'Q3' });
    expect(duplicate.code).toBe(Codes.PROJECT_GROUP_EXISTS.code);
    expect(duplicate.msg).toBe('同名分组已存在');
    const updated = await client.put('/api/project/group', {
      team_id: team.id,
      group_id: group.id,
      add_projects: [b],
      rm_projects: [a],
    });
    expect(updated.result.project_ids).toEqual([b]);
    const listed = await client.get(`/api/account/user_projects?team_id=${team.id}&group_id=${group.id}`);
    expect(listed.result.list.map((p: { name: string }) => p.name)).toEqual(['GB']);
    expect((await client.delete('/api/project/group', { team_id: team.id, group_id: group.id })).code).toBe(
      '00000',
    );
    expect((await client.get(`/api/project/group?team_id=${team.id}`)).result).toEqual([]);
  });

  it("refuses another team's project in a group", async () => {
    const team = await buildTeam(server.ctx);
    const other = await buildTeam(server.ctx);
    const theirs = await projectOf(other, 'Theirs');
    const answer = await asUser(server.app, team.owner.token).post('/api/project/group', {
      team_id: team.id,
      name: 'Mixed',
      project_ids: [theirs],
    });
    expect(answer.code).toBe(Codes.PROJECT_NOT_FOUND.code);
  });

  it('keeps chosen downloaders only when they are members of the team', async () => {
    const team = await buildTeam(server.ctx);
    const member = await addMember(server.ctx, team, 'member');
    const stranger = (await buildTeam(server.ctx)).owner;
    const projectId = await projectOf(team, 'Docs');
    const owner = asUser(server.app, team.owner.token);
    const path = '/api/dayu/design/project/doc_download_setting';
    const chosen = await owner.put(path, {
      project_id: projectId,
      download_type: 'specified',
      user_ids: [member.id, member.id],
    });
    expect(chosen.result).toEqual({
      project_id: projectId,
      download_type: 'specified',
      user_ids: [member.id],
    });

    for (const userIds of [[member.id, stranger.id], ['not-a-user']]) {
      const refused = await owner.put(path, {
        project_id: projectId,
        download_type: 'specified',
        user_ids: userIds,
      });
      expect(refused.code).toBe(Codes.NOT_FOUND.code);
    }
    expect((await owner.get(`${path}?project_id=${projectId}`)).result.user_ids).toEqual([member.id]);
  });
});
