import { Codes } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { anonymous, asUser } from '../../test/api.js';
import { type FakeChatProviders, scan, startFakeChatProviders } from '../../test/chat-providers.js';
import { deliverCallback } from '../../test/chat-sign-in.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { buildUser } from '../../test/factories.js';

let fake: FakeChatProviders;
let server: TestServer;
beforeAll(async () => {
  fake = await startFakeChatProviders();
  server = await startTestServer(fake.env());
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const dingtalkUser = () => ({ id: `ding-${crypto.randomUUID()}`, name: '钉钉用户' });
const LANDING = /\/web\/#\/user\/dingtalk\/landing\?provider=dingtalk$/;
const errorPage = (code: string) => `/web/#/user/dingtalk/login-error?provider=dingtalk&error=${code}`;

async function startSignIn(app = server) {
  return (await anonymous(app.app).post('/api/account/thirdpartylogin', { provider: 'dingtalk' })).result;
}
const poll = (ticket: string, lang?: 'zh-CN' | 'en-US') =>
  anonymous(server.app, lang).get(`/api/account/thirdpartylogin?ticket=${ticket}`);

describe('DingTalk sign-in', () => {
  it('goes to oauth2/auth and back with authCode; unlinked, it binds with the password; then signs in alone', async () => {
    const person = await buildUser(server.ctx);
    const who = dingtalkUser();
    const start = await startSignIn();
    const authorize = new URL(start.url);
    expect(authorize.pathname).toBe('/oauth2/auth');
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: 'fake-app-id',
      response_type: 'code',
      scope: 'openid',
      prompt: 'consent',
      redirect_uri: expect.stringMatching(/\/api\/account\/thirdpartylogin\/callback\/dingtalk$/),
    });
    fake.nextUser('dingtalk', who);
    const returned = await scan(start.url);
    expect(new URL(returned).searchParams.get('authCode')).toBeTruthy();
    const back = await deliverCallback(server, returned);
    expect(back.status).toBe(302);
    expect(back.location).toMatch(LANDING);

    expect((await poll(start.ticket)).result).toMatchObject({
      status: 'unlinked',
      provider: 'dingtalk',
      nickname: '钉钉用户',
    });
    const login = await anonymous(server.app).post('/api/account/thirdpartylogin/bind', {
      ticket: start.ticket,
      email: person.email,
      password: person.password,
    });
    expect(login.result.user.id).toBe(person.id);
    const bindings = await asUser(server.app, login.result.token).get('/api/account/chat_binds');
    expect(bindings.result.bindings).toContainEqual(
      expect.objectContaining({ provider: 'dingtalk', bound: 1, nickname: '钉钉用户' }),
    );

    const again = await startSignIn();
    fake.nextUser('dingtalk', who);
    expect((await deliverCallback(server, await scan(again.url))).location).toMatch(LANDING);
    const signedIn = await poll(again.ticket);
    expect(signedIn.result.status).toBe('signed_in');
    expect(signedIn.result.login.user.id).toBe(person.id);
  });

  it('signs in the user who bound DingTalk in the settings, and takes `code` as well as `authCode`', async () => {
    const person = await buildUser(server.ctx);
    const who = dingtalkUser();
    const binding = await asUser(server.app, person.token).post('/api/account/chat_binds', {
      provider: 'dingtalk',
    });
    fake.nextUser('dingtalk', who);
    await deliverCallback(server, await scan(binding.result.url));
    const process = await asUser(server.app, person.token).get(
      `/api/account/chat_binds/process?ticket=${binding.result.ticket}`,
    );
    expect(process.result.status).toBe('bound');

    const start = await startSignIn();
    fake.nextUser('dingtalk', who);
    const returned = new URL(await scan(start.url));
    returned.searchParams.set('code', returned.searchParams.get('authCode') ?? '');
    returned.searchParams.delete('authCode');
    expect((await deliverCallback(server, returned.toString())).location).toMatch(LANDING);
    expect((await poll(start.ticket)).result.login.user.id).toBe(person.id);
  });

  it('a wrong code is refused: the error page says so, and so does the poll', async () => {
    const start = await startSignIn();
    const returned = new URL(await scan(start.url));
    returned.searchParams.set('authCode', 'not-a-code');
    const back = await deliverCallback(server, returned.toString());
    expect(back.location).toContain(errorPage(Codes.CHAT_PROVIDER_FAILED.code));
    expect((await poll(start.ticket, 'zh-CN')).result).toMatchObject({
      status: 'failed',
      code: Codes.CHAT_PROVIDER_FAILED.code,
      msg: Codes.CHAT_PROVIDER_FAILED.zh,
    });
  });

  it("DingTalk's error answers (a refused exchange, a wrong app secret) fail the sign-in with 19183", async () => {
    const start = await startSignIn();
    fake.failNextExchange('dingtalk');
    const back = await deliverCallback(server, await scan(start.url));
    expect(back.location).toContain(errorPage(Codes.CHAT_PROVIDER_FAILED.code));

    const wrongSecret = await startTestServer({ ...fake.env(), DINGTALK_APP_SECRET: 'not-the-secret' });
    try {
      const theirs = await startSignIn(wrongSecret);
      const refused = await deliverCallback(wrongSecret, await scan(theirs.url));
      expect(refused.location).toContain(errorPage(Codes.CHAT_PROVIDER_FAILED.code));
      const answer = await anonymous(wrongSecret.app).get(
        `/api/account/thirdpartylogin?ticket=${theirs.ticket}`,
      );
      expect(answer.result.status).toBe('failed');
    } finally {
      await wrongSecret.close();
    }
  });

  it('a state is taken once: its replay is refused with 19181', async () => {
    const start = await startSignIn();
    fake.nextUser('dingtalk', dingtalkUser());
    const returned = await scan(start.url);
    expect((await deliverCallback(server, returned)).location).toMatch(LANDING);
    const replay = await deliverCallback(server, returned);
    expect(replay.status).toBe(302);
    expect(replay.location).toContain(errorPage(Codes.CHAT_STATE_INVALID.code));
    expect((await poll(start.ticket)).result.status).toBe('unlinked');
  });
});

describe('DingTalk not configured', () => {
  let bare: TestServer;
  beforeAll(async () => {
    bare = await startTestServer();
  });
  afterAll(() => bare.close());

  it('is off: login_url says so, its sign-in, binding and callback answer 19180', async () => {
    expect((await anonymous(bare.app).get('/api/account/login_url')).result.providers.dingtalk).toBe(false);
    const person = await buildUser(bare.ctx);
    const refusals = [
      await anonymous(bare.app, 'zh-CN').post('/api/account/thirdpartylogin', { provider: 'dingtalk' }),
      await asUser(bare.app, person.token).post('/api/account/chat_binds', { provider: 'dingtalk' }),
      await anonymous(bare.app).get('/api/account/thirdpartylogin/callback/dingtalk?authCode=x&state=y'),
    ];
    for (const refusal of refusals) expect(refusal.code).toBe(Codes.CHAT_PROVIDER_OFF.code);
    expect(refusals[0].msg).toBe(Codes.CHAT_PROVIDER_OFF.zh);
  });

  it('half a configuration is refused at start', () => {
    expect(() => loadConfig({ DINGTALK_APP_KEY: 'only-the-key' })).toThrow(/DINGTALK_APP_SECRET/);
    expect(() => loadConfig({ DINGTALK_APP_SECRET: 'only-the-secret' })).toThrow(/DINGTALK_APP_KEY/);
  });
});
