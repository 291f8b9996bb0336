import { createHotspotsBody, deleteHotspotsBody, prototypeQuery, updateHotspotBody } from '@ferry/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { parse, queryAndBody } from '../../http/parse.js';
import { createHotspots, deleteHotspots, listHotspots, updateHotspot } from './service.js';

export function prototypeRoutes(app: FastifyInstance, ctx: AppContext) {
  const user = (request: FastifyRequest) => actorOf(request).userId;

  app.get('/api/project/prototype', async (request) =>
    ok(request, await listHotspots(ctx, user(request), parse(prototypeQuery, request.query))),
  );

  app.post('/api/project/prototype', async (request) =>
    ok(request, await createHotspots(ctx, user(request), parse(createHotspotsBody, request.body))),
  );

  app.put('/api/project/prototype', async (request) =>
    ok(request, await updateHotspot(ctx, user(request), parse(updateHotspotBody, request.body))),
  );

  // The hotspots may be named in the query or the body.
  app.delete('/api/project/prototype', async (request) => {
    const fields = queryAndBody(request);
    return ok(request, await deleteHotspots(ctx, user(request), parse(deleteHotspotsBody, fields)));
  });
}
