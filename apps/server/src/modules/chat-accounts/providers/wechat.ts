import type { ChatAppConfig } from '../../../config.js';
import { type ProviderAnswer, providerJson, withQuery } from './http.js';
import { type ChatAdapter, ProviderRefusal } from './types.js';

/** WeChat errors carry `errcode` (non-zero) and `errmsg`. */
function checked(answer: ProviderAnswer, step: string) {
  if (answer.errcode !== undefined && answer.errcode !== 0) {
    throw new ProviderRefusal('wechat', `${step}: ${answer.errcode} ${answer.errmsg ?? ''}`.trim());
  }
  return answer;
}

/**
 * WeChat website QR login (Open Platform "网站应用微信登录"): connect/qrconnect shows the QR, the scan sends
 * the phone to our callback with a code, sns/oauth2/access_token turns it into an access token and openid,
 * sns/userinfo gives the nickname and avatar.
 */
export function wechatAdapter(config: ChatAppConfig): ChatAdapter {
  return {
    provider: 'wechat',
    mode: 'qr',
    authorizeUrl: (state, redirectUri) =>
      `${withQuery(`${config.authBase}/connect/qrconnect`, {
        appid: config.appId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'snsapi_login',
        state,
      })}#wechat_redirect`,
    identify: async (code) => {
      const token = checked(
        await providerJson(
          'wechat',
          withQuery(`${config.apiBase}/sns/oauth2/access_token`, {
            appid: config.appId,
            secret: config.secret,
            code,
            grant_type: 'authorization_code',
          }),
        ),
        'access_token',
      );
      if (typeof token.access_token !== 'string' || typeof token.openid !== 'string') {
        throw new ProviderRefusal('wechat', 'access_token: no access_token or openid');
      }
      const user = checked(
        await providerJson(
          'wechat',
          withQuery(`${config.apiBase}/sns/userinfo`, {
            access_token: token.access_token,
            openid: token.openid,
          }),
        ),
        'userinfo',
      );
      // The union id is the same person in the website app and the official account: the link's key when given.
      const unionId: string | null = user.unionid ?? token.unionid ?? null;
      return {
        providerUserId: unionId ?? token.openid,
        unionId,
        nickname: String(user.nickname ?? ''),
        avatar: String(user.headimgurl ?? ''),
      };
    },
  };
}
