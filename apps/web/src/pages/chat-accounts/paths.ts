/** The chat-app pages (spec 000 §2: LarkTip, LarkLaunch, LarkBind); they serve every redirect provider. */
export const CHAT_PATHS = {
  tip: '/user/chat/tip',
  launch: '/user/chat/launch',
  bind: '/user/chat/bind',
} as const;

/**
 * DingTalk's host pages (spec 000 §2: ding_ding_welcome, ding_ding_landing, ding_ding_login_error): the entry a
 * DingTalk workbench app opens, and where the server's DingTalk callback sends the page back (landing, or the
 * error page when it refused).
 */
export const DINGTALK_PATHS = {
  welcome: '/user/dingtalk/welcome',
  landing: '/user/dingtalk/landing',
  error: '/user/dingtalk/login-error',
} as const;

/** Design-platform binding and verification (spec 000 §2: platformsBindAccount, mastergoVerifyAccount). */
export const PLATFORM_PATHS = {
  bind: '/user/platforms-bind-lanhu',
  verify: '/user/platforms-verify-lanhu',
} as const;
