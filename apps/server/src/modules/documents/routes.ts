import {
  createDocumentGroupBody,
  deleteDocumentBody,
  deleteDocumentGroupBody,
  documentQuery,
  documentSearchQuery,
  groupSourcesBody,
  listDocumentsQuery,
  registerDocumentBody,
  renameDocumentBody,
  updateDocumentGroupBody,
} from '@ferry/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok, requestLang } from '../../http/envelope.js';
import { parse, queryAndBody } from '../../http/parse.js';
import { axureRoutes } from './axure.js';
import { documentCommentRoutes } from './comments.routes.js';
import { deleteDocument, documentDetail, renameDocument } from './detail.js';
import { createGroup, deleteGroup, moveToGroup, updateGroup } from './groups.js';
import { registerDocument } from './register.js';
import { searchDocuments } from './search.js';
import { listDocuments } from './service.js';

/** Product documents (docs/api.md "Product documents"). */
export function documentRoutes(app: FastifyInstance, ctx: AppContext) {
  const user = (request: FastifyRequest) => actorOf(request).userId;
  const lang = requestLang;

  app.get('/api/project/product_documents', async (request) =>
    ok(
      request,
      await listDocuments(ctx, user(request), parse(listDocumentsQuery, request.query), lang(request)),
    ),
  );

  app.post('/api/project/product_document_group', async (request) =>
    ok(
      request,
      await createGroup(ctx, user(request), parse(createDocumentGroupBody, request.body), lang(request)),
    ),
  );
  app.put('/api/project/product_document_group', async (request) =>
    ok(
      request,
      await updateGroup(ctx, user(request), parse(updateDocumentGroupBody, request.body), lang(request)),
    ),
  );
  // The group may be named in the query or the body.
  app.delete('/api/project/product_document_group', async (request) =>
    ok(request, await deleteGroup(ctx, user(request), parse(deleteDocumentGroupBody, queryAndBody(request)))),
  );

  for (const [method, reorder] of [
    ['POST', false],
    ['PUT', true],
  ] as const) {
    app.route({
      method,
      url: '/api/project/product_group/source',
      handler: async (request) =>
        ok(
          request,
          await moveToGroup(ctx, user(request), parse(groupSourcesBody, request.body), {
            reorder,
            lang: lang(request),
          }),
        ),
    });
  }

  app.post('/api/project/doc', async (request) =>
    ok(
      request,
      await registerDocument(ctx, user(request), parse(registerDocumentBody, request.body), lang(request)),
    ),
  );
  app.get('/api/project/doc', async (request) =>
    ok(request, await documentDetail(ctx, user(request), parse(documentQuery, request.query), lang(request))),
  );
  app.put('/api/project/doc', async (request) =>
    ok(
      request,
      await renameDocument(ctx, user(request), parse(renameDocumentBody, request.body), lang(request)),
    ),
  );
  app.delete('/api/project/doc', async (request) =>
    ok(request, await deleteDocument(ctx, user(request), parse(deleteDocumentBody, queryAndBody(request)))),
  );

  app.get('/api/project/project_product_search', async (request) =>
    ok(request, await searchDocuments(ctx, user(request), parse(documentSearchQuery, request.query))),
  );

  axureRoutes(app, ctx);
  documentCommentRoutes(app, ctx);
}
