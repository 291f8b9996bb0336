import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeChatProviders,
  officialAccountEvent,
  scan,
  startFakeChatProviders,
} from '../apps/server/src/test/chat-providers.js';
import { apiClient } from './api.js';
import { launchBrowser, type RunningServer, startServer } from './harness.js';

let fake: FakeChatProviders;
let server: RunningServer;
let browser: Browser;
/** The browser uses `localhost`, the server's PUBLIC_URL default, so a provider's redirect back stays same-origin. */
let origin: string;
const shots = '/tmp/ferry-chat-e2e';

beforeAll(async () => {
  fake = await startFakeChatProviders();
  server = await startServer({ ...fake.env(), DESIGN_PLATFORMS: `mastergo=mg-secret@${fake.url}` });
  origin = server.url.replace('127.0.0.1', 'localhost');
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
});

async function newPage(locale = 'en-US'): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  await page.addInitScript((lang) => localStorage.setItem('lang', lang), locale);
  return page;
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

/** The phone's part of a QR sign-in: open the QR's address, follow the provider back to Ferry's callback. */
async function scanWithPhone(qrcodeUrl: string) {
  const back = new URL(await scan(qrcodeUrl));
  const response = await fetch(`${server.url}${back.pathname}${back.search}`);
  return response.text();
}

/** Opens the WeChat panel of the sign-in page; answers the QR's address the page asked for. */
async function openWechatPanel(page: Page): Promise<string> {
  await page.goto(`${origin}/web/#/user/login`);
  const started = page.waitForResponse((response) => response.url().endsWith('/api/account/wechatlogin'));
  await page.getByTestId('chat-open-wechat').click();
  const answer = await (await started).json();
  await page.getByTestId('chat-qr-image').waitFor();
  // The dialog fades in.
  await page.waitForTimeout(400);
  return answer.result.qrcode_url;
}

describe('signing in with a chat app', () => {
  it('WeChat: the first scan binds with the password, the next signs in by itself', async () => {
    const api = apiClient(server.url);
    const stamp = Date.now();
    await api.register('Wei', stamp);
    const email = `wei-${stamp}@example.com`;
    const wechatId = `wx-${stamp}`;

    const page = await newPage();
    const qr = await openWechatPanel(page);
    await shot(page, '01-login-wechat-qr');
    fake.nextUser('wechat', { id: wechatId, name: 'Wei on WeChat' });
    expect(await scanWithPhone(qr)).toContain('Confirmed');

    await page.getByTestId('chat-bind-page').waitFor();
    await shot(page, '02-bind-page');
    await page.getByTestId('chat-bind-email').fill(email);
    await page.getByTestId('chat-bind-password').fill('wrong-pass1');
    await page.getByTestId('chat-bind-submit').click();
    await expect
      .poll(() => page.getByTestId('chat-bind-error').textContent())
      .toContain('you can also try 9 times');
    await page.getByTestId('chat-bind-password').fill('Team-pass1');
    await page.getByTestId('chat-bind-submit').click();
    await page.waitForURL(/#\/item\/team\/create/);

    // Signed out, the next scan of the same WeChat account signs straight in.
    const later = await newPage();
    const again = await openWechatPanel(later);
    fake.nextUser('wechat', { id: wechatId, name: 'Wei on WeChat' });
    await scanWithPhone(again);
    await later.waitForURL(/#\/item\/team\/create/);
    const token = await later.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();

    await later.goto(`${origin}/web/#/user/info`);
    await expect
      .poll(() => later.getByTestId('chat-bind-state-wechat').textContent())
      .toContain('Wei on WeChat');
    await shot(later, '03-settings-bindings-en');
  });

  it('Lark: binds from the settings through Lark and back, shows it in Chinese, and unbinds', async () => {
    const api = apiClient(server.url);
    const stamp = Date.now();
    const session = await api.register('Lin', stamp);
    const page = await newPage('zh-CN');
    await page.addInitScript((token) => localStorage.setItem('token', token), session.token);
    await page.goto(`${origin}/web/#/user/info`);
    await page.getByTestId('chat-bind-lark').click();
    await page.getByTestId('chat-go-lark').waitFor();
    await page.waitForTimeout(400);
    await shot(page, '04-bind-dialog-lark-zh');
    fake.nextUser('lark', { id: `ou_${stamp}`, name: '林飞书' });
    await page.getByTestId('chat-go-lark').click();
    // Lark's page sends the browser back to Ferry's callback, then to the launch page, then the settings.
    await page.waitForURL(/#\/user\/info\?bound=lark/);
    await expect.poll(() => page.getByTestId('chat-bind-state-lark').textContent()).toContain('林飞书');
    await shot(page, '05-settings-bindings-zh');

    await page.getByTestId('chat-unbind-lark').click();
    await page.getByRole('button', { name: '是' }).click();
    await expect.poll(() => page.getByTestId('chat-bind-state-lark').textContent()).toBe('未绑定');
  });

  it('the QR expires after 120 s with the click-to-refresh overlay', async () => {
    const page = await newPage('zh-CN');
    await page.clock.install();
    await openWechatPanel(page);
    await page.clock.fastForward(121_000);
    await expect.poll(() => page.getByTestId('chat-qr-expired').textContent()).toBe('二维码已过期，点击刷新');
    await shot(page, '06-qr-expired-zh');
  });

  it('a design platform binds the signed-in account through its page and a code its server redeems', async () => {
    const api = apiClient(server.url);
    const stamp = Date.now();
    const session = await api.register('Mo', stamp);
    const page = await newPage();
    await page.addInitScript((token) => localStorage.setItem('token', token), session.token);
    const query = new URLSearchParams({ platformName: 'mastergo', redirectURL: `${fake.url}/mg/done` });
    await page.goto(`${origin}/web/#/user/platforms-bind-lanhu?${query}`);
    await page.getByTestId('platform-confirm').waitFor();
    await shot(page, '07-platform-bind');
    // The platform's page is not Ferry's: the request leaving for it is what counts.
    const leaving = page.waitForRequest((request) => request.url().startsWith(`${fake.url}/mg/done?code=`));
    await page.getByTestId('platform-confirm').click();
    const code = new URL((await leaving).url()).searchParams.get('code');
    const redeemed = await fetch(`${server.url}/api/account/platform_binds/exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ platform: 'mastergo', secret: 'mg-secret', code }),
    }).then((response) => response.json());
    expect(redeemed.result.user.id).toBe(session.userId);
    expect(await api.call(session, 'GET', 'account/check_mg')).toEqual({ is_bind: 1 });
  });

  it('the bind-WeChat dialog: shown on the product page to an unbound user with longLive on, closed for good', async () => {
    const api = apiClient(server.url);
    const stamp = Date.now();
    const session = await api.register('Pat', stamp);
    const { teamId, projectId } = await api.teamWithProject(session, `Docs${stamp}`, {
      name: 'Specs',
      type: 'web',
    });
    const product = `${origin}/web/#/item/project/product?tid=${teamId}&pid=${projectId}`;
    const open = async () => {
      const page = await newPage('zh-CN');
      await page.addInitScript((token) => localStorage.setItem('token', token), session.token);
      await page.goto(product);
      return page;
    };

    // longLive.isLongShow is false by default: no dialog.
    const quiet = await open();
    await quiet.waitForResponse((response) => response.url().includes('group=longLive'));
    await quiet.waitForTimeout(500);
    expect(await quiet.getByTestId('chat-wechat-prompt').count()).toBe(0);

    await api.call(session, 'POST', 'account/user_profile', { info: { longLive: { isLongShow: true } } });
    const page = await open();
    await page.getByTestId('chat-qr-image').waitFor();
    await page.waitForTimeout(400);
    await shot(page, '08-bind-wechat-prompt-zh');
    expect(await page.getByText('绑定微信，接收消息通知').count()).toBe(1);
    await page.locator('.chat-wechat-prompt-root .ant-modal-close').click();
    await expect
      .poll(() => api.call(session, 'GET', 'account/user_profile?group=wxDialogShowed'))
      .toEqual({ isSeenDialog: true });

    // Seen: another browser (no local flag) does not show it either.
    const later = await open();
    await later.waitForResponse((response) => response.url().includes('group=wxDialogShowed'));
    await later.waitForTimeout(500);
    expect(await later.getByTestId('chat-wechat-prompt').count()).toBe(0);
  });

  it('WeChat through the official account: bind in the settings, bind expired after unfollowing, rebind, change', async () => {
    const api = apiClient(server.url);
    const stamp = Date.now();
    const session = await api.register('Kai', stamp);
    const page = await newPage();
    await page.addInitScript((token) => localStorage.setItem('token', token), session.token);
    /** WeChat's server telling ours about a follower's scan or (un)follow. */
    const wechatSays = async (openid: string, event: 'SCAN' | 'subscribe' | 'unsubscribe', qrUrl = '') => {
      const pushed = officialAccountEvent(openid, event, qrUrl ? fake.sceneOf(qrUrl) : '');
      const response = await fetch(`${server.url}${pushed.url}`, {
        method: 'POST',
        headers: { 'content-type': 'text/xml' },
        body: pushed.body,
      });
      expect(await response.text()).toBe('success');
    };
    const qrOf = async (path: string, click: () => Promise<void>) => {
      const started = page.waitForResponse((response) => response.url().includes(path));
      await click();
      return (await (await started).json()).result.qrcode_url as string;
    };

    await page.goto(`${origin}/web/#/user/info`);
    fake.follower(`mp-kai-${stamp}`, { id: `kai-${stamp}`, name: 'Kai' });
    const bindQr = await qrOf('/api/wechat/follow', () => page.getByTestId('chat-bind-wechat').click());
    await page.getByTestId('chat-qr-image').waitFor();
    await wechatSays(`mp-kai-${stamp}`, 'SCAN', bindQr);
    await expect.poll(() => page.getByTestId('chat-bind-state-wechat').textContent()).toBe('Bound: Kai');

    await wechatSays(`mp-kai-${stamp}`, 'unsubscribe');
    await page.reload();
    await page.getByTestId('chat-expired-dialog').waitFor();
    await page.waitForTimeout(400);
    await shot(page, '09-bind-expired');
    expect(await page.getByTestId('chat-bind-state-wechat').textContent()).toBe('Expired: Kai');
    const rebindQr = await qrOf('/api/account/chat_binds', () =>
      page.getByTestId('chat-expired-rebind').click(),
    );
    await page.getByTestId('chat-qr-image').waitFor();
    await wechatSays(`mp-kai-${stamp}`, 'subscribe', rebindQr);
    await expect.poll(() => page.getByTestId('chat-bind-state-wechat').textContent()).toBe('Bound: Kai');

    // Change-bind: yes, then another WeChat account's scan replaces this one.
    fake.follower(`mp-other-${stamp}`, { id: `other-${stamp}`, name: 'Kai work' });
    await page.getByTestId('chat-change-wechat').click();
    await page.waitForTimeout(300);
    await shot(page, '10-change-bind');
    const changeQr = await qrOf('/api/account/chat_binds', () =>
      page.getByRole('button', { name: 'Yes' }).click(),
    );
    await page.getByTestId('chat-qr-image').waitFor();
    await wechatSays(`mp-other-${stamp}`, 'SCAN', changeQr);
    await expect.poll(() => page.getByTestId('chat-bind-state-wechat').textContent()).toBe('Bound: Kai work');
  });

  it('Lark from the sign-in page: to Lark and back to the launch page, bound with the password, signed in', async () => {
    const api = apiClient(server.url);
    const stamp = Date.now();
    await api.register('Lu', stamp);
    const page = await newPage('zh-CN');
    await page.goto(`${origin}/web/#/user/login`);
    await page.getByTestId('chat-open-lark').click();
    await page.getByTestId('chat-go-lark').waitFor();
    await page.waitForTimeout(400);
    await shot(page, '11-login-lark-panel-zh');
    fake.nextUser('lark', { id: `ou_lu_${stamp}`, name: '卢飞书' });
    await page.getByTestId('chat-go-lark').click();
    await page.getByTestId('chat-bind-page').waitFor();
    expect(page.url()).toContain('#/user/chat/bind');
    await page.getByTestId('chat-bind-email').fill(`lu-${stamp}@example.com`);
    await page.getByTestId('chat-bind-password').fill('Team-pass1');
    await page.getByTestId('chat-bind-submit').click();
    await page.waitForURL(/#\/item\/team\/create/);

    // A refused return (here: the state used twice) shows why on the launch page.
    await page.goto(`${origin}/web/#/user/chat/launch?provider=lark&error=19181`);
    await expect
      .poll(() => page.getByTestId('chat-launch-error').textContent())
      .toContain('登录链接无效或已被使用');
    await shot(page, '12-launch-error-zh');
  });

  it('DingTalk host pages: the workbench entry goes to DingTalk and back to the landing, signed in', async () => {
    const api = apiClient(server.url);
    const stamp = Date.now();
    const session = await api.register('Ding', stamp);
    const { teamId } = await api.teamWithProject(session, `Ding${stamp}`, { name: 'Specs', type: 'web' });
    const who = { id: `ding-${stamp}`, name: '丁钉钉' };
    // Bound in the settings beforehand: DingTalk's page sends the browser back to Ferry's callback.
    const binding = await api.call<{ url: string }>(session, 'POST', 'account/chat_binds', {
      provider: 'dingtalk',
    });
    fake.nextUser('dingtalk', who);
    const back = new URL(await scan(binding.url));
    await fetch(`${server.url}${back.pathname}${back.search}`, { redirect: 'manual' });

    const page = await newPage('zh-CN');
    fake.nextUser('dingtalk', who);
    const visited: string[] = [];
    page.on('framenavigated', (frame) => visited.push(frame.url()));
    const toDingTalk = page.waitForRequest((request) => request.url().startsWith(`${fake.url}/oauth2/auth?`));
    await page.goto(`${origin}/web/#/user/dingtalk/welcome`);
    await toDingTalk;
    await page.waitForURL(new RegExp(`#/item\\?.*tid=${teamId}`));
    expect(visited).toContain(`${origin}/web/#/user/dingtalk/landing?provider=dingtalk`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

    // A refusal in the user's language, with the way to e-mail sign-in.
    const refused = await newPage('zh-CN');
    await refused.goto(`${origin}/web/#/user/dingtalk/login-error?error=19183`);
    await expect
      .poll(() => refused.getByTestId('dingtalk-error-reason').textContent())
      .toBe('第三方账号授权失败，请重试');
    await shot(refused, '13-dingtalk-login-error-zh');
    await refused.getByTestId('dingtalk-use-email').click();
    await refused.waitForURL(/#\/user\/login/);
  });
});
