import { CHAT_PROVIDERS, type ChatBindings, type ChatProvider } from '@ferry/shared';
import type { Config } from '../../config.js';
import type { ChatAccountRow } from './links.js';
import { configuredProviders } from './providers/index.js';

/** The settings' binding rows: one per configured provider, with spec 000 §3's user fields beside them. */
export function presentBindings(config: Config, links: ChatAccountRow[]): ChatBindings {
  const on = configuredProviders(config);
  const linkOf = (provider: ChatProvider) => links.find((link) => link.provider === provider);
  const wechat = linkOf('wechat');
  return {
    bindings: CHAT_PROVIDERS.filter((provider) => on[provider]).map((provider) => {
      const link = linkOf(provider);
      return {
        provider,
        bound: link ? 1 : 0,
        nickname: link?.nickname ?? '',
        bound_at: link ? link.createdAt.toISOString() : null,
        expired: link?.lapsedAt ? 1 : 0,
      };
    }),
    bind_wechat: wechat ? 1 : 0,
    wechat_nickname: wechat?.nickname ?? '',
    bind_expired: wechat?.lapsedAt ? 1 : 0,
    open_id: linkOf('lark')?.providerUserId ?? '',
  };
}
