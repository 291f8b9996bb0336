import { Codes } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, asUser } from '../../test/api.js';
import {
  type FakeChatProviders,
  officialAccountEvent,
  scan,
  startFakeChatProviders,
} from '../../test/chat-providers.js';
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

/** WeChat's server posting a scan event to ours. */
const postEvent = (event: { url: string; body: string }) =>
  server.app.inject({
    method: 'POST',
    url: event.url,
    payload: event.body,
    headers: { 'content-type': 'text/xml' },
  });

describe('binding WeChat through the official account', () => {
  it("binds the follower who scans the account's QR, and the website sign-in then finds them by union id", async () => {
    const person = await buildUser(server.ctx);
    const me = asUser(server.app, person.token);
    const start = await me.get('/api/wechat/follow');
    expect(start.result.qrcode_url).toMatch(/^http:\/\/weixin\.qq\.com\/q\//);
    const scene = fake.sceneOf(start.result.qrcode_url);
    expect(Buffer.from(scene, 'base64url').length).toBe(32);

    const stamp = crypto.randomUUID();
    fake.follower(`mp-${stamp}`, { id: `p-${stamp}`, name: '关注者' });
    const answer = await postEvent(officialAccountEvent(`mp-${stamp}`, 'SCAN', scene));
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('success');
    const process = await me.get(`/api/account/wechat/bind_process?ticket=${start.result.ticket}`);
    expect(process.result).toMatchObject({ status: 'bound', nickname: '关注者' });
    expect((await me.get('/api/account/userinfo')).result).toMatchObject({
      bind_wechat: 1,
      wechat_nickname: '关注者',
    });

    // The website app's openid differs; its union id is the same person.
    const signIn = await anonymous(server.app).post('/api/account/wechatlogin');
    fake.nextUser('wechat', { id: `p-${stamp}`, name: '关注者' });
    await deliverCallback(server, await scan(signIn.result.qrcode_url));
    const poll = await anonymous(server.app).get(`/api/account/wechatlogin?ticket=${signIn.result.ticket}`);
    expect(poll.result.login.user.id).toBe(person.id);

    // The same event again (WeChat retries) changes nothing and is still answered "success".
    expect((await postEvent(officialAccountEvent(`mp-${stamp}`, 'SCAN', scene))).body).toBe('success');
  });

  it('a new follower (subscribe) binds too; a follower bound to someone else is refused on the poll', async () => {
    const first = await buildUser(server.ctx);
    const second = await buildUser(server.ctx);
    const stamp = crypto.randomUUID();
    fake.follower(`mp-${stamp}`, { id: `p-${stamp}`, name: 'New follower' });
    const qr = await asUser(server.app, first.token).get('/api/wechat/follow');
    await postEvent(officialAccountEvent(`mp-${stamp}`, 'subscribe', fake.sceneOf(qr.result.qrcode_url)));
    expect(
      (await asUser(server.app, first.token).get('/api/account/wechat/bind_status')).result.bind_wechat,
    ).toBe(1);

    const theirs = await asUser(server.app, second.token).get('/api/wechat/follow');
    await postEvent(officialAccountEvent(`mp-${stamp}`, 'SCAN', fake.sceneOf(theirs.result.qrcode_url)));
    const poll = await asUser(server.app, second.token).get(
      `/api/account/wechat/bind_process?ticket=${theirs.result.ticket}`,
    );
    expect(poll.result).toMatchObject({ status: 'failed', code: Codes.CHAT_ACCOUNT_TAKEN.code });
  });

  it('refuses events and address checks without the right signature', async () => {
    const person = await buildUser(server.ctx);
    const qr = await asUser(server.app, person.token).get('/api/wechat/follow');
    fake.follower('mp-forged', { id: 'forged', name: 'Forged' });
    const forged = officialAccountEvent(
      'mp-forged',
      'SCAN',
      fake.sceneOf(qr.result.qrcode_url),
      'wrong-token',
    );
    const refused = await postEvent(forged);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(Codes.CHAT_SIGNATURE_INVALID.code);
    const poll = await asUser(server.app, person.token).get(
      `/api/account/wechat/bind_process?ticket=${qr.result.ticket}`,
    );
    expect(poll.result.status).toBe('waiting');

    const check = officialAccountEvent('x', 'SCAN', 'x');
    const verified = await server.app.inject({ method: 'GET', url: `${check.url}&echostr=hello-wechat` });
    expect(verified.body).toBe('hello-wechat');
    const wrong = officialAccountEvent('x', 'SCAN', 'x', 'wrong-token');
    expect((await server.app.inject({ method: 'GET', url: `${wrong.url}&echostr=e` })).statusCode).toBe(403);
  });

  it('an account the provider refuses cannot make QR codes: 19183', async () => {
    const refused = await startTestServer({ ...fake.env(), WECHAT_MP_APP_SECRET: 'not-the-secret' });
    try {
      const person = await buildUser(refused.ctx);
      const answer = await asUser(refused.app, person.token).get('/api/wechat/follow');
      expect(answer.code).toBe(Codes.CHAT_PROVIDER_FAILED.code);
    } finally {
      await refused.close();
    }
  });

  it('unfollowing lapses the binding (bind expired); a rebind, or following again, restores it', async () => {
    const person = await buildUser(server.ctx);
    const me = asUser(server.app, person.token);
    const stamp = crypto.randomUUID();
    fake.follower(`mp-${stamp}`, { id: `p-${stamp}`, name: 'Leaver' });
    const qr = await me.get('/api/wechat/follow');
    await postEvent(officialAccountEvent(`mp-${stamp}`, 'SCAN', fake.sceneOf(qr.result.qrcode_url)));
    expect((await me.get('/api/account/wechat/bind_status')).result).toEqual({
      bind_wechat: 1,
      wechat_nickname: 'Leaver',
      bind_expired: 0,
    });

    await postEvent(officialAccountEvent(`mp-${stamp}`, 'unsubscribe', ''));
    expect((await me.get('/api/account/wechat/bind_status')).result.bind_expired).toBe(1);
    const rows = (await me.get('/api/account/chat_binds')).result.bindings;
    expect(rows.find((row: { provider: string }) => row.provider === 'wechat')).toMatchObject({
      bound: 1,
      expired: 1,
    });

    // The bind-expired dialog's "rebind": the change-bind QR, scanned by the same person, restores it.
    const rebind = await me.post('/api/account/wechat/rebind');
    await postEvent(officialAccountEvent(`mp-${stamp}`, 'subscribe', fake.sceneOf(rebind.result.qrcode_url)));
    expect(
      (await me.get(`/api/account/wechat/bind_process?ticket=${rebind.result.ticket}`)).result.status,
    ).toBe('bound');
    expect((await me.get('/api/account/wechat/bind_status')).result.bind_expired).toBe(0);

    await postEvent(officialAccountEvent(`mp-${stamp}`, 'unsubscribe', ''));
    await postEvent(officialAccountEvent(`mp-${stamp}`, 'subscribe', ''));
    expect((await me.get('/api/account/wechat/bind_status')).result.bind_expired).toBe(0);
  });
});
