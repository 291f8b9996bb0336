import { messagesQuery, readMessagesBody } from '@ferry/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok, requestLang } from '../../http/envelope.js';
import { parse } from '../../http/parse.js';
import { listMessages, markRead, unreadSummary } from './service.js';

/** The message centre: the caller's stored notices (answers under `data`, as every msg_center/ call). */
export function messageRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/msg_center/messages', async (request) =>
    ok(
      request,
      await listMessages(
        ctx,
        actorOf(request).userId,
        parse(messagesQuery, request.query),
        requestLang(request),
      ),
    ),
  );

  app.get('/api/msg_center/messages/unread', async (request) =>
    ok(request, await unreadSummary(ctx, actorOf(request).userId)),
  );

  app.post('/api/msg_center/messages/read', async (request) =>
    ok(request, await markRead(ctx, actorOf(request).userId, parse(readMessagesBody, request.body))),
  );
}
