import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../test/api.js';
import { startTestServer, type TestServer } from '../test/context.js';
import { buildTeam, buildUser } from '../test/factories.js';
import { TestSocket } from '../test/sockets.js';

/** `changed` frames: open screens of a team re-read its people when someone joins or applies, and nobody else's do. */

let server: TestServer;
let url: string;

beforeAll(async () => {
  server = await startTestServer();
  url = await server.listen();
});
afterAll(() => server.close());

async function teamLink(token: string, teamId: string, review: boolean) {
  const answer = await asUser(server.app, token).get(
    `/api/account/team_invite_link?team_id=${teamId}&role=member&review=${review}`,
  );
  expect(answer.code).toBe('00000');
  return answer.result as { inviteSign: string; time: number; token: string };
}

const changedFor = (teamId: string) => (frame: Record<string, unknown>) =>
  frame.type === 'changed' && frame.teamId === teamId;

describe('team people signals', () => {
  it('someone joining by link makes the team’s open sockets re-read its people; another team hears nothing', async () => {
    const team = await buildTeam(server.ctx);
    const other = await buildTeam(server.ctx);
    const owner = await TestSocket.signedIn(url, team.owner.token);
    const outsider = await TestSocket.signedIn(url, other.owner.token);
    const visitor = await buildUser(server.ctx);
    const visitorSocket = await TestSocket.signedIn(url, visitor.token);

    const link = await teamLink(team.owner.token, team.id, false);
    expect((await asUser(server.app, visitor.token).post('/api/account/join_by_link', link)).code).toBe(
      '00000',
    );
    const frame = await owner.next(changedFor(team.id), 'the changed frame');
    expect(frame).toEqual({ type: 'changed', what: 'team_people', teamId: team.id });

    await outsider.roundTrip();
    expect(outsider.frames.some((f) => f.type === 'changed')).toBe(false);

    // The newcomer's open socket joined the team's room: the next join reaches them too.
    await visitorSocket.roundTrip();
    const heard = visitorSocket.frames.filter(changedFor(team.id)).length;
    const second = await buildUser(server.ctx);
    await asUser(server.app, second.token).post('/api/account/join_by_link', link);
    await visitorSocket.next(
      () => visitorSocket.frames.filter(changedFor(team.id)).length > heard,
      'the changed frame for the newcomer',
    );
    for (const socket of [owner, outsider, visitorSocket]) socket.close();
  });

  it('an application and its approval both reach the team’s open sockets', async () => {
    const team = await buildTeam(server.ctx);
    const owner = await TestSocket.signedIn(url, team.owner.token);
    const visitor = await buildUser(server.ctx);
    const link = await teamLink(team.owner.token, team.id, true);
    const applied = await asUser(server.app, visitor.token).post('/api/account/team_apply', {
      ...link,
      real_name: 'Ada',
      reason: 'new designer',
    });
    expect(applied.code).toBe('00000');
    await owner.next(changedFor(team.id), 'the changed frame of the application');
    const count = owner.frames.filter(changedFor(team.id)).length;
    const agreed = await asUser(server.app, team.owner.token).put('/api/account/team_apply', {
      team_id: team.id,
      apply_id: (applied.result as { id: string }).id,
      state: 'agreed',
    });
    expect(agreed.code).toBe('00000');
    await owner.next(() => owner.frames.filter(changedFor(team.id)).length > count, 'the approval');
    owner.close();
  });
});

describe('a new team', () => {
  it('its creator’s open socket joins its room, so the first join by link reaches them', async () => {
    const creator = await buildUser(server.ctx);
    const socket = await TestSocket.signedIn(url, creator.token);
    const created = await asUser(server.app, creator.token).post('/api/account/team', { name: 'Fresh' });
    const teamId = (created.result as { id: string }).id;
    const link = await teamLink(creator.token, teamId, false);
    const visitor = await buildUser(server.ctx);
    await asUser(server.app, visitor.token).post('/api/account/join_by_link', link);
    await socket.next(changedFor(teamId), 'the changed frame of the new team');
    socket.close();
  });
});
