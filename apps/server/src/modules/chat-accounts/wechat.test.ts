import { Codes } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, asUser } from '../../test/api.js';
import { type FakeChatProviders, scan, startFakeChatProviders } from '../../test/chat-providers.js';
import { deliverCallback } from '../../test/chat-sign-in.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { buildUser } from '../../test/factories.js';

let fake: FakeChatProviders;
let server: TestServer;
beforeAll(async () => {
  fake = await startFakeChatProviders();
  // The website app alone: binding goes through qrconnect too (official-account.test.ts has the account's QR).
  server = await startTestServer({
    ...fake.env(),
    WECHAT_MP_APP_ID: '',
    WECHAT_MP_APP_SECRET: '',
    WECHAT_MP_TOKEN: '',
  });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const wechatUser = () => ({
  id: `wx-${crypto.randomUUID()}`,
  name: `微信用户${Math.floor(Math.random() * 1000)}`,
});

/** Starts a QR sign-in, scans it as `who`, and answers the ticket and the callback's page. */
async function scanToSignIn(who: { id: string; name: string }) {
  const start = await anonymous(server.app).post('/api/account/wechatlogin');
  expect(start.code).toBe(Codes.OK.code);
  fake.nextUser('wechat', who);
  const location = await scan(start.result.qrcode_url);
  return { ticket: start.result.ticket as string, location, page: await deliverCallback(server, location) };
}

const poll = (ticket: string) => anonymous(server.app).get(`/api/account/wechatlogin?ticket=${ticket}`);

describe('WeChat QR sign-in', () => {
  it("names the configured providers, and the QR is the provider's qrconnect address with a fresh state", async () => {
    const answer = await anonymous(server.app).get('/api/account/login_url');
    expect(answer.result.providers).toEqual({
      wechat: true,
      lark: true,
      work_wechat: true,
      dingtalk: true,
    });
    const start = await anonymous(server.app).post('/api/account/wechatlogin');
    const qr = new URL(start.result.qrcode_url);
    expect(qr.pathname).toBe('/connect/qrconnect');
    expect(qr.searchParams.get('scope')).toBe('snsapi_login');
    expect(qr.searchParams.get('redirect_uri')).toMatch(/\/api\/account\/thirdpartylogin\/callback\/wechat$/);
    expect(Buffer.from(qr.searchParams.get('state') ?? '', 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(start.result.ticket).not.toBe(qr.searchParams.get('state'));
    expect(start.result.expires_in).toBe(120);
    expect((await poll(start.result.ticket)).result.status).toBe('waiting');
  });

  it('first scan has no link: binding with the password signs in, and the next scan signs in by itself', async () => {
    const person = await buildUser(server.ctx);
    const who = wechatUser();
    const first = await scanToSignIn(who);
    expect(first.page.status).toBe(200);
    expect(first.page.body).toContain('Confirmed');
    const unlinked = await poll(first.ticket);
    expect(unlinked.result).toMatchObject({ status: 'unlinked', nickname: who.name });
    expect(unlinked.result.login).toBeUndefined();

    const wrong = await anonymous(server.app).post('/api/account/thirdpartylogin/bind', {
      ticket: first.ticket,
      email: person.email,
      password: 'not-the-password',
    });
    expect(wrong.code).toBe(Codes.WRONG_PASSWORD.code);
    expect(wrong.result.remaining_tries).toBe(9);

    const bound = await anonymous(server.app).post('/api/account/thirdpartylogin/bind', {
      ticket: first.ticket,
      email: person.email,
      password: person.password,
    });
    expect(bound.code).toBe(Codes.OK.code);
    expect(bound.result.user.id).toBe(person.id);
    const again = await anonymous(server.app).post('/api/account/thirdpartylogin/bind', {
      ticket: first.ticket,
      email: person.email,
      password: person.password,
    });
    expect(again.code).toBe(Codes.CHAT_TICKET_INVALID.code);

    const status = await asUser(server.app, bound.result.token).get('/api/account/wechat/bind_status');
    expect(status.result).toEqual({ bind_wechat: 1, wechat_nickname: who.name, bind_expired: 0 });

    const later = await scanToSignIn(who);
    const signedIn = await poll(later.ticket);
    expect(signedIn.result.status).toBe('signed_in');
    expect(signedIn.result.login.user.id).toBe(person.id);
    const session = await asUser(server.app, signedIn.result.login.token).get('/api/account/login');
    expect(session.result.user.id).toBe(person.id);
    // The session comes once: polling the same ticket again is refused.
    expect((await poll(later.ticket)).code).toBe(Codes.CHAT_TICKET_INVALID.code);
  });

  it('refuses a replayed state, an expired QR, and a code the provider turns down', async () => {
    const who = wechatUser();
    const first = await scanToSignIn(who);
    const replay = await deliverCallback(server, first.location);
    expect(replay.status).toBe(400);
    expect(replay.body).toContain(Codes.CHAT_STATE_INVALID.en);
    expect(replay.body).toContain(Codes.CHAT_STATE_INVALID.zh);
    expect((await poll(first.ticket)).result.status).toBe('unlinked');

    const late = await anonymous(server.app).post('/api/account/wechatlogin');
    server.advance(121_000);
    expect((await poll(late.result.ticket)).result.status).toBe('expired');
    const expired = await deliverCallback(server, await scan(late.result.qrcode_url));
    expect(expired.body).toContain(Codes.CHAT_STATE_EXPIRED.en);

    const refused = await anonymous(server.app).post('/api/account/wechatlogin');
    fake.failNextExchange('wechat');
    const page = await deliverCallback(server, await scan(refused.result.qrcode_url));
    expect(page.status).toBe(400);
    const failed = await poll(refused.result.ticket);
    expect(failed.result).toMatchObject({ status: 'failed', code: Codes.CHAT_PROVIDER_FAILED.code });

    const forged = await deliverCallback(
      server,
      `http://localhost/api/account/thirdpartylogin/callback/wechat?code=x&state=${'A'.repeat(43)}`,
    );
    expect(forged.body).toContain(Codes.CHAT_STATE_INVALID.en);
    expect((await poll('B'.repeat(43))).code).toBe(Codes.CHAT_TICKET_INVALID.code);
    expect((await poll('short')).code).toBe(Codes.INVALID_INPUT.code);
  });

  it('a scan that is not finished cannot be bound with a password', async () => {
    const person = await buildUser(server.ctx);
    const start = await anonymous(server.app).post('/api/account/wechatlogin');
    const early = await anonymous(server.app).post('/api/account/thirdpartylogin/bind', {
      ticket: start.result.ticket,
      email: person.email,
      password: person.password,
    });
    expect(early.code).toBe(Codes.CHAT_SIGN_IN_UNFINISHED.code);
  });
});

describe('binding WeChat for notices', () => {
  async function bindByQr(token: string, who: { id: string; name: string }, path = '/api/wechat/follow') {
    const start =
      path === '/api/wechat/follow'
        ? await asUser(server.app, token).get(path)
        : await asUser(server.app, token).post(path);
    expect(start.code).toBe(Codes.OK.code);
    fake.nextUser('wechat', who);
    await deliverCallback(server, await scan(start.result.qrcode_url));
    return asUser(server.app, token).get(`/api/account/wechat/bind_process?ticket=${start.result.ticket}`);
  }

  it('binds, refuses a second bind, changes to another account, and unbinds', async () => {
    const person = await buildUser(server.ctx);
    const me = asUser(server.app, person.token);
    const first = wechatUser();
    expect((await me.get('/api/account/login')).result.user).toMatchObject({
      bind_wechat: 0,
      wechat_nickname: '',
    });
    expect((await bindByQr(person.token, first)).result).toMatchObject({
      status: 'bound',
      nickname: first.name,
    });
    expect((await me.get('/api/account/chat_binds')).result).toMatchObject({
      bind_wechat: 1,
      wechat_nickname: first.name,
    });
    const summary = await me.get('/api/account/login');
    expect(summary.result.user).toMatchObject({ bind_wechat: 1, wechat_nickname: first.name, open_id: '' });
    expect((await me.get('/api/wechat/follow')).code).toBe(Codes.CHAT_ALREADY_BOUND.code);

    const second = wechatUser();
    expect((await bindByQr(person.token, second, '/api/account/wechat/rebind')).result.status).toBe('bound');
    expect((await me.get('/api/account/wechat/bind_status')).result.wechat_nickname).toBe(second.name);
    // The first account is free again: its scan finds no link.
    const old = await scanToSignIn(first);
    expect((await poll(old.ticket)).result.status).toBe('unlinked');

    expect((await me.put('/api/wechat/follow')).code).toBe(Codes.OK.code);
    expect((await me.get('/api/account/wechat/bind_status')).result).toEqual({
      bind_wechat: 0,
      wechat_nickname: '',
      bind_expired: 0,
    });
    expect((await me.get('/api/account/userinfo')).result.bind_wechat).toBe(0);
    expect((await me.put('/api/wechat/follow')).code).toBe(Codes.CHAT_NOT_BOUND.code);
    expect((await me.post('/api/account/wechat/rebind')).code).toBe(Codes.CHAT_NOT_BOUND.code);
  });

  it("refuses an account bound to someone else, and another user's ticket", async () => {
    const owner = await buildUser(server.ctx);
    const other = await buildUser(server.ctx);
    const shared = wechatUser();
    await bindByQr(owner.token, shared);
    const taken = await bindByQr(other.token, shared);
    expect(taken.result).toMatchObject({ status: 'failed', code: Codes.CHAT_ACCOUNT_TAKEN.code });
    expect(taken.result.msg).toBe(Codes.CHAT_ACCOUNT_TAKEN.en);
    expect(
      (await asUser(server.app, other.token).get('/api/account/wechat/bind_status')).result.bind_wechat,
    ).toBe(0);

    const start = await asUser(server.app, owner.token).post('/api/account/chat_binds', {
      provider: 'lark',
      purpose: 'bind',
    });
    const peek = await asUser(server.app, other.token).get(
      `/api/account/chat_binds/process?ticket=${start.result.ticket}`,
    );
    expect(peek.code).toBe(Codes.CHAT_TICKET_INVALID.code);
    const clearOthers = await asUser(server.app, other.token).post('/api/account/wechat/clear', {
      ticket: start.result.ticket,
    });
    expect(clearOthers.code).toBe(Codes.CHAT_TICKET_INVALID.code);
    // A sign-in's poll does not answer a binding's ticket.
    expect(
      (await anonymous(server.app).get(`/api/account/thirdpartylogin?ticket=${start.result.ticket}`)).code,
    ).toBe(Codes.CHAT_TICKET_INVALID.code);
  });

  it('a cleared bind QR binds nothing when scanned later', async () => {
    const person = await buildUser(server.ctx);
    const me = asUser(server.app, person.token);
    const start = await me.get('/api/wechat/follow');
    expect((await me.post('/api/account/wechat/clear', { ticket: start.result.ticket })).code).toBe(
      Codes.OK.code,
    );
    const page = await deliverCallback(server, await scan(start.result.qrcode_url));
    expect(page.body).toContain(Codes.CHAT_STATE_INVALID.en);
    expect((await me.get('/api/account/wechat/bind_status')).result.bind_wechat).toBe(0);
  });

  it('needs a session for binding calls', async () => {
    expect((await anonymous(server.app).get('/api/wechat/follow')).status).toBe(401);
    expect((await anonymous(server.app).put('/api/wechat/follow')).status).toBe(401);
  });
});
