import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMessage } from '../modules/events/message.js';
import { recordNotice } from '../modules/events/outbox.js';
import { newProject } from '../modules/sections/stage-fixtures.js';
import { withNotices } from '../notices.js';
import { asUser } from '../test/api.js';
import { startTestServer, type TestServer } from '../test/context.js';
import { addMember, buildTeam, buildUser } from '../test/factories.js';
import { TestSocket } from '../test/sockets.js';

/** The socket at /ws: authentication, refusals, the heartbeat, watching a project. */

let server: TestServer;
let url: string;

beforeAll(async () => {
  // A short heartbeat, so a silent socket is found out within the test.
  server = await startTestServer({ WS_HEARTBEAT_MS: '150', WS_HEARTBEAT_TIMEOUT_MS: '300' });
  url = await server.listen();
});
afterAll(() => server.close());

describe('authentication', () => {
  it('a socket signed in with its session token receives the events for its user', async () => {
    const team = await buildTeam(server.ctx);
    const member = await addMember(server.ctx, team, 'member');
    const socket = await TestSocket.signedIn(url, member.token);
    expect(socket.frames[0]).toEqual({ type: 'ready', userId: member.id });

    const changed = await asUser(server.app, team.owner.token).put('/api/account/team_user_role', {
      team_id: team.id,
      user_id: member.id,
      role: 'admin',
    });
    expect(changed.code).toBe('00000');
    const frame = await socket.event('changeTeamJurisdiction');
    expect(frame.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(frame.message).toMatchObject({ teamId: team.id, toIds: [member.id], type: 'admin', code: 3 });
    socket.close();
  });

  it('a notice to several people reaches each of them naming only them, not the others', async () => {
    const team = await buildTeam(server.ctx);
    const [first, second] = [await buildUser(server.ctx), await buildUser(server.ctx)];
    const sockets = [
      await TestSocket.signedIn(url, first.token),
      await TestSocket.signedIn(url, second.token),
    ];
    await withNotices(server.ctx, (tx) =>
      recordNotice(
        server.ctx,
        tx,
        buildMessage({
          method: 'notifyProject',
          teamId: team.id,
          toIds: [first.id, second.id],
          content: 'Ready',
        }),
      ),
    );
    const [toFirst, toSecond] = await Promise.all(sockets.map((socket) => socket.event('notifyProject')));
    expect(toFirst.message).toMatchObject({ content: 'Ready', toIds: [first.id] });
    expect(toSecond.message).toMatchObject({ content: 'Ready', toIds: [second.id] });
    for (const socket of sockets) socket.close();
  });

  it('a made-up token is refused with 4401 and the code of an expired session', async () => {
    const socket = await TestSocket.open(url);
    socket.send({ type: 'auth', token: 'not-a-session' });
    expect(await socket.closed).toEqual({ code: 4401, reason: '40100' });
  });

  it('a signed-out session is refused', async () => {
    const user = await buildUser(server.ctx);
    await asUser(server.app, user.token).put('/api/account/login?code=10031');
    const socket = await TestSocket.open(url);
    socket.send({ type: 'auth', token: user.token });
    expect((await socket.closed).code).toBe(4401);
  });

  it('a first frame that is not the authentication is refused', async () => {
    const socket = await TestSocket.open(url);
    socket.send({ type: 'ping' });
    expect((await socket.closed).code).toBe(4401);
  });

  it('a socket that never authenticates is closed after the time-out', async () => {
    const socket = await TestSocket.open(url);
    expect(await socket.closed).toEqual({ code: 4401, reason: '40100' });
  });

  it('another user never receives an event addressed to someone else', async () => {
    const team = await buildTeam(server.ctx);
    const member = await addMember(server.ctx, team, 'member');
    const bystander = await addMember(server.ctx, team, 'member');
    const watching = await TestSocket.signedIn(url, bystander.token);
    const target = await TestSocket.signedIn(url, member.token);
    await asUser(server.app, team.owner.token).put('/api/account/team_user_role', {
      team_id: team.id,
      user_id: member.id,
      role: 'onlooker',
    });
    await target.event('changeTeamJurisdiction');
    await server.ctx.events.flush();
    await watching.roundTrip();
    expect(watching.events()).toEqual([]);
    watching.close();
    target.close();
  });
});

describe('heartbeat', () => {
  it('a socket that does not answer the pings is closed; one that answers stays open', async () => {
    const user = await buildUser(server.ctx);
    const silent = await TestSocket.signedIn(url, user.token, { autoPong: false });
    const answering = await TestSocket.signedIn(url, user.token);
    await silent.closed;
    expect(answering.socket.readyState).toBe(answering.socket.OPEN);
    await answering.roundTrip();
    expect(answering.frames.at(-1)).toEqual({ type: 'pong' });
    answering.close();
  });
});

describe('watching a project', () => {
  it('a member watches a project they see; another team’s project is refused', async () => {
    const team = await buildTeam(server.ctx);
    const other = await buildTeam(server.ctx);
    const owner = asUser(server.app, team.owner.token);
    const projectId = await newProject(owner, team.id);
    const foreignProject = await newProject(asUser(server.app, other.owner.token), other.id);
    const socket = await TestSocket.signedIn(url, team.owner.token);

    socket.send({ type: 'watch', teamId: other.id, projectId: foreignProject });
    expect((await socket.next((frame) => frame.type === 'error')).code).toBe('10006');
    socket.send({ type: 'watch', teamId: team.id, projectId: foreignProject });
    expect((await socket.next((frame) => frame.type === 'error' && frame.code !== '10006')).code).toBe(
      '19029',
    );
    socket.send({ type: 'watch', teamId: team.id, projectId });
    expect(await socket.next((frame) => frame.type === 'watching')).toEqual({
      type: 'watching',
      teamId: team.id,
      projectId,
    });
    socket.close();
  });

  it('an unknown frame is answered with an error, and the socket stays open', async () => {
    const user = await buildUser(server.ctx);
    const socket = await TestSocket.signedIn(url, user.token, {});
    socket.send({ type: 'shout' });
    expect(await socket.next((frame) => frame.type === 'error')).toMatchObject({ code: '19001' });
    await socket.roundTrip();
    socket.close();
  });
});
