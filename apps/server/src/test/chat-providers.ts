import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** Who the next authorization signs in as, at a provider. */
export interface FakeChatUser {
  id: string;
  name: string;
}

type Provider = 'wechat' | 'lark' | 'work_wechat' | 'dingtalk';

export const FAKE_CREDENTIALS = {
  appId: 'fake-app-id',
  secret: 'fake-app-secret',
  agentId: '1000002',
  mpToken: 'fake-mp-token',
};

/**
 * A local stand-in for WeChat, Lark, work-WeChat and DingTalk that speaks each one's documented OAuth exchange: the
 * authorize page redirects straight back with a one-use code (the "scan"), the token and user-info calls check
 * the app's credentials and the code, and answer each provider's error shape when they are wrong.
 */
export interface FakeChatProviders {
  url: string;
  /** The Ferry server's environment for all the providers, pointed at this server. */
  env(): Record<string, string>;
  /** The user the next authorization of this provider signs in as. */
  nextUser(provider: Provider, user: FakeChatUser): void;
  /** The next code exchange of this provider answers an error. */
  failNextExchange(provider: Provider): void;
  /** The scene (our state) an official-account QR carries. */
  sceneOf(qrUrl: string): string;
  /** Makes an official-account follower known, as cgi-bin/user/info names them. */
  follower(openid: string, user: FakeChatUser): void;
  close(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<Record<string, any>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  } catch {
    return {};
  }
}

export async function startFakeChatProviders(): Promise<FakeChatProviders> {
  const next = new Map<Provider, FakeChatUser>();
  const failing = new Set<Provider>();
  /** code → user; a code is used once, as every provider documents. */
  const codes = new Map<string, { provider: Provider; user: FakeChatUser }>();
  const tokens = new Map<string, FakeChatUser>();
  const appTokens = new Set<string>();
  const secret = () => randomBytes(12).toString('hex');

  const send = (response: ServerResponse, body: unknown, status = 200) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const authorize = (response: ServerResponse, provider: Provider, query: URLSearchParams) => {
    const user = next.get(provider) ?? { id: `${provider}-someone`, name: 'Someone' };
    const code = secret();
    codes.set(code, { provider, user });
    const target = new URL(query.get('redirect_uri') ?? '');
    // DingTalk sends the code back as `authCode`.
    target.searchParams.set(provider === 'dingtalk' ? 'authCode' : 'code', code);
    target.searchParams.set('state', query.get('state') ?? '');
    response.writeHead(302, { location: target.toString() });
    response.end();
  };
  /** The code's user, once; undefined for a wrong, used or failing exchange. */
  const redeem = (provider: Provider, code: string | null | undefined) => {
    const found = code ? codes.get(code) : undefined;
    if (code) codes.delete(code);
    if (failing.delete(provider)) return undefined;
    if (!found || found.provider !== provider) return undefined;
    const token = secret();
    tokens.set(token, found.user);
    return { token, user: found.user };
  };
  const scenes = new Map<string, string>();
  const followers = new Map<string, FakeChatUser>();
  const bearer = (request: IncomingMessage) => (request.headers.authorization ?? '').replace(/^Bearer /, '');

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const q = url.searchParams;
    const rightApp = (id: string | null, key: string | null) =>
      id === FAKE_CREDENTIALS.appId && key === FAKE_CREDENTIALS.secret;
    switch (url.pathname) {
      // WeChat website QR login
      case '/connect/qrconnect':
        return authorize(response, 'wechat', q);
      case '/sns/oauth2/access_token': {
        if (!rightApp(q.get('appid'), q.get('secret')))
          return send(response, { errcode: 40125, errmsg: 'invalid appsecret' });
        const redeemed = redeem('wechat', q.get('code'));
        if (!redeemed) return send(response, { errcode: 40029, errmsg: 'invalid code' });
        return send(response, {
          access_token: redeemed.token,
          expires_in: 7200,
          refresh_token: secret(),
          openid: redeemed.user.id,
          scope: 'snsapi_login',
          unionid: `union-${redeemed.user.id}`,
        });
      }
      case '/sns/userinfo': {
        const user = tokens.get(q.get('access_token') ?? '');
        if (!user || user.id !== q.get('openid'))
          return send(response, { errcode: 40001, errmsg: 'invalid credential' });
        return send(response, {
          openid: user.id,
          nickname: user.name,
          headimgurl: '',
          unionid: `union-${user.id}`,
        });
      }
      // WeChat official account: access token, parametric QR, follower info
      case '/cgi-bin/token': {
        if (q.get('grant_type') !== 'client_credential' || !rightApp(q.get('appid'), q.get('secret'))) {
          return send(response, { errcode: 40125, errmsg: 'invalid appsecret' });
        }
        const token = secret();
        appTokens.add(token);
        return send(response, { access_token: token, expires_in: 7200 });
      }
      case '/cgi-bin/qrcode/create': {
        const body = await readJson(request);
        if (!appTokens.has(q.get('access_token') ?? ''))
          return send(response, { errcode: 40001, errmsg: 'invalid credential' });
        const ticket = secret();
        const qrUrl = `http://weixin.qq.com/q/${ticket}`;
        scenes.set(qrUrl, body.action_info?.scene?.scene_str ?? '');
        return send(response, { ticket, expire_seconds: body.expire_seconds, url: qrUrl });
      }
      case '/cgi-bin/user/info': {
        if (!appTokens.has(q.get('access_token') ?? ''))
          return send(response, { errcode: 40001, errmsg: 'invalid credential' });
        const user = followers.get(q.get('openid') ?? '');
        if (!user) return send(response, { errcode: 40003, errmsg: 'invalid openid' });
        return send(response, {
          subscribe: 1,
          openid: q.get('openid'),
          nickname: user.name,
          unionid: `union-${user.id}`,
        });
      }
      // Lark
      case '/open-apis/authen/v1/authorize':
        return authorize(response, 'lark', q);
      case '/open-apis/auth/v3/app_access_token/internal': {
        const body = await readJson(request);
        if (!rightApp(body.app_id, body.app_secret))
          return send(response, { code: 10014, msg: 'app secret invalid' });
        const token = secret();
        appTokens.add(token);
        return send(response, { code: 0, msg: 'ok', app_access_token: token, expire: 7200 });
      }
      case '/open-apis/authen/v1/oidc/access_token': {
        const body = await readJson(request);
        if (!appTokens.has(bearer(request)))
          return send(response, { code: 99991663, msg: 'invalid app token' });
        const redeemed = body.grant_type === 'authorization_code' ? redeem('lark', body.code) : undefined;
        if (!redeemed) return send(response, { code: 20003, msg: 'invalid code' });
        return send(response, {
          code: 0,
          msg: 'success',
          data: { access_token: redeemed.token, token_type: 'Bearer' },
        });
      }
      case '/open-apis/authen/v1/user_info': {
        const user = tokens.get(bearer(request));
        if (!user) return send(response, { code: 99991668, msg: 'invalid access token' });
        return send(response, {
          code: 0,
          msg: 'success',
          data: { name: user.name, avatar_url: '', open_id: user.id, union_id: `union-${user.id}` },
        });
      }
      // Work-WeChat
      case '/wwopen/sso/qrConnect':
        return authorize(response, 'work_wechat', q);
      case '/cgi-bin/gettoken': {
        if (!rightApp(q.get('corpid'), q.get('corpsecret')))
          return send(response, { errcode: 40001, errmsg: 'invalid secret' });
        const token = secret();
        appTokens.add(token);
        return send(response, { errcode: 0, errmsg: 'ok', access_token: token, expires_in: 7200 });
      }
      case '/cgi-bin/auth/getuserinfo': {
        if (!appTokens.has(q.get('access_token') ?? ''))
          return send(response, { errcode: 40014, errmsg: 'invalid access_token' });
        const redeemed = redeem('work_wechat', q.get('code'));
        if (!redeemed) return send(response, { errcode: 40029, errmsg: 'invalid code' });
        return send(response, { errcode: 0, errmsg: 'ok', userid: redeemed.user.id });
      }
      case '/cgi-bin/user/get': {
        const id = q.get('userid');
        const user = [...tokens.values()].find((known) => known.id === id);
        if (!user) return send(response, { errcode: 60111, errmsg: 'userid not found' });
        return send(response, { errcode: 0, errmsg: 'ok', userid: user.id, name: user.name, avatar: '' });
      }
      // DingTalk (new-style OAuth 2): errors are a non-2xx `{code, message}`
      case '/oauth2/auth': {
        const asked = q.get('response_type') === 'code' && q.get('scope') === 'openid';
        if (!asked || q.get('client_id') !== FAKE_CREDENTIALS.appId)
          return send(response, { code: 'invalidClientId', message: 'invalid client_id' }, 400);
        return authorize(response, 'dingtalk', q);
      }
      case '/v1.0/oauth2/userAccessToken': {
        const body = await readJson(request);
        if (request.method !== 'POST' || !rightApp(body.clientId, body.clientSecret))
          return send(
            response,
            { code: 'invalidClientIdOrSecret', message: '无效的clientId或clientSecret' },
            400,
          );
        const redeemed = body.grantType === 'authorization_code' ? redeem('dingtalk', body.code) : undefined;
        if (!redeemed) return send(response, { code: 'invalidAuthCode', message: '不合法的临时授权码' }, 400);
        return send(response, { accessToken: redeemed.token, refreshToken: secret(), expireIn: 7200 });
      }
      case '/v1.0/contact/users/me': {
        const user = tokens.get(String(request.headers['x-acs-dingtalk-access-token'] ?? ''));
        if (!user)
          return send(response, { code: 'InvalidAuthentication', message: '不合法的access_token' }, 401);
        return send(response, {
          nick: user.name,
          avatarUrl: '',
          openId: user.id,
          unionId: `union-${user.id}`,
          stateCode: '86',
        });
      }
      default:
        response.writeHead(404);
        response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    env: () => ({
      WECHAT_APP_ID: FAKE_CREDENTIALS.appId,
      WECHAT_APP_SECRET: FAKE_CREDENTIALS.secret,
      WECHAT_AUTH_BASE: url,
      WECHAT_API_BASE: url,
      WECHAT_MP_APP_ID: FAKE_CREDENTIALS.appId,
      WECHAT_MP_APP_SECRET: FAKE_CREDENTIALS.secret,
      WECHAT_MP_TOKEN: FAKE_CREDENTIALS.mpToken,
      LARK_APP_ID: FAKE_CREDENTIALS.appId,
      LARK_APP_SECRET: FAKE_CREDENTIALS.secret,
      LARK_API_BASE: url,
      WORK_WECHAT_CORP_ID: FAKE_CREDENTIALS.appId,
      WORK_WECHAT_SECRET: FAKE_CREDENTIALS.secret,
      WORK_WECHAT_AGENT_ID: FAKE_CREDENTIALS.agentId,
      WORK_WECHAT_AUTH_BASE: url,
      WORK_WECHAT_API_BASE: url,
      DINGTALK_APP_KEY: FAKE_CREDENTIALS.appId,
      DINGTALK_APP_SECRET: FAKE_CREDENTIALS.secret,
      DINGTALK_AUTH_BASE: url,
      DINGTALK_API_BASE: url,
    }),
    nextUser: (provider, user) => next.set(provider, user),
    failNextExchange: (provider) => failing.add(provider),
    sceneOf: (qrUrl) => scenes.get(qrUrl) ?? '',
    follower: (openid, user) => followers.set(openid, user),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Follows a provider's authorize address as a phone or browser would, answering where it sends back. */
export async function scan(authorizeUrl: string): Promise<string> {
  const response = await fetch(authorizeUrl.replace(/#.*$/, ''), { redirect: 'manual' });
  const location = response.headers.get('location');
  if (!location) throw new Error(`the provider answered ${response.status} without a redirect`);
  return location;
}

/** The scan event WeChat posts to the official account's server address, signed with its token. */
export function officialAccountEvent(
  openid: string,
  event: 'SCAN' | 'subscribe' | 'unsubscribe',
  scene: string,
  token = FAKE_CREDENTIALS.mpToken,
) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(6).toString('hex');
  const signature = createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
  const key = event === 'subscribe' && scene ? `qrscene_${scene}` : scene;
  return {
    url: `/api/wechat/event?${new URLSearchParams({ signature, timestamp, nonce })}`,
    body:
      `<xml><ToUserName><![CDATA[gh_fake]]></ToUserName><FromUserName><![CDATA[${openid}]]></FromUserName>` +
      `<CreateTime>${timestamp}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${event}]]></Event>` +
      `<EventKey><![CDATA[${key}]]></EventKey><Ticket><![CDATA[t]]></Ticket></xml>`,
  };
}
