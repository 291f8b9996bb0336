import { messagesQuery, readMessagesBody } from '@ferry/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/parse.js';
import { listMessages, markRead } from './service.js';

/** The message centre: the caller's stored notices (answers under `data`, as every msg_center/ call). */
export function messageRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/msg_center/messages', async (request) =>
    ok(request, await listMessages(ctx, actorOf(request).userId, parse(messagesQuery, request.query))),
  );

  app.post('/api/msg_center/messages/read', async (request) =>
    ok(request, await markRead(ctx, actorOf(request).userId, parse(readMessagesBody, request.body))),
  );
}
