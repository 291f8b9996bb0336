import { Codes } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { addMember, buildTeam, buildUser } from '../../test/factories.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('team creation', () => {
  it('makes the creator its super admin and lists it among the user teams', async () => {
    const user = await buildUser(server.ctx);
    const client = asUser(server.app, user.token);
    const created = await client.post('/api/account/team', { name: 'Design-Guild' });
    expect(created.code).toBe('00000');
    expect(created.result).toMatchObject({
      name: 'Design-Guild',
      role: { type: 'superadmin' },
      member_count: 1,
    });
    expect(created.result.abilities).toEqual({
      can_rename: true,
      can_manage_members: true,
      can_dissolve: true,
    });
    const second = await client.post('/api/account/team', { name: 'Second' });
    const list = await client.get('/api/account/user_teams');
    expect(list.result.map((team: { id: string }) => team.id)).toEqual([created.result.id, second.result.id]);
  });

  it.each([
    ['', 'The name cannot be empty'],
    ['two words', 'The name must not contain spaces'],
    ['x'.repeat(51), 'The name must be at most 50 characters'],
  ])('refuses the name %j', async (name, message) => {
    const user = await buildUser(server.ctx);
    const answer = await asUser(server.app, user.token).post('/api/account/team', { name });
    expect(answer.code).toBe(Codes.INVALID_INPUT.code);
    expect(answer.msg).toBe(message);
    expect((await asUser(server.app, user.token).get('/api/account/user_teams')).result).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await asUser(server.app).post('/api/account/team', { name: 'Nope' })).status).toBe(401);
  });
});

describe('team info', () => {
  it('shows a team to its members with their own role, and the members on request', async () => {
    const team = await buildTeam(server.ctx);
    const viewer = await addMember(server.ctx, team, 'onlooker');
    const answer = await asUser(server.app, viewer.token).get(`/api/account/team/${team.id}?member_info=1`);
    expect(answer.result).toMatchObject({ id: team.id, role: { type: 'onlooker' }, member_count: 2 });
    expect(answer.result.abilities.can_rename).toBe(false);
    expect(answer.result.members.map((member: { id: string }) => member.id).sort()).toEqual(
      [team.owner.id, viewer.id].sort(),
    );
  });

  it("answers another team's id, or a made-up id, as a team that does not exist", async () => {
    const mine = await buildTeam(server.ctx);
    const theirs = await buildTeam(server.ctx);
    const client = asUser(server.app, mine.owner.token);
    expect((await client.get(`/api/account/team/${theirs.id}`)).code).toBe(Codes.TEAM_NOT_FOUND.code);
    expect((await client.get('/api/account/team/not-a-uuid')).code).toBe(Codes.TEAM_NOT_FOUND.code);
    expect((await client.get(`/api/account/team_info?team_id=${theirs.id}`)).code).toBe(
      Codes.TEAM_NOT_FOUND.code,
    );
  });

  it('lets admins rename the team, and refuses members, viewers and strangers', async () => {
    const team = await buildTeam(server.ctx);
    const admin = await addMember(server.ctx, team, 'admin');
    const member = await addMember(server.ctx, team, 'member');
    const viewer = await addMember(server.ctx, team, 'onlooker');
    const stranger = await buildUser(server.ctx);

    const renamed = await asUser(server.app, admin.token).put('/api/account/team_info', {
      team_id: team.id,
      name: 'Renamed',
    });
    expect(renamed.result.name).toBe('Renamed');
    for (const user of [member, viewer]) {
      const refused = await asUser(server.app, user.token).put('/api/account/team_info', {
        team_id: team.id,
        name: 'Mine',
      });
      expect(refused.code).toBe(Codes.ADMIN_ONLY.code);
      expect(refused.msg).toBe('Only administrators or above may do this');
    }
    const foreign = await asUser(server.app, stranger.token).put('/api/account/team_info', {
      team_id: team.id,
      name: 'Mine',
    });
    expect(foreign.code).toBe(Codes.TEAM_NOT_FOUND.code);
    expect(
      (await asUser(server.app, team.owner.token).get(`/api/account/team_info?team_id=${team.id}`)).result
        .name,
    ).toBe('Renamed');
  });
});
