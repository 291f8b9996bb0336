import { DingtalkOutlined, SendOutlined, WechatOutlined, WechatWorkOutlined } from '@ant-design/icons';
import type { ChatProvider } from '@ferry/shared';

const ICONS = {
  wechat: WechatOutlined,
  lark: SendOutlined,
  work_wechat: WechatWorkOutlined,
  dingtalk: DingtalkOutlined,
} as const;

/** A chat app's icon at a size: `logo` on its panel, `row` in the settings, `button` on the sign-in page. */
export function ProviderIcon({
  provider,
  size,
}: {
  provider: ChatProvider;
  size: 'logo' | 'row' | 'button';
}) {
  const Icon = ICONS[provider];
  return <Icon className={`chat-icon chat-icon-${size} chat-icon-${provider}`} />;
}

/** The i18n key of a chat app's name. */
export const providerName = (provider: ChatProvider) => `chat.provider.${provider}`;

/** Phones get the tip page after a workplace-chat sign-in (spec 000 §4). */
export const isMobileAgent = () => /Android|iPhone|iPad|Mobile/i.test(navigator.userAgent);
