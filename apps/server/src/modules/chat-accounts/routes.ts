import {
  type ChatProvider,
  chatBindStartBody,
  chatBindWithPasswordBody,
  chatProviderSchema,
  chatStartBody,
  chatTicketQuery,
  checkLarkQuery,
} from '@ferry/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok, requestLang } from '../../http/envelope.js';
import { fail } from '../../http/errors.js';
import { parse } from '../../http/parse.js';
import { answerCallback } from './callback.js';
import { platformRoutes } from './platforms.routes.js';
import { configuredProviders } from './providers/index.js';
import * as chat from './service.js';
import { wechatEventRoutes } from './wechat-events.js';

const ticketBody = z.object({ ticket: chatTicketQuery.shape.ticket });

export function chatAccountRoutes(app: FastifyInstance, ctx: AppContext) {
  platformRoutes(app, ctx);
  // Its own scope: the XML body parser is for WeChat's pushed events only.
  void app.register(async (scope) => wechatEventRoutes(scope, ctx));
  // Sign-ins start rows and try passwords without a session: the same per-IP budget idea as account/login.
  const budget = app.createRateLimit({ max: ctx.config.signInRateLimit, timeWindow: '1 minute' });
  const limited = async (request: FastifyRequest, reply: FastifyReply) => {
    const answer = await budget(request);
    if (answer.isAllowed || !answer.isExceeded) return;
    reply.header('retry-after', answer.ttlInSeconds);
    throw fail('RATE_LIMITED');
  };
  const open = { config: { public: true } };
  const openLimited = { config: { public: true }, onRequest: limited };
  const userAgent = (request: FastifyRequest) => String(request.headers['user-agent'] ?? '');
  const ticketOf = (request: FastifyRequest) => parse(chatTicketQuery, request.query).ticket;
  const pollSignIn = (request: FastifyRequest, provider: ChatProvider | null) =>
    chat.pollSignIn(ctx, ticketOf(request), provider, userAgent(request), requestLang(request));
  const bindWithPassword = async (request: FastifyRequest) =>
    ok(
      request,
      await chat.bindWithPassword(
        ctx,
        parse(chatBindWithPasswordBody, request.body),
        userAgent(request),
        requestLang(request),
      ),
    );
  const unbindRoute = (provider: ChatProvider) => async (request: FastifyRequest) => {
    await chat.unbind(ctx, actorOf(request).userId, provider);
    return ok(request, null);
  };

  // Which chat apps are on: the web app shows only their buttons and rows.
  app.get('/api/account/login_url', open, async (request) =>
    ok(request, { providers: configuredProviders(ctx.config) }),
  );

  // Sign-in with any provider: start, poll, bind an unlinked account with a password, the provider's callback.
  app.post('/api/account/thirdpartylogin', openLimited, async (request) =>
    ok(request, await chat.startSignIn(ctx, parse(chatStartBody, request.body).provider)),
  );
  app.get('/api/account/thirdpartylogin', open, async (request) =>
    ok(request, await pollSignIn(request, null)),
  );
  app.post('/api/account/thirdpartylogin/bind', openLimited, bindWithPassword);
  app.get<{ Params: { provider: string } }>(
    '/api/account/thirdpartylogin/callback/:provider',
    open,
    async (request, reply) => {
      const provider = parse(chatProviderSchema, request.params.provider);
      return answerCallback(ctx, request, reply, provider);
    },
  );

  // WeChat (social chat): QR sign-in, and binding for notices (spec 000 §7).
  app.post('/api/account/wechatlogin', openLimited, async (request) =>
    ok(request, await chat.startSignIn(ctx, 'wechat')),
  );
  app.get('/api/account/wechatlogin', open, async (request) =>
    ok(request, await pollSignIn(request, 'wechat')),
  );
  app.get('/api/wechat/follow', async (request) =>
    ok(request, await chat.startBinding(ctx, actorOf(request).userId, 'wechat', 'bind')),
  );
  app.put('/api/wechat/follow', unbindRoute('wechat'));
  app.get('/api/account/wechat/bind_status', async (request) => {
    const { bind_wechat, wechat_nickname, bind_expired } = await chat.bindingsOf(
      ctx,
      actorOf(request).userId,
    );
    return ok(request, { bind_wechat, wechat_nickname, bind_expired });
  });
  app.get('/api/account/wechat/bind_process', async (request) =>
    ok(
      request,
      await chat.pollBinding(ctx, actorOf(request).userId, ticketOf(request), requestLang(request)),
    ),
  );
  app.post('/api/account/wechat/clear', async (request) => {
    await chat.clearBinding(ctx, actorOf(request).userId, parse(ticketBody, request.body).ticket);
    return ok(request, null);
  });
  app.post('/api/account/wechat/rebind', async (request) =>
    ok(request, await chat.startBinding(ctx, actorOf(request).userId, 'wechat', 'rebind')),
  );

  // Lark (workplace chat): the sign-in's outcome, binding with a password, bind status, unbind.
  app.get('/api/account/lark_info', open, async (request) => ok(request, await pollSignIn(request, 'lark')));
  app.post('/api/account/lark_login', openLimited, bindWithPassword);
  app.get('/api/account/check_lark', async (request) => {
    const { open_id } = parse(checkLarkQuery, request.query);
    return ok(request, await chat.larkStatus(ctx, actorOf(request).userId, open_id));
  });
  app.put('/api/account/lark_unbind', unbindRoute('lark'));

  // Work-WeChat: bind status, start a binding, unbind.
  app.get('/api/pigeon/work-wechat/user/bind', async (request) => {
    const { bindings } = await chat.bindingsOf(ctx, actorOf(request).userId);
    const row = bindings.find((binding) => binding.provider === 'work_wechat');
    if (!row) throw fail('CHAT_PROVIDER_OFF');
    return ok(request, { is_bind: row.bound, nickname: row.nickname });
  });
  app.post('/api/pigeon/work-wechat/user/bind', async (request) =>
    ok(request, await chat.startBinding(ctx, actorOf(request).userId, 'work_wechat', 'bind')),
  );
  app.delete('/api/pigeon/work-wechat/user/bind', unbindRoute('work_wechat'));

  // Every provider's binding in one place, as the account settings show them.
  app.get('/api/account/chat_binds', async (request) =>
    ok(request, await chat.bindingsOf(ctx, actorOf(request).userId)),
  );
  app.post('/api/account/chat_binds', async (request) => {
    const { provider, purpose } = parse(chatBindStartBody, request.body);
    return ok(request, await chat.startBinding(ctx, actorOf(request).userId, provider, purpose));
  });
  app.get('/api/account/chat_binds/process', async (request) =>
    ok(
      request,
      await chat.pollBinding(ctx, actorOf(request).userId, ticketOf(request), requestLang(request)),
    ),
  );
  app.delete<{ Params: { provider: string } }>('/api/account/chat_binds/:provider', async (request) => {
    await chat.unbind(ctx, actorOf(request).userId, parse(chatProviderSchema, request.params.provider));
    return ok(request, null);
  });
}
