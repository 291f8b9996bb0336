import { Codes, EditionPlan, EXPIRY_NOTICE_THROTTLE_MS, Limits, PlanLimits } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../cli.js';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { addMember, type BuiltTeam, buildTeam, buildUser } from '../../test/factories.js';
import { lockTeamLimits } from './plans.js';
import { teamMembers } from './tables.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Put the server clock at noon UTC, so "N days from today" is N days and 12 hours away: whole-day
  // arithmetic then never depends on the hour the suite happens to run.
  const now = server.ctx.now().getTime();
  const nextNoon =
    Math.floor((now - Limits.msPerDay / 2) / Limits.msPerDay + 1) * Limits.msPerDay + Limits.msPerDay / 2;
  server.advance(nextNoon - now);
});
afterAll(() => server.close());

/** The server's date `days` from today, as `team:plan --expires` takes it (midnight UTC of that day). */
const dayFromToday = (days: number) =>
  new Date(server.ctx.now().getTime() + days * Limits.msPerDay).toISOString().slice(0, 10);
const setPlan = (team: BuiltTeam, level: number, expiresInDays?: number) =>
  runCommand(server.ctx.db, [
    'team:plan',
    team.id,
    String(level),
    ...(expiresInDays === undefined ? [] : ['--expires', dayFromToday(expiresInDays)]),
  ]);
const get = (team: BuiltTeam, url: string) =>
  asUser(server.app, team.owner.token).get(`${url}?team_id=${team.id}`);
const quotaOf = async (team: BuiltTeam) => (await get(team, '/api/account/team/quota')).result;
const seatsOf = async (team: BuiltTeam) => (await get(team, '/api/team/seat/available')).result;
const noticeOf = async (team: BuiltTeam) => (await get(team, '/api/team/seat/expire_notice')).result;

describe('quota and seats by plan', () => {
  it.each([
    [1, undefined, EditionPlan.free],
    [2, 90, EditionPlan.startup],
    [3, 90, EditionPlan.flagship],
  ])('level %i answers its plan limits', async (level, expires, edition) => {
    const team = await buildTeam(server.ctx);
    await addMember(server.ctx, team, 'member');
    await addMember(server.ctx, team, 'onlooker');
    await setPlan(team, level, expires);
    const limits = PlanLimits[level];
    expect(await quotaOf(team)).toEqual({
      hard_limit_cnt: limits.imageMax,
      cur_cnt: 0,
      project_max: limits.projectMax,
      project_curt: 0,
      member_max: limits.memberMax,
      member_curt: 3,
      package_level: level,
      edition_plan: edition,
    });
    expect(await seatsOf(team)).toEqual({
      total: limits.memberMax,
      used: 3,
      available: limits.memberMax - 3,
    });
  });

  it('counts a paid level whose term has ended as free, from the moment it ends', async () => {
    const lapsed = await buildTeam(server.ctx);
    await setPlan(lapsed, 3, -1);
    expect(await quotaOf(lapsed)).toMatchObject({
      member_max: PlanLimits[1].memberMax,
      project_max: PlanLimits[1].projectMax,
      hard_limit_cnt: PlanLimits[1].imageMax,
      package_level: 1,
      edition_plan: EditionPlan.free,
    });
    expect((await seatsOf(lapsed)).total).toBe(PlanLimits[1].memberMax);

    const ending = await buildTeam(server.ctx);
    await setPlan(ending, 2, 1);
    expect((await quotaOf(ending)).package_level).toBe(2);
    server.advance(Limits.msPerDay);
    expect(await quotaOf(ending)).toMatchObject({ package_level: 1, member_max: PlanLimits[1].memberMax });
  });

  it('answers -1 for every limit of an enterprise team, whatever its level', async () => {
    const team = await buildTeam(server.ctx);
    await addMember(server.ctx, team, 'member');
    await setPlan(team, 2, -5);
    await runCommand(server.ctx.db, ['team:type', team.id, 'enterprise']);
    expect(await quotaOf(team)).toMatchObject({
      hard_limit_cnt: -1,
      project_max: -1,
      member_max: -1,
      member_curt: 2,
      edition_plan: EditionPlan.enterprise,
    });
    expect(await seatsOf(team)).toEqual({ total: -1, used: 2, available: -1 });
    expect((await noticeOf(team)).expire_info).toBeNull();
  });

  it('reports every seat used once a free team is full', async () => {
    const team = await buildTeam(server.ctx);
    for (let i = 1; i < PlanLimits[1].memberMax; i++) await addMember(server.ctx, team, 'member');
    expect(await seatsOf(team)).toEqual({
      total: PlanLimits[1].memberMax,
      used: PlanLimits[1].memberMax,
      available: 0,
    });
  });
});

describe('plan limits under parallel requests', () => {
  const PARALLEL = 15;
  const codesOf = (answers: { code: string }[]) => {
    const tally: Record<string, number> = {};
    for (const { code } of answers) tally[code] = (tally[code] ?? 0) + 1;
    return tally;
  };

  it('lets exactly the free plan’s seats join when 15 people use the link at once', async () => {
    const team = await buildTeam(server.ctx);
    const link = (await get(team, '/api/account/team_invite_link')).result;
    const joiners = await Promise.all(Array.from({ length: PARALLEL }, () => buildUser(server.ctx)));
    const answers = await Promise.all(
      joiners.map((joiner) => asUser(server.app, joiner.token).post('/api/account/join_by_link', link)),
    );
    const { memberMax } = PlanLimits[1];
    expect(codesOf(answers)).toEqual({
      '00000': memberMax - 1,
      [Codes.TEAM_MEMBER_LIMIT.code]: PARALLEL - memberMax + 1,
    });
    expect((await quotaOf(team)).member_curt).toBe(memberMax);
  });

  it('creates exactly the free plan’s projects when 15 are asked for at once', async () => {
    const team = await buildTeam(server.ctx);
    const owner = asUser(server.app, team.owner.token);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        owner.post('/api/project/project_info', { team_id: team.id, name: `Parallel${i}` }),
      ),
    );
    const { projectMax } = PlanLimits[1];
    expect(codesOf(answers)).toEqual({
      '00000': projectMax,
      [Codes.PROJECT_COUNT_FULL.code]: PARALLEL - projectMax,
    });
    expect((await quotaOf(team)).project_curt).toBe(projectMax);
  });

  it('counts a merge under the team’s lock, so members joining meanwhile are counted too', async () => {
    const { memberMax } = PlanLimits[1];
    const target = await buildTeam(server.ctx);
    const source = await buildTeam(server.ctx, { owner: target.owner });
    for (let i = 0; i < memberMax - 6; i++) await addMember(server.ctx, target, 'member');
    for (let i = 0; i < 3; i++) await addMember(server.ctx, source, 'member');
    const joiners = await Promise.all([buildUser(server.ctx), buildUser(server.ctx), buildUser(server.ctx)]);
    // Five seats left; the merge brings three while three people are joining: one too many.
    let merge: Promise<{ code: string }> | undefined;
    await server.ctx.db.transaction(async (tx) => {
      await lockTeamLimits(tx, target.id);
      for (const joiner of joiners)
        await tx.insert(teamMembers).values({ teamId: target.id, userId: joiner.id, role: 'member' });
      merge = asUser(server.app, target.owner.token).post('/api/account/merge_team', {
        team_id: source.id,
        target_team_id: target.id,
      });
      // On PostgreSQL the merge reaches its count while the joins are still uncommitted.
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect((await merge)?.code).toBe(Codes.MERGE_EXCEEDS_LIMITS.code);
    expect((await quotaOf(target)).member_curt).toBe(memberMax - 2);
  });
});

describe('the corporate edition', () => {
  let corporate: TestServer;
  beforeAll(async () => {
    corporate = await startTestServer({ FERRY_EDITION: 'corporate' });
  });
  afterAll(() => corporate.close());

  it('answers -1 everywhere, even for a free team, and never shows an expiry notice', async () => {
    const team = await buildTeam(corporate.ctx);
    await runCommand(corporate.ctx.db, [
      'team:plan',
      team.id,
      '2',
      '--expires',
      new Date(corporate.ctx.now().getTime() + 5 * Limits.msPerDay).toISOString().slice(0, 10),
    ]);
    const client = asUser(corporate.app, team.owner.token);
    expect((await client.get(`/api/account/team/quota?team_id=${team.id}`)).result).toMatchObject({
      hard_limit_cnt: -1,
      project_max: -1,
      member_max: -1,
      member_curt: 1,
      edition_plan: EditionPlan.local,
    });
    expect((await client.get(`/api/team/seat/available?team_id=${team.id}`)).result).toEqual({
      total: -1,
      used: 1,
      available: -1,
    });
    expect(
      (await client.get(`/api/team/seat/expire_notice?team_id=${team.id}`)).result.expire_info,
    ).toBeNull();

    const free = await buildTeam(corporate.ctx);
    for (let i = 0; i < PlanLimits[1].memberMax; i++) await addMember(corporate.ctx, free, 'member');
    const link = await asUser(corporate.app, free.owner.token).get(
      `/api/account/team_invite_link?team_id=${free.id}&role=member`,
    );
    const joiner = await buildUser(corporate.ctx);
    const joined = await asUser(corporate.app, joiner.token).post('/api/account/join_by_link', link.result);
    expect(joined.code).toBe('00000');
    expect(joined.result.member_count).toBe(PlanLimits[1].memberMax + 2);
  });
});

describe('the expiry notice', () => {
  it('is null for a free team', async () => {
    const team = await buildTeam(server.ctx);
    expect(await noticeOf(team)).toEqual({ expire_info: null, throttle_ms: EXPIRY_NOTICE_THROTTLE_MS });
  });

  it('tells a level 2 team ending in 10 days: left_days 10, diffDay 11', async () => {
    const team = await buildTeam(server.ctx);
    await setPlan(team, 2, 11);
    const expireTime = `${dayFromToday(11)}T00:00:00.000Z`;
    expect(await noticeOf(team)).toEqual({
      expire_info: { package_level: 2, expire_time: expireTime, expired: false, left_days: 10, diffDay: 11 },
      throttle_ms: EXPIRY_NOTICE_THROTTLE_MS,
    });
    // Every member is told, not only the owner.
    const viewer = await addMember(server.ctx, team, 'onlooker');
    const seen = await asUser(server.app, viewer.token).get(
      `/api/team/seat/expire_notice?team_id=${team.id}`,
    );
    expect(seen.result.expire_info.left_days).toBe(10);
  });

  it('shows from 30 days left, and not with 31', async () => {
    const level3 = await buildTeam(server.ctx);
    await setPlan(level3, 3, 31);
    expect((await noticeOf(level3)).expire_info).toMatchObject({
      package_level: 3,
      left_days: 30,
      diffDay: 31,
    });
    const later = await buildTeam(server.ctx);
    await setPlan(later, 2, 32);
    expect((await noticeOf(later)).expire_info).toBeNull();
    await setPlan(later, 2, 365);
    expect((await noticeOf(later)).expire_info).toBeNull();
  });

  it('counts down with the clock', async () => {
    const team = await buildTeam(server.ctx);
    await setPlan(team, 2, 35);
    expect((await noticeOf(team)).expire_info).toBeNull();
    server.advance(5 * Limits.msPerDay);
    expect((await noticeOf(team)).expire_info).toMatchObject({ left_days: 29, diffDay: 30 });
  });
});

describe('the member limit on joining', () => {
  it('refuses a joiner past the plan limit with 19017, and lets them in once the plan allows more', async () => {
    const team = await buildTeam(server.ctx);
    for (let i = 1; i < PlanLimits[1].memberMax; i++) await addMember(server.ctx, team, 'member');
    const link = (
      await asUser(server.app, team.owner.token).get(
        `/api/account/team_invite_link?team_id=${team.id}&role=member`,
      )
    ).result;
    const joiner = await buildUser(server.ctx);
    const join = () => asUser(server.app, joiner.token).post('/api/account/join_by_link', link);

    const refused = await join();
    expect(refused.code).toBe(Codes.TEAM_MEMBER_LIMIT.code);
    expect(refused.msg).toBe('The team member limit is reached');
    expect((await asUser(server.app, joiner.token).get('/api/account/user_teams')).result).toEqual([]);

    // A lapsed paid plan is free again: still full.
    await setPlan(team, 2, -1);
    expect((await join()).code).toBe(Codes.TEAM_MEMBER_LIMIT.code);

    await setPlan(team, 2, 60);
    const joined = await join();
    expect(joined.code).toBe('00000');
    expect(joined.result).toMatchObject({ id: team.id, role: { type: 'member' } });
    expect((await seatsOf(team)).used).toBe(PlanLimits[1].memberMax + 1);
  });
});

describe('the team:plan and team:type commands', () => {
  it('set a plan and a type, and say what they did', async () => {
    const team = await buildTeam(server.ctx, { name: 'Billing' });
    expect(await runCommand(server.ctx.db, ['team:plan', team.id, '2', '--expires', '2031-01-31'])).toBe(
      'team Billing: package level 2 until 2031-01-31',
    );
    expect(await quotaOf(team)).toMatchObject({ package_level: 2, member_max: PlanLimits[2].memberMax });
    expect(await runCommand(server.ctx.db, ['team:plan', team.id, '1'])).toBe(
      'team Billing: package level 1',
    );
    expect(await quotaOf(team)).toMatchObject({ package_level: 1, member_max: PlanLimits[1].memberMax });
    expect(await runCommand(server.ctx.db, ['team:type', team.id, 'enterprise3'])).toBe(
      'team Billing: type enterprise3',
    );
    expect((await quotaOf(team)).member_max).toBe(-1);
  });

  it('refuse an unknown team, a bad level or type, a paid level without --expires and a bad date', async () => {
    const team = await buildTeam(server.ctx);
    const unknown = '00000000-0000-4000-8000-000000000000';
    await expect(runCommand(server.ctx.db, ['team:plan', unknown, '1'])).rejects.toThrow(
      `no team ${unknown}`,
    );
    await expect(runCommand(server.ctx.db, ['team:type', unknown, 'enterprise'])).rejects.toThrow(
      `no team ${unknown}`,
    );
    for (const level of ['0', '4', 'two', '']) {
      await expect(
        runCommand(server.ctx.db, ['team:plan', team.id, level, '--expires', '2031-01-31']),
      ).rejects.toThrow(/^usage: team:plan/);
    }
    await expect(runCommand(server.ctx.db, ['team:plan', team.id, '2'])).rejects.toThrow(
      'paid levels need --expires',
    );
    await expect(runCommand(server.ctx.db, ['team:plan', team.id, '3', '--expires'])).rejects.toThrow(
      '--expires wants a date',
    );
    await expect(
      runCommand(server.ctx.db, ['team:plan', team.id, '2', '--expires', '31/01/2031']),
    ).rejects.toThrow('--expires wants a date');
    // A day that does not exist is refused, not rolled over into the next month.
    await expect(
      runCommand(server.ctx.db, ['team:plan', team.id, '2', '--expires', '2031-02-30']),
    ).rejects.toThrow('--expires wants a date');
    // An id that is not even a team id reads as an unknown team, not as a database error.
    await expect(runCommand(server.ctx.db, ['team:plan', 'acme', '1'])).rejects.toThrow('no team acme');
    await expect(runCommand(server.ctx.db, ['team:type', 'acme', 'enterprise'])).rejects.toThrow(
      'no team acme',
    );
    await expect(runCommand(server.ctx.db, ['team:type', team.id, 'premium'])).rejects.toThrow(
      /^usage: team:type/,
    );
    await expect(runCommand(server.ctx.db, ['team:upgrade', team.id])).rejects.toThrow(/^commands:/);
    // Nothing the refused commands named was applied.
    expect(await quotaOf(team)).toMatchObject({
      package_level: 1,
      member_max: PlanLimits[1].memberMax,
      edition_plan: 1,
    });
  });
});
