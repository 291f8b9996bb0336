import { Codes } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { encryptPassword } from '../../test/crypto.js';
import { addMember, buildTeam, buildUser } from '../../test/factories.js';

let server: TestServer;
let publicKey: string;
beforeAll(async () => {
  server = await startTestServer();
  publicKey = (await anonymous(server.app).get('/api/account/public_key')).result.public_key;
});
afterAll(() => server.close());

const encrypt = (password: string) => encryptPassword(publicKey, password);

describe('password change', () => {
  it('changes the password and ends every other session with HTTP 420', async () => {
    const user = await buildUser(server.ctx);
    const other = await anonymous(server.app).post('/api/account/login', {
      email: user.email,
      password: user.password,
    });
    const answer = await asUser(server.app, user.token).post('/api/passport/modify_account_password', {
      old_password: encrypt(user.password),
      new_password: encrypt('Brand-new1'),
    });
    expect(answer.code).toBe('00000');

    const stale = await asUser(server.app, other.result.token).get('/api/account/userinfo');
    expect(stale.status).toBe(420);
    expect(stale.code).toBe(Codes.PASSWORD_CHANGED.code);
    expect((await asUser(server.app, user.token).get('/api/account/userinfo')).status).toBe(200);

    const oldLogin = await anonymous(server.app).post('/api/account/login', {
      email: user.email,
      password: user.password,
    });
    expect(oldLogin.code).toBe(Codes.WRONG_PASSWORD.code);
    const newLogin = await anonymous(server.app).post('/api/account/login', {
      email: user.email,
      password: 'Brand-new1',
    });
    expect(newLogin.code).toBe('00000');
  });

  it('refuses plain-text password fields', async () => {
    const user = await buildUser(server.ctx);
    const answer = await asUser(server.app, user.token).post('/api/passport/modify_account_password', {
      old_password: user.password,
      new_password: 'Brand-new1',
    });
    expect(answer.code).toBe(Codes.PASSWORD_NOT_ENCRYPTED.code);
    const login = await anonymous(server.app).post('/api/account/login', {
      email: user.email,
      password: user.password,
    });
    expect(login.code).toBe('00000');
  });

  it('refuses a wrong current password and a new password that breaks the rules', async () => {
    const user = await buildUser(server.ctx);
    const client = asUser(server.app, user.token);
    const wrongOld = await client.post('/api/passport/modify_account_password', {
      old_password: encrypt('not-it-1'),
      new_password: encrypt('Brand-new1'),
    });
    expect(wrongOld.code).toBe(Codes.OLD_PASSWORD_WRONG.code);
    const tooShort = await client.post('/api/passport/modify_account_password', {
      old_password: encrypt(user.password),
      new_password: encrypt('short'),
    });
    expect(tooShort.code).toBe(Codes.INVALID_INPUT.code);
    expect(tooShort.msg).toBe('The password must be 8 to 16 characters');
  });

  it('verify_user_password checks an encrypted password', async () => {
    const user = await buildUser(server.ctx);
    const client = asUser(server.app, user.token);
    expect(
      (await client.post('/api/passport/verify_user_password', { password: encrypt(user.password) })).result,
    ).toEqual({
      verified: true,
    });
    const wrong = await client.post('/api/passport/verify_user_password', {
      password: encrypt('nope-nope1'),
    });
    expect(wrong.code).toBe(Codes.WRONG_PASSWORD.code);
  });
});

describe('user info', () => {
  it('changes the own name to one of several words, and refuses an empty one or one over 50 characters', async () => {
    const user = await buildUser(server.ctx);
    const client = asUser(server.app, user.token);
    expect((await client.put('/api/account/userinfo', { name: 'Mia Chen' })).result.name).toBe('Mia Chen');
    expect((await client.get('/api/account/userinfo')).result.name).toBe('Mia Chen');
    expect((await client.put('/api/account/userinfo', { nickname: ' Mia C ' })).result.nickname).toBe(
      'Mia C',
    );
    expect((await client.put('/api/account/userinfo', { name: '   ' })).code).toBe(Codes.INVALID_INPUT.code);
    expect((await client.put('/api/account/userinfo', { name: 'x'.repeat(51) })).code).toBe(
      Codes.INVALID_INPUT.code,
    );
    expect((await client.get('/api/account/userinfo')).result.name).toBe('Mia Chen');
  });

  it('lets an admin give a member a team nickname of several words', async () => {
    const team = await buildTeam(server.ctx);
    const member = await addMember(server.ctx, team, 'member');
    const answer = await asUser(server.app, team.owner.token).put('/api/account/team_settings', {
      team_id: team.id,
      user_id: member.id,
      nickname: 'Mia Chen',
    });
    expect(answer.code).toBe('00000');
    const own = await asUser(server.app, member.token).get(
      `/api/account/user_in_team_nickname?team_id=${team.id}`,
    );
    expect(own.result.nickname).toBe('Mia Chen');
  });
});

describe('settings and profile', () => {
  it('keeps web_main as a JSON string and refuses anything else', async () => {
    const user = await buildUser(server.ctx);
    const client = asUser(server.app, user.token);
    expect((await client.get('/api/account/user_settings?settings_type=web_main')).result).toEqual({
      web_main: '{}',
    });
    const value = JSON.stringify({ teamStatus: { folderId: 'all', team_id: 'x' } });
    expect((await client.put('/api/account/user_settings', { web_main: value })).code).toBe('00000');
    expect((await client.get('/api/account/user_settings?settings_type=web_main')).result.web_main).toBe(
      value,
    );
    expect((await client.put('/api/account/user_settings', { web_main: 'not json' })).code).toBe(
      Codes.INVALID_INPUT.code,
    );
    expect((await client.put('/api/account/user_settings', { other: '{}' })).code).toBe(
      Codes.INVALID_INPUT.code,
    );
    expect((await client.get('/api/account/user_settings?settings_type=secrets')).code).toBe(
      Codes.INVALID_INPUT.code,
    );
  });

  it('restores the saved team at sign-in, or the first team when the user left it', async () => {
    const user = await buildUser(server.ctx);
    const first = await buildTeam(server.ctx, { owner: user, name: 'First' });
    const other = await buildTeam(server.ctx);
    await addMember(server.ctx, other, 'member', user);
    const client = asUser(server.app, user.token);
    const status = { folderId: 'design', team_id: other.id, role: 'member', teamName: other.name };
    await client.put('/api/account/user_settings', { web_main: JSON.stringify({ teamStatus: status }) });

    const login = await anonymous(server.app).post('/api/account/login', {
      email: user.email,
      password: user.password,
    });
    expect(login.result.team_status).toEqual(status);

    const stranger = await buildTeam(server.ctx);
    const foreign = { ...status, team_id: stranger.id };
    await client.put('/api/account/user_settings', { web_main: JSON.stringify({ teamStatus: foreign }) });
    const again = await client.get('/api/account/login');
    expect(again.result.team_status).toEqual({
      folderId: 'all',
      team_id: first.id,
      role: 'superadmin',
      teamName: 'First',
    });
  });

  it('keeps the profile groups with their defaults and known keys only', async () => {
    const user = await buildUser(server.ctx);
    const client = asUser(server.app, user.token);
    expect((await client.get('/api/account/user_profile?group=wxDialogShowed')).result).toEqual({
      isSeenDialog: false,
    });
    await client.post('/api/account/user_profile', {
      info: { wxDialogShowed: { isSeenDialog: true, evil: 1 } },
    });
    expect((await client.get('/api/account/user_profile?group=wxDialogShowed')).result).toEqual({
      isSeenDialog: true,
    });
    expect((await client.get('/api/account/user_profile?group=longLive')).result).toEqual({
      isLongShow: false,
    });
    expect((await client.get('/api/account/user_profile?group=nope')).code).toBe(Codes.INVALID_INPUT.code);
    expect((await client.post('/api/account/user_profile', { info: { nope: {} } })).code).toBe(
      Codes.INVALID_INPUT.code,
    );
  });
});
