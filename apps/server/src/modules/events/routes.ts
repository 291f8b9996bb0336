import { optionLogBody, templatesQuery } from '@ferry/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/parse.js';
import { templatesFor } from '../messages/templates.js';
import { addNoticeAction } from './option-log.js';

/** The notice templates and the message centre's operation log (answers under `data`, as msg_center/ calls). */
export function eventRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/msg_center/templates', async (request) =>
    ok(request, templatesFor(parse(templatesQuery, request.query).source_type || undefined)),
  );

  // A log line changes nothing the read cache holds.
  app.post('/api/msg_center/option_log/add', { config: { keepsReadCache: true } }, async (request) =>
    ok(request, await addNoticeAction(ctx, actorOf(request).userId, parse(optionLogBody, request.body))),
  );
}
