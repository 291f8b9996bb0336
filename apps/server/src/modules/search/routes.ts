import { globalSearchQuery } from '@ferry/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/parse.js';
import { globalSearch } from './service.js';

/** Global search (docs/api.md "Search"). */
export function searchRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/global/search', async (request) => {
    const query = parse(globalSearchQuery, request.query);
    return ok(request, await globalSearch(ctx, actorOf(request).userId, query));
  });
}
