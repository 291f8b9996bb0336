import type {
  ChatBindings,
  ChatPoll,
  ChatProvider,
  ChatProvidersAnswer,
  ChatStart,
  LoginResult,
} from '@ferry/shared';
import { api, request } from './client';

/** Chat-app sign-in and binding calls (docs/api.md "Chat-app sign-in and binding"). Polls are quiet. */
export const chatApi = {
  providers: () => api.get<ChatProvidersAnswer>('account/login_url'),
  startWechatLogin: () => api.post<ChatStart>('account/wechatlogin'),
  startLogin: (provider: ChatProvider) => api.post<ChatStart>('account/thirdpartylogin', { provider }),
  pollLogin: (ticket: string) =>
    request<ChatPoll>('GET', 'account/thirdpartylogin', { query: { ticket }, quiet: true }),
  bindWithPassword: (body: { ticket: string; email: string; password: string }) =>
    api.post<LoginResult>('account/thirdpartylogin/bind', body),
  bindings: () => api.get<ChatBindings>('account/chat_binds'),
  startBinding: (provider: ChatProvider, purpose: 'bind' | 'rebind' = 'bind') =>
    api.post<ChatStart>('account/chat_binds', { provider, purpose }),
  /** The bind-WeChat dialog's QR (spec 000 §7: GET wechat/follow). */
  wechatFollow: () => api.get<ChatStart>('wechat/follow'),
  pollBinding: (ticket: string) =>
    request<ChatPoll>('GET', 'account/chat_binds/process', { query: { ticket }, quiet: true }),
  clearBinding: (ticket: string) =>
    request<unknown>('POST', 'account/wechat/clear', { body: { ticket }, quiet: true }),
  unbind: (provider: ChatProvider) => api.delete<unknown>(`account/chat_binds/${provider}`),
};

/** A redirect sign-in or binding keeps its ticket here while the page is at the provider. */
const PENDING_KEY = 'ferry.chatTicket';

export function rememberPendingTicket(
  pending: { ticket: string; provider: ChatProvider },
  purpose: 'login' | 'bind' | 'rebind',
) {
  sessionStorage.setItem(
    PENDING_KEY,
    JSON.stringify({ ticket: pending.ticket, provider: pending.provider, purpose }),
  );
}

export function pendingTicket(): { ticket: string; provider: ChatProvider; purpose: string } | null {
  try {
    return JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null');
  } catch {
    return null;
  }
}

export function forgetPendingTicket() {
  sessionStorage.removeItem(PENDING_KEY);
}
