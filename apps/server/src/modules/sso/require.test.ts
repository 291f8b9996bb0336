import { Codes } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signalTeamPeople } from '../../realtime/signals.js';
import { asUser } from '../../test/api.js';
import { addMember, buildTeam } from '../../test/factories.js';
import { TestSocket } from '../../test/sockets.js';
import { configure, redeem, type SsoWorld, ssoRoundTrip, startSsoWorld } from './flow.fixtures.js';

/** "Require SSO": a member's other sessions do not reach the team's data; the super admin's always do. */

let world: SsoWorld;
let ssoToken: string;
let passwordToken: string;

beforeAll(async () => {
  world = await startSsoWorld();
  await configure(world);
  const email = `mia@${world.domain}`;
  const { page } = await ssoRoundTrip(world, email);
  ssoToken = (await redeem(world.server.app, page)).result.token;
  // The same person, signed in another way (a password session).
  const { issueSession } = await import('../account/sessions.js');
  const entry = await asUser(world.server.app, ssoToken).get('/api/account/login');
  passwordToken = await issueSession(world.server.ctx.db, entry.result.user.id);
});
afterAll(async () => {
  await world.provider.close();
  await world.server.close();
});

const teamCalls = () => [
  `/api/account/team_users?team_id=${world.team.id}`,
  `/api/account/user_team_role?team_id=${world.team.id}`,
  `/api/account/user_projects?team_id=${world.team.id}`,
];

describe('require SSO', () => {
  it('changes nothing while off', async () => {
    for (const url of teamCalls())
      expect((await asUser(world.server.app, passwordToken).get(url)).code).toBe('00000');
  });

  it("answers 39996 to a member's other session on the team's calls, naming the team and its SSO id", async () => {
    const saved = await configure(world, { require_sso: true });
    for (const url of teamCalls()) {
      const refused = await asUser(world.server.app, passwordToken).get(url);
      expect(refused.code).toBe('39996');
      expect(refused.msg).toBe(Codes.SSO_NOT_LOGGED_IN.en);
      expect(refused.result).toEqual({ team_id: world.team.id, sso_id: saved.slug });
    }
    // The session itself is still good for what is not the team's.
    expect((await asUser(world.server.app, passwordToken).get('/api/account/login')).code).toBe('00000');
  });

  it("lets the session made by the team's sign-on through", async () => {
    await configure(world, { require_sso: true });
    for (const url of teamCalls())
      expect((await asUser(world.server.app, ssoToken).get(url)).code).toBe('00000');
  });

  it('holds on the project access path too: a project named only by its id', async () => {
    await configure(world, { require_sso: false });
    const created = await asUser(world.server.app, world.team.owner.token).post('/api/project/project_info', {
      team_id: world.team.id,
      name: 'Launch',
    });
    const projectId = created.result.id ?? created.result.project_id;
    await configure(world, { require_sso: true });
    const url = `/api/project/project_info?pid=${projectId}`;
    expect((await asUser(world.server.app, passwordToken).get(url)).code).toBe('39996');
    expect((await asUser(world.server.app, ssoToken).get(url)).code).toBe('00000');
    expect((await asUser(world.server.app, world.team.owner.token).get(url)).code).toBe('00000');
  });

  it('never binds the super admin, and binds nobody while the sign-on is switched off', async () => {
    await configure(world, { require_sso: true });
    for (const url of teamCalls()) {
      expect((await asUser(world.server.app, world.team.owner.token).get(url)).code).toBe('00000');
    }
    await configure(world, { require_sso: true, enabled: false });
    for (const url of teamCalls())
      expect((await asUser(world.server.app, passwordToken).get(url)).code).toBe('00000');
  });

  it("does not accept a session made by another team's sign-on", async () => {
    const otherTeam = await buildTeam(world.server.ctx);
    const other = { ...world, team: otherTeam, domain: `d${otherTeam.id.slice(0, 8)}.test` };
    await configure(other);
    const { page } = await ssoRoundTrip(other, `pat@${other.domain}`);
    const entry = await redeem(world.server.app, page);
    const person = { id: entry.result.user.id, email: '', password: '', token: entry.result.token };
    await addMember(world.server.ctx, world.team, 'member', person);
    await configure(world, { require_sso: true });
    const api = asUser(world.server.app, person.token);
    expect((await api.get(`/api/account/team_users?team_id=${world.team.id}`)).code).toBe('39996');
    expect((await api.get(`/api/account/team_users?team_id=${otherTeam.id}`)).code).toBe('00000');
  });

  it("keeps the team's real-time frames from a member's other session, and lets its SSO session watch", async () => {
    const created = await asUser(world.server.app, world.team.owner.token).post('/api/project/project_info', {
      team_id: world.team.id,
      name: 'Live',
    });
    const projectId = created.result.project_id ?? created.result.id;
    await configure(world, { require_sso: true });
    const url = await world.server.listen();
    const password = await TestSocket.signedIn(url, passwordToken);
    const sso = await TestSocket.signedIn(url, ssoToken);
    try {
      password.send({ type: 'watch', teamId: world.team.id, projectId });
      expect((await password.next((frame) => frame.type === 'error')).code).toBe('39996');
      sso.send({ type: 'watch', teamId: world.team.id, projectId });
      expect((await sso.next((frame) => frame.type === 'watching')).projectId).toBe(projectId);
      // The team's room: a change of its people reaches the SSO session's socket only.
      await signalTeamPeople(world.server.ctx, world.team.id);
      await sso.next((frame) => frame.type === 'changed' && frame.what === 'team_people');
      await password.roundTrip();
      expect(password.frames.some((frame) => frame.type === 'changed')).toBe(false);
    } finally {
      password.close();
      sso.close();
    }
  });
});
