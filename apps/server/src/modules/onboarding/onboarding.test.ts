import { Codes, ONBOARDING_INDUSTRIES, ONBOARDING_ROLES } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { addMember, type BuiltTeam, buildTeam, buildUser } from '../../test/factories.js';

let server: TestServer;
let team: BuiltTeam;
let other: BuiltTeam;

beforeAll(async () => {
  server = await startTestServer();
  team = await buildTeam(server.ctx);
  other = await buildTeam(server.ctx);
});
afterAll(async () => server?.close());

const OK = Codes.OK.code;

describe('onboarding calls', () => {
  it('refuses every call signed out', async () => {
    const stranger = anonymous(server.app);
    const calls = [
      stranger.get('/api/account/onboard_user'),
      stranger.post('/api/account/onboard_user', { role: 'designer' }),
      stranger.put('/api/account/onboard_user', { role: 'designer' }),
      stranger.get(`/api/account/onboard_team?team_id=${team.id}`),
      stranger.put('/api/account/onboard_team', { team_id: team.id, industry: 'finance' }),
      stranger.get(`/api/account/onboard_project?team_id=${team.id}`),
      stranger.get('/api/pangu/onboarding/team/industry'),
      stranger.get('/api/pangu/onboarding/team/role'),
      stranger.get('/api/pangu/onboarding/abtest/invite'),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.status).toBe(401);
  });

  it('lists the roles and industries with both labels', async () => {
    const api = asUser(server.app, team.owner.token);
    const roles = await api.get('/api/pangu/onboarding/team/role');
    const industries = await api.get('/api/pangu/onboarding/team/industry');
    expect(roles.result.list).toEqual(ONBOARDING_ROLES);
    expect(industries.result.list).toEqual(ONBOARDING_INDUSTRIES);
    expect(roles.result.list.find((role: { value: string }) => role.value === 'designer')).toEqual({
      value: 'designer',
      zh: '设计师',
      en: 'Designer',
    });
  });

  it('records the role and steps, refuses values off the list, and stays done once skipped', async () => {
    const user = await buildUser(server.ctx);
    const api = asUser(server.app, user.token);
    expect((await api.get('/api/account/onboard_user')).result).toEqual({
      role: null,
      steps: {},
      status: 'open',
      done: false,
      finished_at: null,
    });
    const badRole = await api.post('/api/account/onboard_user', { role: 'astronaut' });
    expect(badRole.code).toBe(Codes.ONBOARDING_ROLE_UNKNOWN.code);
    expect(badRole.msg).toBe('Choose your role from the list');
    const badStep = await api.put('/api/account/onboard_user', { step: 'tour' });
    expect(badStep.code).toBe(Codes.ONBOARDING_STEP_UNKNOWN.code);
    const zh = await asUser(server.app, user.token, 'zh-CN').put('/api/account/onboard_user', { role: 'x' });
    expect(zh.msg).toBe('请从列表中选择你的角色');

    const started = await api.post('/api/account/onboard_user', { role: 'designer', step: 'profile' });
    expect(started.code, started.msg).toBe(OK);
    // Two steps at once: neither is lost.
    await Promise.all([
      api.put('/api/account/onboard_user', { step: 'invite', state: 'skipped' }),
      api.put('/api/account/onboard_user', { role: 'frontend' }),
    ]);
    const midway = (await api.get('/api/account/onboard_user')).result;
    expect(midway).toMatchObject({
      role: 'frontend',
      steps: { profile: 'done', invite: 'skipped' },
      status: 'open',
      done: false,
    });

    const skipped = await api.put('/api/account/onboard_user', { finish: 'skipped' });
    expect(skipped.result).toMatchObject({ status: 'skipped', done: true });
    expect(skipped.result.finished_at).toMatch(/^\d{4}-/);
    expect((await api.get('/api/account/onboard_user')).result.done).toBe(true);
    // Another user's progress is their own.
    expect((await asUser(server.app, team.owner.token).get('/api/account/onboard_user')).result.done).toBe(
      false,
    );
  });

  it("lets only the team's admins set its industry, from the list, and never another team's", async () => {
    const member = await addMember(server.ctx, team, 'member');
    const admin = await addMember(server.ctx, team, 'admin');
    const owner = asUser(server.app, team.owner.token);

    const unset = await asUser(server.app, member.token).get(`/api/account/onboard_team?team_id=${team.id}`);
    expect(unset.result).toEqual({ team_id: team.id, industry: null, can_edit: false });

    const byMember = await asUser(server.app, member.token).put('/api/account/onboard_team', {
      team_id: team.id,
      industry: 'finance',
    });
    expect(byMember.code).toBe(Codes.ADMIN_ONLY.code);

    const bad = await owner.put('/api/account/onboard_team', { team_id: team.id, industry: 'spaceflight' });
    expect(bad.code).toBe(Codes.ONBOARDING_INDUSTRY_UNKNOWN.code);

    const set = await asUser(server.app, admin.token).put('/api/account/onboard_team', {
      team_id: team.id,
      industry: 'gaming',
    });
    expect(set.code, set.msg).toBe(OK);
    expect((await owner.get(`/api/account/onboard_team?team_id=${team.id}`)).result).toEqual({
      team_id: team.id,
      industry: 'gaming',
      can_edit: true,
    });
    expect(
      (await asUser(server.app, member.token).get(`/api/account/onboard_team?team_id=${team.id}`)).result
        .industry,
    ).toBe('gaming');

    const theirs = await owner.put('/api/account/onboard_team', { team_id: other.id, industry: 'finance' });
    expect(theirs.code).toBe(Codes.TEAM_NOT_FOUND.code);
    const peek = await owner.get(`/api/account/onboard_team?team_id=${other.id}`);
    expect(peek.code).toBe(Codes.TEAM_NOT_FOUND.code);
    const otherView = await asUser(server.app, other.owner.token).get(
      `/api/account/onboard_team?team_id=${other.id}`,
    );
    expect(otherView.result.industry).toBeNull();
  });

  it('answers each user the same invite variant every time, and both variants are in use', async () => {
    const variants = new Set<string>();
    for (let index = 0; index < 16; index += 1) {
      const api = asUser(server.app, (await buildUser(server.ctx)).token);
      const first = await api.get('/api/pangu/onboarding/abtest/invite');
      const again = await api.get('/api/pangu/onboarding/abtest/invite');
      expect(first.result).toEqual(again.result);
      expect(first.result.experiment).toBe('invite');
      variants.add(first.result.variant);
    }
    expect([...variants].sort()).toEqual(['A', 'B']);
  });
});
