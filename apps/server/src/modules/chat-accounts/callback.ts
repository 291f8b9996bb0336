import { type ChatProvider, codeMessage } from '@ferry/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { adapterFor } from './providers/index.js';
import { completeCallback } from './sign-ins.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page a phone sees after scanning: the computer's page carries on by itself. */
function scanPage(ok: boolean, zh: string, en: string) {
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Ferry</title><style>body{font:16px system-ui,sans-serif;text-align:center;padding:48px 16px;color:#1f1f1f}
h1{font-size:20px;color:${ok ? '#389e0d' : '#cf1322'}}</style></head>
<body><h1 data-testid="chat-callback">${escapeHtml(zh)}</h1><p>${escapeHtml(en)}</p></body></html>`;
}

/**
 * Where a page that went to the provider itself comes back to in the web app: the launch page, or DingTalk's
 * own host pages (spec 000 §2: ding_ding_landing, ding_ding_login_error). The page polls its ticket for the outcome.
 */
function webReturnAddress(ctx: AppContext, provider: ChatProvider, refusal: AppError | null) {
  const query = new URLSearchParams({ provider });
  if (refusal) query.set('error', refusal.entry.code);
  const page =
    provider !== 'dingtalk'
      ? '/user/chat/launch'
      : refusal
        ? '/user/dingtalk/login-error'
        : '/user/dingtalk/landing';
  return `${ctx.config.publicUrl.replace(/\/+$/, '')}/web/#${page}?${query}`;
}

/**
 * The provider's redirect back. A QR scanned on a phone gets a short page; a page that went to the provider
 * itself (Lark, work-WeChat, DingTalk) is sent back to the web app.
 */
export async function answerCallback(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  provider: ChatProvider,
) {
  // DingTalk names the code `authCode`.
  const { code, authCode, state } = request.query as { code?: string; authCode?: string; state?: string };
  const mode = adapterFor(ctx.config, provider).mode;
  let refusal: AppError | null = null;
  try {
    await completeCallback(ctx, provider, String(authCode ?? code ?? ''), String(state ?? ''));
    // A GET that may bind: the cached session summaries (with bind_wechat) must not keep the old answer.
    await ctx.cache.bump();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    refusal = error;
  }
  if (mode === 'redirect') return reply.redirect(webReturnAddress(ctx, provider, refusal));
  const page = refusal
    ? scanPage(false, codeMessage(refusal.entry, 'zh-CN'), codeMessage(refusal.entry, 'en-US'))
    : scanPage(true, '已确认，请回到电脑上继续', 'Confirmed: carry on on your computer');
  return reply
    .status(refusal ? 400 : 200)
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .type('text/html; charset=utf-8')
    .send(page);
}
