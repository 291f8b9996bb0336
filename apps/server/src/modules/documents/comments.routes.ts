import {
  createDocumentCommentBody,
  deleteDocumentCommentBody,
  documentCommentsQuery,
  updateDocumentCommentBody,
} from '@ferry/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { parse, queryAndBody } from '../../http/parse.js';
import {
  createDocumentComment,
  deleteDocumentComment,
  listDocumentComments,
  updateDocumentComment,
} from './comments.js';

/** Comments pinned on document pages (docs/api.md "Product documents"). */
export function documentCommentRoutes(app: FastifyInstance, ctx: AppContext) {
  const user = (request: FastifyRequest) => actorOf(request).userId;

  app.get('/api/project/doc/comments', async (request) =>
    ok(request, await listDocumentComments(ctx, user(request), parse(documentCommentsQuery, request.query))),
  );
  app.post('/api/project/doc/comment', async (request) =>
    ok(
      request,
      await createDocumentComment(ctx, user(request), parse(createDocumentCommentBody, request.body)),
    ),
  );
  app.put('/api/project/doc/comment', async (request) =>
    ok(
      request,
      await updateDocumentComment(ctx, user(request), parse(updateDocumentCommentBody, request.body)),
    ),
  );
  // The comment may be named in the query or the body.
  app.delete('/api/project/doc/comment', async (request) =>
    ok(
      request,
      await deleteDocumentComment(
        ctx,
        user(request),
        parse(deleteDocumentCommentBody, queryAndBody(request)),
      ),
    ),
  );
}
