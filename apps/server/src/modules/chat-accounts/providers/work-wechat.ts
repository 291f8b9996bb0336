import type { ChatAppConfig } from '../../../config.js';
import { type ProviderAnswer, providerJson, withQuery } from './http.js';
import { type ChatAdapter, ProviderRefusal } from './types.js';

function checked(answer: ProviderAnswer, step: string) {
  if (answer.errcode !== 0) {
    throw new ProviderRefusal('work_wechat', `${step}: ${answer.errcode} ${answer.errmsg ?? ''}`.trim());
  }
  return answer;
}

/**
 * Work-WeChat (WeCom) web sign-in: wwopen/sso/qrConnect shows the QR in the page and sends it back with a
 * code; cgi-bin/gettoken (corp id + application secret) gives the access token that cgi-bin/auth/getuserinfo
 * needs to name the member; cgi-bin/user/get adds the member's name when the application may read it.
 */
export function workWechatAdapter(config: ChatAppConfig): ChatAdapter {
  const api = `${config.apiBase}/cgi-bin`;
  return {
    provider: 'work_wechat',
    mode: 'redirect',
    authorizeUrl: (state, redirectUri) =>
      withQuery(`${config.authBase}/wwopen/sso/qrConnect`, {
        appid: config.appId,
        agentid: config.agentId,
        redirect_uri: redirectUri,
        state,
      }),
    identify: async (code) => {
      const token = checked(
        await providerJson(
          'work_wechat',
          withQuery(`${api}/gettoken`, { corpid: config.appId, corpsecret: config.secret }),
        ),
        'gettoken',
      );
      const member = checked(
        await providerJson(
          'work_wechat',
          withQuery(`${api}/auth/getuserinfo`, { access_token: token.access_token, code }),
        ),
        'getuserinfo',
      );
      // A member of the company has a userid; someone outside it only an openid, which names no one here.
      if (typeof member.userid !== 'string' || !member.userid) {
        throw new ProviderRefusal('work_wechat', 'getuserinfo: not a member of the company');
      }
      const detail = await providerJson(
        'work_wechat',
        withQuery(`${api}/user/get`, { access_token: token.access_token, userid: member.userid }),
      );
      const known = detail.errcode === 0;
      return {
        providerUserId: member.userid,
        unionId: null,
        nickname: known ? String(detail.name ?? member.userid) : member.userid,
        avatar: known ? String(detail.avatar ?? '') : '',
      };
    },
  };
}
