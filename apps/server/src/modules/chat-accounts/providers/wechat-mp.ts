import { createHash } from 'node:crypto';
import { ChatLimits } from '@ferry/shared';
import type { ChatConfig } from '../../../config.js';
import { type ProviderAnswer, providerJson, withQuery } from './http.js';
import { type ChatIdentity, ProviderRefusal } from './types.js';

type OfficialAccountConfig = NonNullable<ChatConfig['wechatMp']>;

function checked(answer: ProviderAnswer, step: string) {
  if (answer.errcode !== undefined && answer.errcode !== 0) {
    throw new ProviderRefusal('wechat', `${step}: ${answer.errcode} ${answer.errmsg ?? ''}`.trim());
  }
  return answer;
}

/** The account's access token, kept until a minute before it expires (WeChat limits how often it is asked). */
const tokens = new Map<string, { token: string; until: number }>();

async function accessToken(config: OfficialAccountConfig): Promise<string> {
  // Keyed by the whole credential: a changed secret or address never reuses another's token.
  const key = `${config.apiBase} ${config.appId} ${config.secret}`;
  const kept = tokens.get(key);
  if (kept && kept.until > Date.now()) return kept.token;
  const answer = checked(
    await providerJson(
      'wechat',
      withQuery(`${config.apiBase}/cgi-bin/token`, {
        grant_type: 'client_credential',
        appid: config.appId,
        secret: config.secret,
      }),
    ),
    'cgi-bin/token',
  );
  const lifetimeMs = (Number(answer.expires_in) || 7200) * 1000;
  tokens.set(key, { token: answer.access_token, until: Date.now() + lifetimeMs - 60_000 });
  return answer.access_token;
}

/**
 * A WeChat official account (公众号): a temporary parametric QR (cgi-bin/qrcode/create, QR_STR_SCENE) carries
 * the binding's state; scanning it makes WeChat post a SCAN (or, for a new follower, subscribe) event to us,
 * signed with the account's token; cgi-bin/user/info names the follower. Its followers can then get notices.
 */
export function officialAccount(config: OfficialAccountConfig) {
  return {
    /** The QR's content for a state. */
    async createQr(state: string): Promise<string> {
      const answer = checked(
        await providerJson(
          'wechat',
          withQuery(`${config.apiBase}/cgi-bin/qrcode/create`, { access_token: await accessToken(config) }),
          {
            method: 'POST',
            body: {
              expire_seconds: ChatLimits.qrValidityMs / 1000,
              action_name: 'QR_STR_SCENE',
              action_info: { scene: { scene_str: state } },
            },
          },
        ),
        'qrcode/create',
      );
      if (typeof answer.url !== 'string') throw new ProviderRefusal('wechat', 'qrcode/create: no url');
      return answer.url;
    },

    /** WeChat's signature of a pushed message: SHA-1 of the sorted token, timestamp and nonce. */
    signatureValid(query: { signature?: string; timestamp?: string; nonce?: string }): boolean {
      if (!query.signature || !query.timestamp || !query.nonce) return false;
      const expected = createHash('sha1')
        .update([config.token, query.timestamp, query.nonce].sort().join(''))
        .digest('hex');
      return expected === query.signature;
    },

    async identify(openid: string): Promise<ChatIdentity> {
      const user = checked(
        await providerJson(
          'wechat',
          withQuery(`${config.apiBase}/cgi-bin/user/info`, {
            access_token: await accessToken(config),
            openid,
            lang: 'zh_CN',
          }),
        ),
        'user/info',
      );
      const unionId = typeof user.unionid === 'string' ? user.unionid : null;
      return {
        providerUserId: unionId ?? openid,
        unionId,
        nickname: String(user.nickname ?? ''),
        avatar: String(user.headimgurl ?? ''),
        notifyOpenId: openid,
      };
    },
  };
}

/** The fields of a pushed XML message (`<Tag><![CDATA[value]]></Tag>` or `<Tag>value</Tag>`). */
export function xmlFields(xml: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of xml.matchAll(/<(\w+)>(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))<\/\1>/g)) {
    fields[match[1]] = match[2] ?? match[3] ?? '';
  }
  return fields;
}
