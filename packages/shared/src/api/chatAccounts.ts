import { z } from 'zod';
import type { LoginResult } from './account.js';

/** The chat apps one may sign in with or bind: social chat (WeChat), workplace chat (Lark, DingTalk), work-WeChat. */
export const CHAT_PROVIDERS = ['wechat', 'lark', 'work_wechat', 'dingtalk'] as const;
export type ChatProvider = (typeof CHAT_PROVIDERS)[number];

/** login: sign in (or bind with a password when no account is linked); bind: link to the signed-in user; rebind: replace the user's link. */
export const CHAT_PURPOSES = ['login', 'bind', 'rebind'] as const;
export type ChatPurpose = (typeof CHAT_PURPOSES)[number];

/** `GET account/login_url`: which chat apps this server is configured for. */
export interface ChatProvidersAnswer {
  providers: Record<ChatProvider, boolean>;
}

/** A started sign-in or binding: the provider's address (shown as a QR or opened) and the ticket to poll. */
export interface ChatStart {
  provider: ChatProvider;
  /** The provider's authorization address; WeChat's calls name it qrcode_url. */
  url: string;
  qrcode_url: string;
  ticket: string;
  expires_in: number;
}

export type ChatStatus = 'waiting' | 'expired' | 'signed_in' | 'unlinked' | 'bound' | 'failed';

/** What polling a ticket answers; a sign-in's session comes once, with `signed_in`. */
export interface ChatPoll {
  status: ChatStatus;
  provider: ChatProvider;
  /** The chat account's name, once the provider told it. */
  nickname: string;
  /** unlinked: the chat account that may be bound with a password. failed: why (a code of the catalogue). */
  code?: string;
  msg?: string;
  login?: LoginResult;
}

/** One row of the account settings' bindings (spec 000 §3: bind_wechat, wechat_nickname, open_id). */
export interface ChatBinding {
  provider: ChatProvider;
  bound: 0 | 1;
  nickname: string;
  bound_at: string | null;
  /** WeChat: the follower unfollowed the official account, so notices no longer reach them. */
  expired: 0 | 1;
}

export interface ChatBindings {
  bindings: ChatBinding[];
  bind_wechat: 0 | 1;
  wechat_nickname: string;
  /** The WeChat binding lapsed (bind-expired dialog: got it, rebind). */
  bind_expired: 0 | 1;
  /** The bound workplace-chat (Lark) account's open id, '' when none. */
  open_id: string;
}

/** Workplace-chat bind status (spec 000 §3): is_bind, has_lark_user as 1 or 0. */
export interface LarkBindStatus {
  is_bind: 0 | 1;
  has_lark_user: 0 | 1;
}

const ticketSchema = z.string().min(16).max(200);

export const chatProviderSchema = z.enum(CHAT_PROVIDERS);

/** Starts a sign-in (anyone) with a provider. */
export const chatStartBody = z.object({ provider: chatProviderSchema });

/** Starts a binding of the signed-in user: a first one (bind) or a replacement (rebind, the change-bind). */
export const chatBindStartBody = z.object({
  provider: chatProviderSchema,
  purpose: z.enum(['bind', 'rebind']).default('bind'),
});

export const chatTicketQuery = z.object({ ticket: ticketSchema });

/** Binds a scanned chat account that had no link to the account whose e-mail and password are given. */
export const chatBindWithPasswordBody = z.object({
  ticket: ticketSchema,
  email: z.string().min(1).max(254),
  password: z.string().min(1).max(200),
});

export const checkLarkQuery = z.object({ open_id: z.string().min(1).max(200) });

/** A design platform's binding (platformsBindAccount) or account check (mastergoVerifyAccount), spec 000 §2. */
export const platformGrantBody = z.object({
  platform: z.string().min(1).max(40),
  redirect_url: z.url().max(2000),
  purpose: z.enum(['bind', 'verify']).default('bind'),
});

/** The design platform's server redeems the code with its secret. */
export const platformExchangeBody = z.object({
  platform: z.string().min(1).max(40),
  secret: z.string().min(1).max(200),
  code: z.string().min(16).max(200),
});
