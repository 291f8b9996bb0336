import { Codes, type MessageView, NOTICE_METHODS } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { addMember, type BuiltUser, buildTeam, buildUser } from '../../test/factories.js';
import { TestSocket } from '../../test/sockets.js';
import { newProject } from '../sections/stage-fixtures.js';
import { noticeActions } from './tables.js';

/** The message centre's additions: what a reconnecting client missed, unread counts, the log, templates. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const as = (user: BuiltUser, lang?: string) => asUser(server.app, user.token, lang);
const OK = '00000';

async function inbox(user: BuiltUser, query = '', lang?: string) {
  const answer = await as(user, lang).get(`/api/msg_center/messages?${query}`);
  expect(answer.code, answer.msg).toBe(OK);
  return answer.body.data as { list: MessageView[]; has_next: boolean; unread: number };
}

async function teamWithMember() {
  const owner = await buildUser(server.ctx, { name: 'Maximilian Owner' });
  const team = await buildTeam(server.ctx, { owner, name: 'Harbour' });
  const member = await addMember(server.ctx, team, 'member');
  return { team, owner, member };
}

const setRole = (actor: BuiltUser, teamId: string, userId: string, role: string) =>
  as(actor).put('/api/account/team_user_role', { team_id: teamId, user_id: userId, role });

describe('catching up after a reconnect', () => {
  it('a client that was offline fetches exactly what it missed with `since`', async () => {
    const { team, owner, member } = await teamWithMember();
    const url = await server.listen();
    const socket = await TestSocket.signedIn(url, member.token);
    await setRole(owner, team.id, member.id, 'admin');
    await socket.event('changeTeamJurisdiction');
    const lastSeen = (await inbox(member)).list[0].create_time;
    socket.close();
    await socket.closed;

    server.advance(1000);
    await setRole(owner, team.id, member.id, 'onlooker');
    server.advance(1000);
    await setRole(owner, team.id, member.id, 'member');
    const missed = await inbox(member, `since=${encodeURIComponent(lastSeen)}`);
    expect(missed.list.map((item) => item.message.type)).toEqual(['member', 'onlooker']);
    expect(missed.list.every((item) => item.method === 'changeTeamJurisdiction')).toBe(true);
    const bad = await as(member).get('/api/msg_center/messages?since=yesterday');
    expect(bad.code).toBe(Codes.INVALID_INPUT.code);
  });

  it('the news of being removed from a team stays in the message centre after leaving it', async () => {
    const { team, owner, member } = await teamWithMember();
    await as(owner).delete('/api/account/remove_member', { team_id: team.id, user_id: member.id });
    const { list } = await inbox(member);
    expect(list.map((item) => item.kind)).toEqual(['team_exit']);
    expect(list[0]).toMatchObject({ group: 'team', title: 'Removed from the team' });
    expect(list[0].text).toBe('Maximi… removed you from the team "Harbour"');
  });
});

describe('unread counts and wording', () => {
  it('counts unread notices per new-message dot, and words them in the caller’s language', async () => {
    const { team, owner, member } = await teamWithMember();
    const projectId = await newProject(as(owner), team.id);
    await setRole(owner, team.id, member.id, 'admin');
    await as(owner).post('/api/project/project_user', {
      team_id: team.id,
      project_id: projectId,
      user_ids: [member.id],
    });
    const summary = await as(member).get('/api/msg_center/messages/unread');
    expect(summary.body.data).toEqual({ unread: 2, groups: { project: 1, team: 1, other: 0 } });

    const [invite, role] = (await inbox(member, '', 'zh-CN')).list;
    expect(invite).toMatchObject({ kind: 'project_invite', group: 'project', title: '项目邀请' });
    expect(invite.text).toBe(`Maximi… 邀请你加入项目「${invite.project_name}」，角色为项目成员`);
    expect(role.text).toBe('Maximi… 将你在团队「Harbour」的角色调整为管理员');
    await as(member).post('/api/msg_center/messages/read', { ids: [invite.id] });
    const after = await as(member).get('/api/msg_center/messages/unread');
    expect(after.body.data).toEqual({ unread: 1, groups: { project: 0, team: 1, other: 0 } });
  });

  it('serves the templates of every method in both languages; an unknown source type gets the default', async () => {
    const user = await buildUser(server.ctx);
    const answer = await as(user).get('/api/msg_center/templates?source_type=nope');
    expect(answer.code).toBe(OK);
    const { source_type, templates } = answer.body.data;
    expect(source_type).toBe('ts');
    expect(Object.keys(templates).sort()).toEqual([...NOTICE_METHODS].sort());
    for (const template of Object.values(templates) as { title: object; text: object; kind: string }[]) {
      expect(Object.keys(template.title).sort()).toEqual(['en-US', 'zh-CN']);
      expect(Object.keys(template.text).sort()).toEqual(['en-US', 'zh-CN']);
      expect(template.kind).toMatch(/^[a-z_]+$/);
    }
  });
});

describe('the operation log (option_log/add)', () => {
  it('records what the caller did with their own notice', async () => {
    const { team, owner, member } = await teamWithMember();
    await setRole(owner, team.id, member.id, 'admin');
    const [notice] = (await inbox(member)).list;
    const logged = await as(member).post('/api/msg_center/option_log/add', {
      action: 'view',
      message_id: notice.id,
    });
    expect(logged.code).toBe(OK);
    const byTeam = await as(member).post('/api/msg_center/option_log/add', {
      action: 'close',
      team_id: team.id,
      event_id: '00000000-0000-4000-8000-000000000000',
      method: 'changeTeamJurisdiction',
    });
    expect(byTeam.code).toBe(OK);
    const rows = await server.ctx.db.select().from(noticeActions).where(eq(noticeActions.userId, member.id));
    expect(rows.map((row) => [row.action, row.teamId, row.method]).sort()).toEqual([
      ['close', team.id, 'changeTeamJurisdiction'],
      ['view', team.id, 'changeTeamJurisdiction'],
    ]);
  });

  it('refuses someone else’s notice, a team the caller is not in, and an unknown action', async () => {
    const { team, owner, member } = await teamWithMember();
    await setRole(owner, team.id, member.id, 'admin');
    const [notice] = (await inbox(member)).list;
    const stranger = await buildUser(server.ctx);
    const log = (who: BuiltUser, body: object) => as(who).post('/api/msg_center/option_log/add', body);
    expect((await log(stranger, { action: 'view', message_id: notice.id })).code).toBe(Codes.NOT_FOUND.code);
    expect((await log(stranger, { action: 'view', team_id: team.id })).code).toBe(Codes.TEAM_NOT_FOUND.code);
    const otherTeam = await buildTeam(server.ctx);
    expect((await log(member, { action: 'view', message_id: notice.id, team_id: otherTeam.id })).code).toBe(
      Codes.NOT_FOUND.code,
    );
    expect((await log(member, { action: 'shout', message_id: notice.id })).code).toBe(
      Codes.INVALID_INPUT.code,
    );
    expect(
      await server.ctx.db.select().from(noticeActions).where(eq(noticeActions.userId, stranger.id)),
    ).toEqual([]);
  });
});
