/** The chat-app pages (spec 000 §2: LarkTip, LarkLaunch, LarkBind); they serve every redirect provider. */
export const CHAT_PATHS = {
  tip: '/user/chat/tip',
  launch: '/user/chat/launch',
  bind: '/user/chat/bind',
} as const;

/** Design-platform binding and verification (spec 000 §2: platformsBindAccount, mastergoVerifyAccount). */
export const PLATFORM_PATHS = {
  bind: '/user/platforms-bind-lanhu',
  verify: '/user/platforms-verify-lanhu',
} as const;
