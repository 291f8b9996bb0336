import {
  commentRef,
  commentsQuery,
  createCommentBody,
  projectRef,
  resolveCommentBody,
  updateCommentBody,
} from '@ferry/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { parse, queryAndBody } from '../../http/parse.js';
import { createComment, deleteComment, mentionCandidates, resolveComment, updateComment } from './service.js';
import { getThread, listThreads } from './threads.js';

export function commentRoutes(app: FastifyInstance, ctx: AppContext) {
  const user = (request: FastifyRequest) => actorOf(request).userId;

  app.get('/api/project/comments', async (request) =>
    ok(request, await listThreads(ctx, user(request), parse(commentsQuery, request.query))),
  );

  app.get('/api/project/comment/people', async (request) =>
    ok(request, await mentionCandidates(ctx, user(request), parse(projectRef, request.query))),
  );

  app.get('/api/project/comment', async (request) =>
    ok(request, await getThread(ctx, user(request), parse(commentRef, request.query))),
  );

  app.post('/api/project/comment', async (request) =>
    ok(request, await createComment(ctx, user(request), parse(createCommentBody, request.body))),
  );

  app.put('/api/project/comment', async (request) =>
    ok(request, await updateComment(ctx, user(request), parse(updateCommentBody, request.body))),
  );

  // The comment may be named in the query or the body.
  app.delete('/api/project/comment', async (request) => {
    const fields = queryAndBody(request);
    return ok(request, await deleteComment(ctx, user(request), parse(commentRef, fields)));
  });

  app.post('/api/project/comment/resolve', async (request) =>
    ok(request, await resolveComment(ctx, user(request), parse(resolveCommentBody, request.body))),
  );
}
