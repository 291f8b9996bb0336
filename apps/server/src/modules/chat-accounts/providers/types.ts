import type { ChatProvider } from '@ferry/shared';

/** Who the provider says signed in. */
export interface ChatIdentity {
  /** WeChat's openid, Lark's open_id, work-WeChat's userid, DingTalk's openId: the key an account is linked by. */
  providerUserId: string;
  unionId: string | null;
  nickname: string;
  avatar: string;
  /** WeChat through the official account: the follower's openid there, who notices are sent to. */
  notifyOpenId?: string;
}

/**
 * One chat app's documented OAuth exchange: where the browser authorizes (shown as a QR or opened in the
 * window), and how the code that comes back turns into an access token and then the user's identity.
 */
export interface ChatAdapter {
  provider: ChatProvider;
  /** qr: scanned on a phone while the page polls; redirect: the page itself goes there and comes back. */
  mode: 'qr' | 'redirect';
  authorizeUrl(state: string, redirectUri: string): string;
  /** Throws ProviderRefusal when the provider turns the code down or answers an error. */
  identify(code: string, redirectUri: string): Promise<ChatIdentity>;
}

/** The provider refused the exchange (a wrong or used code, a bad secret) or could not be reached. */
export class ProviderRefusal extends Error {
  constructor(
    readonly provider: ChatProvider,
    detail: string,
  ) {
    super(`${provider}: ${detail}`);
    this.name = 'ProviderRefusal';
  }
}
