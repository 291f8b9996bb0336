import { Codes, NICKNAME_CHANGE_INTERVAL_MS } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { addMember, buildTeam, buildUser } from '../../test/factories.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('the member list', () => {
  it('pages by 10, searches name, e-mail and nickname, and tells the caller what they may do', async () => {
    const team = await buildTeam(server.ctx);
    const admin = await addMember(server.ctx, team, 'admin');
    for (let i = 0; i < 11; i++) await addMember(server.ctx, team, 'member');
    const marked = await addMember(
      server.ctx,
      team,
      'onlooker',
      await buildUser(server.ctx, { name: 'Zelda' }),
    );
    const client = asUser(server.app, admin.token);

    const first = await client.get(`/api/account/team_users?team_id=${team.id}`);
    expect(first.result).toMatchObject({ total: 14, page_num: 1, page_size: 10, has_next: true });
    expect(first.result.list).toHaveLength(10);
    expect(first.result.list[0]).toMatchObject({ user_id: team.owner.id, role: { type: 'superadmin' } });
    const second = await client.get(`/api/account/team_users?team_id=${team.id}&page_num=2`);
    expect(second.result.list).toHaveLength(4);
    expect(second.result.has_next).toBe(false);

    const found = await client.get(`/api/account/team_users?team_id=${team.id}&keyword=zel`);
    expect(found.result.list.map((m: { user_id: string }) => m.user_id)).toEqual([marked.id]);
    const row = found.result.list[0];
    expect(row.abilities).toEqual({
      can_change_role: true,
      can_remove: true,
      assignable_roles: ['member', 'onlooker'],
      can_set_nickname: true,
    });
    const owner = first.result.list[0];
    expect(owner.abilities).toMatchObject({
      can_change_role: false,
      can_remove: false,
      assignable_roles: [],
    });
  });

  it('treats % and _ in a keyword as plain characters', async () => {
    const team = await buildTeam(server.ctx);
    const answer = await asUser(server.app, team.owner.token).get(
      `/api/account/team_users?team_id=${team.id}&keyword=%25`,
    );
    expect(answer.result.total).toBe(0);
  });
});

describe('roles', () => {
  it('lets an admin move a member between member and viewer, but never up to admin', async () => {
    const team = await buildTeam(server.ctx);
    const admin = await addMember(server.ctx, team, 'admin');
    const member = await addMember(server.ctx, team, 'member');
    const client = asUser(server.app, admin.token);
    const change = (role: string) =>
      client.put('/api/account/team_user_role', { team_id: team.id, user_id: member.id, role });
    expect((await change('onlooker')).code).toBe('00000');
    expect(
      (await asUser(server.app, member.token).get(`/api/account/user_team_role?team_id=${team.id}`)).result,
    ).toEqual({
      role_type: 'onlooker',
      role_name: 'Viewer',
    });
    expect((await change('admin')).code).toBe(Codes.NO_PERMISSION.code);
    expect((await change('superadmin')).code).toBe(Codes.INVALID_INPUT.code);
  });

  it('lets the super admin make admins, and nobody change their own role or a peer', async () => {
    const team = await buildTeam(server.ctx);
    const first = await addMember(server.ctx, team, 'admin');
    const second = await addMember(server.ctx, team, 'admin');
    const member = await addMember(server.ctx, team, 'member');
    const owner = asUser(server.app, team.owner.token);
    expect(
      (
        await owner.put('/api/account/team_user_role', {
          team_id: team.id,
          user_id: member.id,
          role: 'admin',
        })
      ).code,
    ).toBe('00000');
    const peer = await asUser(server.app, first.token).put('/api/account/team_user_role', {
      team_id: team.id,
      user_id: second.id,
      role: 'member',
    });
    expect(peer.code).toBe(Codes.NO_PERMISSION.code);
    const self = await asUser(server.app, first.token).put('/api/account/team_user_role', {
      team_id: team.id,
      user_id: first.id,
      role: 'member',
    });
    expect(self.code).toBe(Codes.NO_PERMISSION.code);
  });
});

describe('removing members', () => {
  it('removes a lower rank; the removed user hears it on their next call and loses the team', async () => {
    const team = await buildTeam(server.ctx);
    const admin = await addMember(server.ctx, team, 'admin');
    const viewer = await addMember(server.ctx, team, 'onlooker');
    const removed = await asUser(server.app, admin.token).delete('/api/account/remove_member', {
      team_id: team.id,
      user_id: viewer.id,
    });
    expect(removed.code).toBe('00000');
    const next = await asUser(server.app, viewer.token).get(`/api/account/team_info?team_id=${team.id}`);
    expect(next.code).toBe(Codes.REMOVED_FROM_TEAM.code);
    expect(next.msg).toBe('You were removed from the team');
    expect((await asUser(server.app, viewer.token).get('/api/account/user_teams')).result).toEqual([]);
  });

  it('refuses removing yourself, a peer or a higher rank, with the spec wording', async () => {
    const team = await buildTeam(server.ctx);
    const admin = await addMember(server.ctx, team, 'admin');
    const other = await addMember(server.ctx, team, 'admin');
    const member = await addMember(server.ctx, team, 'member');
    const viewer = await addMember(server.ctx, team, 'onlooker');
    const remove = (actor: { token: string }, userId: string) =>
      asUser(server.app, actor.token).delete('/api/account/remove_member', {
        team_id: team.id,
        user_id: userId,
      });
    const self = await remove(team.owner, team.owner.id);
    expect(self.code).toBe(Codes.NO_PERMISSION.code);
    expect(self.msg).toBe("You don't have this permission, please contact your team owner");
    expect((await remove(admin, other.id)).code).toBe(Codes.NO_PERMISSION.code);
    expect((await remove(admin, team.owner.id)).code).toBe(Codes.NO_PERMISSION.code);
    expect((await remove(member, viewer.id)).code).toBe(Codes.ADMIN_ONLY.code);
    const list = await asUser(server.app, team.owner.token).get(`/api/account/team_users?team_id=${team.id}`);
    expect(list.result.total).toBe(5);
  });
});

describe('team nicknames', () => {
  it('sets your own nickname once a day, shows it in the remark table, and answers 60001 within 24 h', async () => {
    const team = await buildTeam(server.ctx);
    const member = await addMember(server.ctx, team, 'member');
    const client = asUser(server.app, member.token, 'zh-CN');
    const set = (nickname: string) =>
      client.put('/api/account/team_settings', { team_id: team.id, user_id: member.id, nickname });
    expect((await set('小明')).result).toEqual({ nickname: '小明' });
    expect((await client.get(`/api/account/user_in_team_nickname?team_id=${team.id}`)).result).toEqual({
      nickname: '小明',
    });
    const table = await asUser(server.app, team.owner.token).get(
      `/api/account/team_settings?team_id=${team.id}`,
    );
    expect(table.result.remark_table).toEqual({ [member.id]: '小明' });

    const again = await set('小红');
    expect(again.code).toBe(Codes.NICKNAME_TOO_FREQUENT.code);
    expect(again.msg).toBe('修改过于频率，请 24 小时后再尝试');
    server.advance(NICKNAME_CHANGE_INTERVAL_MS + 1000);
    expect((await set('小红')).code).toBe('00000');
  });

  it("lets an admin set a lower rank's nickname but not a member set someone else's", async () => {
    const team = await buildTeam(server.ctx);
    const admin = await addMember(server.ctx, team, 'admin');
    const member = await addMember(server.ctx, team, 'member');
    const viewer = await addMember(server.ctx, team, 'onlooker');
    const byAdmin = await asUser(server.app, admin.token).put('/api/account/team_settings', {
      team_id: team.id,
      user_id: viewer.id,
      nickname: 'Guest',
    });
    expect(byAdmin.code).toBe('00000');
    const byMember = await asUser(server.app, member.token).put('/api/account/team_settings', {
      team_id: team.id,
      user_id: viewer.id,
      nickname: 'Nope',
    });
    expect(byMember.code).toBe(Codes.NO_PERMISSION.code);
  });
});
