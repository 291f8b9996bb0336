import type { ChatProvider } from '@ferry/shared';
import type { Config } from '../../../config.js';
import { fail } from '../../../http/errors.js';
import { dingtalkAdapter } from './dingtalk.js';
import { larkAdapter } from './lark.js';
import type { ChatAdapter } from './types.js';
import { wechatAdapter } from './wechat.js';
import { workWechatAdapter } from './work-wechat.js';

const builders = {
  wechat: wechatAdapter,
  lark: larkAdapter,
  work_wechat: workWechatAdapter,
  dingtalk: dingtalkAdapter,
} as const;

/** Whether each provider is configured: the web app shows only those buttons. */
export function configuredProviders(config: Config): Record<ChatProvider, boolean> {
  return {
    wechat: Boolean(config.chat.wechat),
    lark: Boolean(config.chat.lark),
    work_wechat: Boolean(config.chat.work_wechat),
    dingtalk: Boolean(config.chat.dingtalk),
  };
}

/** The provider's adapter, or 19180 when this server has no credentials for it. */
export function adapterFor(config: Config, provider: ChatProvider): ChatAdapter {
  const settings = config.chat[provider];
  if (!settings) throw fail('CHAT_PROVIDER_OFF');
  return builders[provider](settings);
}
