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

const larkUser = () => ({ id: `ou_${crypto.randomUUID().replaceAll('-', '')}`, name: 'Lark Lin' });

describe('Lark sign-in', () => {
  it('goes to Lark and back to the launch page; unlinked, lark_login binds it; then it signs in alone', async () => {
    const person = await buildUser(server.ctx);
    const who = larkUser();
    const start = await anonymous(server.app).post('/api/account/thirdpartylogin', { provider: 'lark' });
    const authorize = new URL(start.result.url);
    expect(authorize.pathname).toBe('/open-apis/authen/v1/authorize');
    expect(authorize.searchParams.get('app_id')).toBe('fake-app-id');
    fake.nextUser('lark', who);
    const back = await deliverCallback(server, await scan(start.result.url));
    expect(back.status).toBe(302);
    expect(back.location).toMatch(/\/web\/#\/user\/chat\/launch\?provider=lark$/);

    const info = await anonymous(server.app).get(`/api/account/lark_info?ticket=${start.result.ticket}`);
    expect(info.result).toMatchObject({ status: 'unlinked', provider: 'lark', nickname: 'Lark Lin' });
    const login = await anonymous(server.app).post('/api/account/lark_login', {
      ticket: start.result.ticket,
      email: person.email,
      password: person.password,
    });
    expect(login.result.user.id).toBe(person.id);

    const me = asUser(server.app, login.result.token);
    expect((await me.get(`/api/account/check_lark?open_id=${who.id}`)).result).toEqual({
      is_bind: 1,
      has_lark_user: 1,
    });
    expect((await me.get('/api/account/check_lark?open_id=ou_nobody')).result).toEqual({
      is_bind: 0,
      has_lark_user: 0,
    });
    const stranger = await buildUser(server.ctx);
    expect(
      (await asUser(server.app, stranger.token).get(`/api/account/check_lark?open_id=${who.id}`)).result,
    ).toEqual({
      is_bind: 0,
      has_lark_user: 1,
    });
    expect((await me.get('/api/account/chat_binds')).result.open_id).toBe(who.id);
    expect((await me.get('/api/account/userinfo')).result.open_id).toBe(who.id);

    const again = await anonymous(server.app).post('/api/account/thirdpartylogin', { provider: 'lark' });
    fake.nextUser('lark', who);
    await deliverCallback(server, await scan(again.result.url));
    const signedIn = await anonymous(server.app).get(`/api/account/lark_info?ticket=${again.result.ticket}`);
    expect(signedIn.result.login.user.id).toBe(person.id);
    // A Lark ticket is not WeChat's.
    const wrongKind = await anonymous(server.app).get(
      `/api/account/wechatlogin?ticket=${again.result.ticket}`,
    );
    expect(wrongKind.code).toBe(Codes.CHAT_TICKET_INVALID.code);

    expect((await me.put('/api/account/lark_unbind')).code).toBe(Codes.OK.code);
    expect((await me.put('/api/account/lark_unbind')).code).toBe(Codes.CHAT_NOT_BOUND.code);
    expect((await me.get('/api/account/chat_binds')).result.open_id).toBe('');
  });

  it('a refused exchange comes back to the launch page, whose poll says why', async () => {
    const start = await anonymous(server.app).post('/api/account/thirdpartylogin', { provider: 'lark' });
    fake.failNextExchange('lark');
    const back = await deliverCallback(server, await scan(start.result.url));
    expect(back.location).toContain(`error=${Codes.CHAT_PROVIDER_FAILED.code}`);
    const poll = await anonymous(server.app, 'zh-CN').get(
      `/api/account/lark_info?ticket=${start.result.ticket}`,
    );
    expect(poll.result).toMatchObject({ status: 'failed', msg: Codes.CHAT_PROVIDER_FAILED.zh });
  });
});

describe('work-WeChat binding', () => {
  it('binds through qrConnect, reports the binding, refuses another user, and unbinds', async () => {
    const person = await buildUser(server.ctx);
    const me = asUser(server.app, person.token);
    expect((await me.get('/api/pigeon/work-wechat/user/bind')).result).toEqual({ is_bind: 0, nickname: '' });
    const start = await me.post('/api/pigeon/work-wechat/user/bind');
    const authorize = new URL(start.result.url);
    expect(authorize.pathname).toBe('/wwopen/sso/qrConnect');
    expect(authorize.searchParams.get('agentid')).toBe('1000002');
    fake.nextUser('work_wechat', { id: 'zhangsan', name: '张三' });
    await deliverCallback(server, await scan(start.result.url));
    const process = await me.get(`/api/account/chat_binds/process?ticket=${start.result.ticket}`);
    expect(process.result.status).toBe('bound');
    expect((await me.get('/api/pigeon/work-wechat/user/bind')).result).toEqual({
      is_bind: 1,
      nickname: '张三',
    });

    const other = await buildUser(server.ctx);
    const theirs = await asUser(server.app, other.token).post('/api/pigeon/work-wechat/user/bind');
    fake.nextUser('work_wechat', { id: 'zhangsan', name: '张三' });
    const back = await deliverCallback(server, await scan(theirs.result.url));
    expect(back.location).toContain(`error=${Codes.CHAT_ACCOUNT_TAKEN.code}`);

    expect((await me.delete('/api/pigeon/work-wechat/user/bind')).code).toBe(Codes.OK.code);
    expect((await me.delete('/api/pigeon/work-wechat/user/bind')).code).toBe(Codes.CHAT_NOT_BOUND.code);
    expect((await me.delete('/api/account/chat_binds/telegram')).code).toBe(Codes.INVALID_INPUT.code);
  });
});

describe('providers that are not configured', () => {
  let bare: TestServer;
  beforeAll(async () => {
    bare = await startTestServer();
  });
  afterAll(() => bare.close());

  it('are off: login_url says so and their calls answer 19180 in both languages', async () => {
    expect((await anonymous(bare.app).get('/api/account/login_url')).result.providers).toEqual({
      wechat: false,
      lark: false,
      work_wechat: false,
      dingtalk: false,
    });
    const person = await buildUser(bare.ctx);
    const me = asUser(bare.app, person.token, 'zh-CN');
    const refusals = [
      await anonymous(bare.app).post('/api/account/wechatlogin'),
      await anonymous(bare.app).post('/api/account/thirdpartylogin', { provider: 'lark' }),
      await me.get('/api/wechat/follow'),
      await me.put('/api/account/lark_unbind'),
      await me.get('/api/account/check_lark?open_id=ou_x'),
      await me.post('/api/pigeon/work-wechat/user/bind'),
      await me.get('/api/pigeon/work-wechat/user/bind'),
    ];
    for (const refusal of refusals) expect(refusal.code).toBe(Codes.CHAT_PROVIDER_OFF.code);
    expect(refusals[2].msg).toBe(Codes.CHAT_PROVIDER_OFF.zh);
    expect(refusals[0].msg).toBe(Codes.CHAT_PROVIDER_OFF.en);
    expect((await me.get('/api/account/chat_binds')).result.bindings).toEqual([]);
  });

  it('half a configuration is refused at start', () => {
    expect(() => loadConfig({ LARK_APP_ID: 'only-the-id' })).toThrow(/LARK_APP_SECRET/);
  });

  it('an unreachable provider fails the sign-in with 19183', async () => {
    const unreachable = await startTestServer({ ...fake.env(), WECHAT_API_BASE: 'http://127.0.0.1:9' });
    try {
      const start = await anonymous(unreachable.app).post('/api/account/wechatlogin');
      const page = await deliverCallback(unreachable, await scan(start.result.qrcode_url));
      expect(page.body).toContain(Codes.CHAT_PROVIDER_FAILED.en);
      const poll = await anonymous(unreachable.app).get(
        `/api/account/wechatlogin?ticket=${start.result.ticket}`,
      );
      expect(poll.result.status).toBe('failed');
    } finally {
      await unreachable.close();
    }
  });
});
