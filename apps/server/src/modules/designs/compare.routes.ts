import { compareQuery, inspectedBody } from '@ferry/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/parse.js';
import { compareVersions, recordInspected } from './compare.js';

/** Comparing two versions of a design, and the version each person last inspected (docs/api.md). */
export function compareRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/project/image/inspected', async (request) =>
    ok(request, await recordInspected(ctx, actorOf(request).userId, parse(inspectedBody, request.body))),
  );

  app.get('/api/project/image/compare', async (request) =>
    ok(request, await compareVersions(ctx, actorOf(request).userId, parse(compareQuery, request.query))),
  );
}
