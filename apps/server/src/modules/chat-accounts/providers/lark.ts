import type { ChatAppConfig } from '../../../config.js';
import { type ProviderAnswer, providerJson, withQuery } from './http.js';
import { type ChatAdapter, ProviderRefusal } from './types.js';

/** Lark answers `{code, msg, data}`; code 0 is success. */
function checked(answer: ProviderAnswer, step: string) {
  if (answer.code !== 0)
    throw new ProviderRefusal('lark', `${step}: ${answer.code} ${answer.msg ?? ''}`.trim());
  return answer;
}

/**
 * Lark (Feishu) web sign-in: authen/v1/authorize sends the browser back with a code; the app's own
 * app_access_token (auth/v3/app_access_token/internal) authorizes authen/v1/oidc/access_token, which turns
 * the code into a user_access_token; authen/v1/user_info names the user.
 */
export function larkAdapter(config: ChatAppConfig): ChatAdapter {
  const api = `${config.apiBase}/open-apis`;
  return {
    provider: 'lark',
    mode: 'redirect',
    authorizeUrl: (state, redirectUri) =>
      withQuery(`${config.authBase}/open-apis/authen/v1/authorize`, {
        app_id: config.appId,
        redirect_uri: redirectUri,
        state,
      }),
    identify: async (code) => {
      const app = checked(
        await providerJson('lark', `${api}/auth/v3/app_access_token/internal`, {
          method: 'POST',
          body: { app_id: config.appId, app_secret: config.secret },
        }),
        'app_access_token',
      );
      const token = checked(
        await providerJson('lark', `${api}/authen/v1/oidc/access_token`, {
          method: 'POST',
          bearer: app.app_access_token,
          body: { grant_type: 'authorization_code', code },
        }),
        'oidc access_token',
      );
      const userToken = token.data?.access_token;
      if (typeof userToken !== 'string')
        throw new ProviderRefusal('lark', 'oidc access_token: no access_token');
      const user = checked(
        await providerJson('lark', `${api}/authen/v1/user_info`, { bearer: userToken }),
        'user_info',
      );
      if (typeof user.data?.open_id !== 'string') throw new ProviderRefusal('lark', 'user_info: no open_id');
      return {
        providerUserId: user.data.open_id,
        unionId: user.data.union_id ?? null,
        nickname: String(user.data.name ?? ''),
        avatar: String(user.data.avatar_url ?? ''),
      };
    },
  };
}
