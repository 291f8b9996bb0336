import { createLinksBody, deleteLinksBody, linksQuery, saveCardsBody, updateLinkBody } from '@ferry/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { parse, queryAndBody } from '../../http/parse.js';
import { saveCards } from './cards.js';
import { createLinks, deleteLinks, listLinks, updateLink } from './links.js';

/** The flow map: links between designs and where their cards sit. */
export function flowLinkRoutes(app: FastifyInstance, ctx: AppContext) {
  const user = (request: FastifyRequest) => actorOf(request).userId;

  app.get('/api/project/link', async (request) =>
    ok(request, await listLinks(ctx, user(request), parse(linksQuery, request.query))),
  );

  app.post('/api/project/link', async (request) =>
    ok(request, await createLinks(ctx, user(request), parse(createLinksBody, request.body))),
  );

  app.put('/api/project/link', async (request) =>
    ok(request, await updateLink(ctx, user(request), parse(updateLinkBody, request.body))),
  );

  // The spec sends the links as a comma-joined list, in the query or the body.
  app.delete('/api/project/link', async (request) => {
    const fields = queryAndBody(request);
    return ok(request, await deleteLinks(ctx, user(request), parse(deleteLinksBody, fields)));
  });

  app.put('/api/project/link/cards', async (request) =>
    ok(request, await saveCards(ctx, user(request), parse(saveCardsBody, request.body))),
  );
}
