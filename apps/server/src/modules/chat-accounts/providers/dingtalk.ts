import type { ChatAppConfig } from '../../../config.js';
import { type ProviderAnswer, providerJson, withQuery } from './http.js';
import { type ChatAdapter, ProviderRefusal } from './types.js';

/** DingTalk's new API answers an error as a non-2xx `{code, message}`; its successes carry no `code`. */
function checked(answer: ProviderAnswer, step: string) {
  if (answer.code !== undefined) {
    throw new ProviderRefusal('dingtalk', `${step}: ${answer.code} ${answer.message ?? ''}`.trim());
  }
  return answer;
}

/**
 * DingTalk sign-in (the new-style OAuth 2 of login.dingtalk.com): oauth2/auth sends the browser back with an
 * `authCode`; v1.0/oauth2/userAccessToken (the app's key and secret) turns it into the user's access token,
 * which v1.0/contact/users/me takes in the x-acs-dingtalk-access-token header to name the user.
 */
export function dingtalkAdapter(config: ChatAppConfig): ChatAdapter {
  return {
    provider: 'dingtalk',
    mode: 'redirect',
    authorizeUrl: (state, redirectUri) =>
      withQuery(`${config.authBase}/oauth2/auth`, {
        redirect_uri: redirectUri,
        response_type: 'code',
        client_id: config.appId,
        scope: 'openid',
        state,
        prompt: 'consent',
      }),
    identify: async (code) => {
      const token = checked(
        await providerJson('dingtalk', `${config.apiBase}/v1.0/oauth2/userAccessToken`, {
          method: 'POST',
          body: {
            clientId: config.appId,
            clientSecret: config.secret,
            code,
            grantType: 'authorization_code',
          },
        }),
        'userAccessToken',
      );
      if (typeof token.accessToken !== 'string' || !token.accessToken) {
        throw new ProviderRefusal('dingtalk', 'userAccessToken: no accessToken');
      }
      const user = checked(
        await providerJson('dingtalk', `${config.apiBase}/v1.0/contact/users/me`, {
          headers: { 'x-acs-dingtalk-access-token': token.accessToken },
        }),
        'users/me',
      );
      if (typeof user.openId !== 'string' || !user.openId) {
        throw new ProviderRefusal('dingtalk', 'users/me: no openId');
      }
      return {
        providerUserId: user.openId,
        unionId: typeof user.unionId === 'string' ? user.unionId : null,
        nickname: String(user.nick ?? ''),
        avatar: String(user.avatarUrl ?? ''),
      };
    },
  };
}
