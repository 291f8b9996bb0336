import { Codes, EditionPlan, NpsLimits, PlanLimits } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../cli.js';
import { anonymous, asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { addMember, type BuiltTeam, buildTeam, buildUser } from '../../test/factories.js';

let server: TestServer;
let team: BuiltTeam;
let other: BuiltTeam;
beforeAll(async () => {
  server = await startTestServer({ GUIDES_ENABLED: 'false' });
  team = await buildTeam(server.ctx);
  other = await buildTeam(server.ctx);
});
afterAll(() => server.close());

const SIGNED_OUT = Codes.SESSION_EXPIRED.code;
const owner = () => asUser(server.app, team.owner.token);

/** Every team-scoped call, asked of a team. */
const TEAM_CALLS = [
  (teamId: string) => `/api/account/global_config?id=${teamId}`,
  (teamId: string) => `/api/account/user/detail?team_id=${teamId}`,
  (teamId: string) => `/api/account/current_team_in_list?id=beta&team_id=${teamId}`,
  (teamId: string) => `/api/company/info?team_id=${teamId}`,
  (teamId: string) => `/api/notify/company?team_id=${teamId}`,
  (teamId: string) => `/api/back_stage/account/team/service?team_id=${teamId}`,
];
const SIGNED_IN_CALLS = [
  '/api/epm/global_conf',
  '/api/account/user/vip',
  '/api/account/user_pic_status',
  '/api/account/user_tag',
  '/api/account/user_nps',
  '/api/account/current_user_in_list?id=beta',
  '/api/account/user_in_master_list',
];

describe('refusals', () => {
  it.each(TEAM_CALLS.map((call) => [call(':team').split('?')[0], call]))(
    '%s refuses another team, a missing id and signed-out callers',
    async (_name, call) => {
      expect((await owner().get(call(other.id))).code).toBe(Codes.TEAM_NOT_FOUND.code);
      // Only the team's parameter goes (the one left empty); a list's own id stays.
      const withoutTeam = call('').replace(/([?&])(team_)?id=(?=&|$)/, '$1');
      expect(withoutTeam).not.toMatch(/[?&](team_)?id=(&|$)/);
      expect((await owner().get(withoutTeam)).code).toBe(Codes.INVALID_INPUT.code);
      expect((await anonymous(server.app).get(call(team.id))).code).toBe(SIGNED_OUT);
    },
  );

  it.each(SIGNED_IN_CALLS)('%s refuses signed-out callers', async (url) => {
    expect((await anonymous(server.app).get(url)).code).toBe(SIGNED_OUT);
  });

  it('refuses survey answers from signed-out callers', async () => {
    expect((await anonymous(server.app).post('/api/account/user_nps', { score: 5 })).code).toBe(SIGNED_OUT);
    expect((await anonymous(server.app).put('/api/account/user_nps')).code).toBe(SIGNED_OUT);
  });

  it('refuses the list calls without a list id', async () => {
    expect((await owner().get('/api/account/current_user_in_list')).code).toBe(Codes.INVALID_INPUT.code);
    const answer = await owner().get(`/api/account/current_team_in_list?team_id=${team.id}`);
    expect(answer.code).toBe(Codes.INVALID_INPUT.code);
  });

  it("keeps a team's service to its admins", async () => {
    const member = await addMember(server.ctx, team, 'member');
    const answer = await asUser(server.app, member.token).get(
      `/api/back_stage/account/team/service?team_id=${team.id}`,
    );
    expect(answer.code).toBe(Codes.ADMIN_ONLY.code);
  });
});

describe('configuration', () => {
  it('answers the public configuration signed out, with the switches of this server', async () => {
    const answer = await anonymous(server.app).get('/api/common/configuration');
    expect(answer.code).toBe('00000');
    expect(answer.result).toEqual({
      edition: 'saas',
      maintenance: null,
      switches: {
        watermark: false,
        quick_link: true,
        product_group: true,
        guides: false,
        phone_bind_tip: false,
        axure_prototypes: true,
        documents: false,
      },
      support_email: null,
    });
    expect((await anonymous(server.app).get('/api/net_mode')).result.net_mode).toBe('internet');
  });

  it("answers a team's auth data: its level in force, the caller's role, seats and switches", async () => {
    const fresh = await buildTeam(server.ctx);
    const viewer = await addMember(server.ctx, fresh, 'onlooker');
    const expires = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    await runCommand(server.ctx.db, ['team:plan', fresh.id, '2', '--expires', expires]);
    const { result } = await asUser(server.app, viewer.token).get(
      `/api/account/global_config?id=${fresh.id}`,
    );
    expect(result).toMatchObject({
      team_id: fresh.id,
      tenant_level: 2,
      edition_plan: EditionPlan.startup,
      current_user_role: 'onlooker',
      seat: { total: PlanLimits[2].memberMax, used: 2, available: PlanLimits[2].memberMax - 2 },
      switches: { watermark: false, guides: false },
    });
    await runCommand(server.ctx.db, ['team:type', fresh.id, 'enterprise']);
    const enterprise = await asUser(server.app, viewer.token).get(
      `/api/account/global_config?id=${fresh.id}`,
    );
    expect(enterprise.result.switches.watermark).toBe(true);
    expect(enterprise.result.edition_plan).toBe(EditionPlan.enterprise);
  });

  it('answers the corporate edition from its configuration', async () => {
    const corporate = await startTestServer({
      FERRY_EDITION: 'corporate',
      SUPPORT_EMAIL: 'help@example.com',
    });
    try {
      const { result } = await anonymous(corporate.app).get('/api/common/configuration');
      expect(result.edition).toBe('corporate');
      expect(result.support_email).toBe('help@example.com');
      expect(result.switches).toMatchObject({ watermark: true, guides: true });
      expect((await anonymous(corporate.app).get('/api/net_mode')).result.net_mode).toBe('intranet');
    } finally {
      await corporate.close();
    }
  });

  it("answers the user's detail in a team, the Lark link when asked", async () => {
    const { result } = await owner().get(`/api/account/user/detail?team_id=${team.id}&lark=1`);
    expect(result).toMatchObject({ id: team.owner.id, email: team.owner.email, team_id: team.id });
    expect(result.role).toBe('superadmin');
    expect(result).toMatchObject({ lark_bound: false, lark_open_id: '' });
  });

  it("answers vip for oneself and teammates, and refuses a stranger's", async () => {
    const teammate = await addMember(server.ctx, team, 'member');
    expect((await owner().get('/api/account/user/vip')).result).toEqual({
      user_id: team.owner.id,
      vip: false,
      level: 1,
    });
    expect((await owner().get(`/api/account/user/vip?user_id=${teammate.id}`)).result.vip).toBe(false);
    const stranger = await owner().get(`/api/account/user/vip?user_id=${other.owner.id}`);
    expect(stranger.code).toBe(Codes.NO_PERMISSION.code);
    const expires = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    await runCommand(server.ctx.db, ['team:plan', other.id, '3', '--expires', expires]);
    const paid = await asUser(server.app, other.owner.token).get('/api/account/user/vip');
    expect(paid.result).toMatchObject({ vip: true, level: 3 });
  });

  it('answers the picture status and the tags of the caller', async () => {
    expect((await owner().get('/api/account/user_pic_status')).result).toEqual({
      has_avatar: false,
      avatar: '',
    });
    const { result } = await owner().get('/api/account/user_tag');
    expect(result.tags).toEqual(expect.arrayContaining(['new_user', 'team_owner', 'team_admin']));
    const loner = await buildUser(server.ctx);
    const lonely = await asUser(server.app, loner.token).get('/api/account/user_tag');
    expect(lonely.result.tags).toEqual(['new_user', 'no_team']);
  });

  it("answers the company's information, notice and service", async () => {
    const info = await owner().get(`/api/company/info?team_id=${team.id}`);
    expect(info.result).toMatchObject({ team_id: team.id, name: team.name, enterprise: false });
    expect(info.result.owner.id).toBe(team.owner.id);
    const notice = await owner().get(`/api/notify/company?team_id=${team.id}`);
    expect(notice.result).toEqual({ team_id: team.id, maintenance: null, expire_info: null });
    const service = await owner().get(`/api/back_stage/account/team/service?team_id=${team.id}`);
    expect(service.result).toMatchObject({
      tenant_level: 1,
      member_max: PlanLimits[1].memberMax,
      unlimited: false,
    });
  });
});

describe('lists', () => {
  it('answers membership of the lists an operator keeps', async () => {
    const inTeamList = () => owner().get(`/api/account/current_team_in_list?id=beta&team_id=${team.id}`);
    expect((await inTeamList()).result.in_list).toBe(false);
    expect(await runCommand(server.ctx.db, ['list:add', 'beta', team.id])).toContain('added');
    expect((await inTeamList()).result.in_list).toBe(true);

    expect((await owner().get('/api/account/user_in_master_list')).result.in_list).toBe(false);
    await runCommand(server.ctx.db, ['list:add', 'master', team.owner.email]);
    expect((await owner().get('/api/account/user_in_master_list')).result.in_list).toBe(true);
    expect((await owner().get('/api/account/current_user_in_list?id=master')).result.in_list).toBe(true);
    const outsider = asUser(server.app, other.owner.token);
    expect((await outsider.get('/api/account/user_in_master_list')).result.in_list).toBe(false);

    await runCommand(server.ctx.db, ['list:remove', 'master', team.owner.email]);
    expect((await owner().get('/api/account/user_in_master_list')).result.in_list).toBe(false);
    await expect(runCommand(server.ctx.db, ['list:add', 'master', 'nobody@example.com'])).rejects.toThrow(
      'no user',
    );
  });
});

describe('satisfaction survey', () => {
  it('takes one answer per user, a score 0–10 and a comment of at most 500 characters', async () => {
    const user = asUser(server.app, (await buildUser(server.ctx)).token);
    expect((await user.get('/api/account/user_nps')).result).toMatchObject({ show: true, answered: false });
    const tooLong = 'x'.repeat(NpsLimits.commentMaxLength + 1);
    expect((await user.post('/api/account/user_nps', { score: 9, comment: tooLong })).code).toBe(
      Codes.INVALID_INPUT.code,
    );
    expect((await user.post('/api/account/user_nps', { score: 11 })).code).toBe(Codes.INVALID_INPUT.code);
    expect((await user.post('/api/account/user_nps', { score: 2.5 })).code).toBe(Codes.INVALID_INPUT.code);

    const comment = 'y'.repeat(NpsLimits.commentMaxLength);
    const answered = await user.post('/api/account/user_nps', { score: 10, comment });
    expect(answered.result).toMatchObject({ show: false, answered: true, score: 10, comment });
    const again = await user.post('/api/account/user_nps', { score: 0 });
    expect(again.code).toBe(Codes.NPS_ALREADY_ANSWERED.code);
    expect((await user.get('/api/account/user_nps')).result.score).toBe(10);
  });

  it('stops showing when put off, and may still be answered once', async () => {
    const user = asUser(server.app, (await buildUser(server.ctx)).token);
    expect((await user.put('/api/account/user_nps')).result).toMatchObject({ show: false, answered: false });
    expect((await user.post('/api/account/user_nps', { score: 0 })).result).toMatchObject({ score: 0 });
    expect((await user.post('/api/account/user_nps', { score: 5 })).code).toBe(
      Codes.NPS_ALREADY_ANSWERED.code,
    );
  });
});

describe('timing reports', () => {
  it('counts reports per metric and bucket; the stats command prints them', async () => {
    const user = asUser(server.app, team.owner.token);
    for (const seconds of [0.4, 1, 2.2, 3, 61, 600])
      expect((await user.post('/api/account/timing', { name: 'design_open', seconds })).code).toBe('00000');
    expect((await user.post('/api/account/timing', { name: 'first_screen', seconds: 12 })).result).toEqual({
      name: 'first_screen',
      bucket: '11-15',
    });
    const stats = await runCommand(server.ctx.db, ['stats']);
    const line = (metric: string) =>
      stats
        .split('\n')
        .find((row) => row.startsWith(metric))
        ?.split(/\s+/);
    // metric, total, then the buckets 1, 2-3, …, 61+
    expect(line('design_open')).toEqual(['design_open', '6', '2', '2', ...Array(10).fill('0'), '2']);
    expect(line('first_screen')?.slice(0, 2)).toEqual(['first_screen', '1']);
    expect(stats.split('\n')[0]).toMatch(/^metric\s+total\s+1s\s+2-3s .* 61\+s$/);
  });

  it('refuses unknown metrics, bad durations and signed-out reports', async () => {
    const user = asUser(server.app, team.owner.token);
    expect((await user.post('/api/account/timing', { name: 'mine', seconds: 1 })).code).toBe(
      Codes.TIMING_METRIC_UNKNOWN.code,
    );
    expect((await user.post('/api/account/timing', { name: 'design_open', seconds: -1 })).code).toBe(
      Codes.INVALID_INPUT.code,
    );
    const signedOut = await anonymous(server.app).post('/api/account/timing', {
      name: 'design_open',
      seconds: 1,
    });
    expect(signedOut.code).toBe(SIGNED_OUT);
  });
});
