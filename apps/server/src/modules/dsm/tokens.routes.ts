import {
  createTokensBody,
  DsmLimits,
  deleteTokensBody,
  dsmLinksBody,
  dsmLinksQuery,
  exportTokensQuery,
  extractTokensBody,
  importTokensBody,
  listTokensQuery,
  projectTokensQuery,
  updateTokenBody,
} from '@ferry/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { parse, queryAndBody } from '../../http/parse.js';
import { extractTokens } from './extract.js';
import { idList } from './library.routes.js';
import { listDsmLinks, projectTokens, setDsmLinks } from './links.js';
import { createTokens, deleteTokens, listTokens, updateToken } from './tokens.js';
import { exportTokens, importTokens } from './transfer.js';

const IMPORT_BODY_LIMIT = DsmLimits.importMaxChars * 3 + 64 * 1024;

/** Design tokens of a dsm project, their extraction, export and import, and the projects that link them. */
export function tokenRoutes(app: FastifyInstance, ctx: AppContext) {
  const user = (request: FastifyRequest) => actorOf(request).userId;

  app.get('/api/project/dsm_token', async (request) =>
    ok(request, await listTokens(ctx, user(request), parse(listTokensQuery, request.query))),
  );
  app.post('/api/project/dsm_token', async (request) =>
    ok(request, await createTokens(ctx, user(request), parse(createTokensBody, request.body))),
  );
  app.put('/api/project/dsm_token', async (request) =>
    ok(request, await updateToken(ctx, user(request), parse(updateTokenBody, request.body))),
  );
  // The tokens may be named in the query or the body.
  app.delete('/api/project/dsm_token', async (request) => {
    const fields = idList(queryAndBody(request) as Record<string, unknown>, 'token_ids');
    return ok(request, await deleteTokens(ctx, user(request), parse(deleteTokensBody, fields)));
  });

  app.post('/api/project/dsm_token/extract', async (request) =>
    ok(request, await extractTokens(ctx, user(request), parse(extractTokensBody, request.body))),
  );
  app.get('/api/project/dsm_token/export', async (request) =>
    ok(request, await exportTokens(ctx, user(request), parse(exportTokensQuery, request.query))),
  );
  // The file may hold DsmLimits.importMaxChars characters, each up to 3 bytes of UTF-8 or a 2-byte JSON
  // escape; past that the body is refused before it is read (413).
  app.post('/api/project/dsm_token/import', { bodyLimit: IMPORT_BODY_LIMIT }, async (request) =>
    ok(request, await importTokens(ctx, user(request), parse(importTokensBody, request.body))),
  );

  app.get('/api/project/dsm_links', async (request) =>
    ok(request, await listDsmLinks(ctx, user(request), parse(dsmLinksQuery, request.query))),
  );
  app.put('/api/project/dsm_links', async (request) =>
    ok(request, await setDsmLinks(ctx, user(request), parse(dsmLinksBody, request.body))),
  );
  app.get('/api/project/design_tokens', async (request) =>
    ok(request, await projectTokens(ctx, user(request), parse(projectTokensQuery, request.query))),
  );
}
