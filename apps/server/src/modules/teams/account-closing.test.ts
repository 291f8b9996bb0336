import { Codes, Limits, RecoveryLimits } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeTrash } from '../../jobs/purge-trash.js';
import { anonymous, asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { encryptPassword } from '../../test/crypto.js';
import { addMember, type BuiltUser, buildTeam, buildUser } from '../../test/factories.js';
import { sessions, users } from '../account/tables.js';
import { ERASED_ACCOUNT_NAME } from './account-closing.js';
import { teamMembers, teams } from './tables.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { ownDatabase: true });
});
afterAll(() => server.close());

const encrypt = (password: string) => encryptPassword(server.ctx.cipher.publicPem, password);
const as = (user: BuiltUser) => asUser(server.app, user.token);

async function logoffProof(user: BuiltUser) {
  const proved = await as(user).post('/api/passport/verify_pwd', {
    scene: 'logoff',
    password: encrypt(user.password),
  });
  return proved.result.scene_code as string;
}

const logoff = async (user: BuiltUser, sceneCode?: string) =>
  as(user).post('/api/passport/logoff', {
    reason: { checks: ['switched_tool'], other: 'moved on' },
    scene_code: sceneCode ?? (await logoffProof(user)),
    logoff_type: 'self',
  });

describe('closing an account', () => {
  it('is refused while the user is the super admin of a team with other members', async () => {
    const team = await buildTeam(server.ctx);
    await addMember(server.ctx, team, 'member');
    const check = await as(team.owner).post('/api/passport/logoff_check');
    expect(check.result).toMatchObject({
      can_logoff: false,
      blockers: [{ team_id: team.id, team_name: team.name, member_count: 2 }],
      grace_days: RecoveryLimits.closedAccountGraceDays,
    });
    const refused = await logoff(team.owner);
    expect(refused.code).toBe(Codes.LOGOFF_TRANSFER_FIRST.code);
    expect(refused.msg).toBe(
      'You are the super administrator of a team that still has other members: transfer the team first',
    );
    expect((await as(team.owner).get('/api/account/userinfo')).code).toBe('00000');
  });

  it('needs a fresh proof of the logoff scene, used once', async () => {
    const user = await buildUser(server.ctx);
    expect((await logoff(user, 'not-a-proof')).code).toBe(Codes.SCENE_NOT_VERIFIED.code);
    const emailProof = await as(user).post('/api/passport/verify_pwd', {
      scene: 'modify_email',
      password: encrypt(user.password),
    });
    expect((await logoff(user, emailProof.result.scene_code)).code).toBe(Codes.SCENE_NOT_VERIFIED.code);
    expect((await anonymous(server.app).post('/api/passport/logoff', {})).status).toBe(401);
  });

  it('disables the account at once: 39998 for its sessions and its sign-in, out of its teams', async () => {
    const team = await buildTeam(server.ctx);
    const member = await addMember(server.ctx, team, 'admin');
    const secondSession = await anonymous(server.app).post('/api/account/login', {
      email: member.email,
      password: member.password,
    });
    const own = await buildTeam(server.ctx, { owner: member });
    const check = await as(member).post('/api/passport/logoff_check');
    expect(check.result.teams_dissolved).toEqual([{ team_id: own.id, team_name: own.name }]);

    expect((await logoff(member)).code).toBe('00000');
    for (const token of [member.token, secondSession.result.token]) {
      const after = await asUser(server.app, token).get('/api/account/userinfo');
      expect(after.code).toBe(Codes.ACCOUNT_CANCELLED.code);
    }
    const signIn = await anonymous(server.app).post('/api/account/login', {
      email: member.email,
      password: member.password,
    });
    expect(signIn.code).toBe(Codes.ACCOUNT_CANCELLED.code);
    expect(signIn.msg).toBe('User account cancelled');
    const left = await server.ctx.db.select().from(teamMembers).where(eq(teamMembers.userId, member.id));
    expect(left).toEqual([]);
    const [dissolved] = await server.ctx.db.select().from(teams).where(eq(teams.id, own.id));
    expect(dissolved.dissolvedAt).not.toBeNull();
    const [kept] = await server.ctx.db.select().from(teams).where(eq(teams.id, team.id));
    expect(kept.dissolvedAt).toBeNull();
    const [row] = await server.ctx.db.select().from(users).where(eq(users.id, member.id));
    expect(row.closingReason).toEqual({ checks: ['switched_tool'], other: 'moved on' });
  });

  it('keeps the comments and erases the personal data after the grace period, freeing the address', async () => {
    const user = await buildUser(server.ctx, { name: 'Ada Lovelace' });
    await as(user).put('/api/account/user_settings', { web_main: '{"teamStatus":null}' });
    expect((await logoff(user)).code).toBe('00000');

    await purgeTrash(server.ctx);
    const [during] = await server.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(during).toMatchObject({ name: 'Ada Lovelace', email: user.email, erasedAt: null });

    server.advance(RecoveryLimits.closedAccountGraceDays * Limits.msPerDay + 1000);
    await purgeTrash(server.ctx);
    const [erased] = await server.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(erased.name).toBe(ERASED_ACCOUNT_NAME);
    expect(erased.email).toBe(`closed-${user.id}@closed.invalid`);
    expect(erased.closingReason).toBeNull();
    expect(await server.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    const again = await anonymous(server.app).post('/api/account/register', {
      email: user.email,
      password: 'Another-1',
    });
    expect(again.result.token).toBeTruthy();
  });
});

describe("a team's allowed e-mail suffixes", () => {
  it('are set by the super admin only and keep out other addresses', async () => {
    const team = await buildTeam(server.ctx);
    const admin = await addMember(server.ctx, team, 'admin');
    const set = (user: BuiltUser, suffixes: unknown) =>
      as(user).put('/api/enterprise/email_suffix', { team_id: team.id, suffixes });
    expect((await set(admin, ['example.org'])).code).toBe(Codes.NO_PERMISSION.code);
    const stranger = await buildTeam(server.ctx);
    expect((await set(stranger.owner, ['example.org'])).code).not.toBe('00000');
    expect((await set(team.owner, ['not a domain'])).msg).toBe(
      'An e-mail suffix must be a domain such as example.com',
    );
    expect((await set(team.owner, ['@Corp.Example', 'corp.example'])).result.suffixes).toEqual([
      'corp.example',
    ]);
    expect((await as(admin).get(`/api/enterprise/email_suffix?team_id=${team.id}`)).result.suffixes).toEqual([
      'corp.example',
    ]);

    const invite = await as(team.owner).put('/api/account/invite_member', {
      team_id: team.id,
      emails: ['someone@example.com'],
      role: 'member',
    });
    expect(invite.code).toBe(Codes.EMAIL_SUFFIX_NOT_ALLOWED.code);
    const link = await as(team.owner).get(`/api/account/team_invite_link?team_id=${team.id}&role=member`);
    const { inviteSign, time, token } = link.result;
    const query = { inviteSign, time, token };
    const outsider = await buildUser(server.ctx);
    const join = await as(outsider).post('/api/account/join_by_link', query);
    expect(join.code).toBe(Codes.EMAIL_SUFFIX_NOT_ALLOWED.code);
    const insider = await buildUser(server.ctx, { email: `dev-${crypto.randomUUID()}@eu.corp.example` });
    expect((await as(insider).post('/api/account/join_by_link', query)).code).toBe('00000');
  });
});
