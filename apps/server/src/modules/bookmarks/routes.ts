import {
  clickBookmarkBody,
  createBookmarksBody,
  deleteBookmarksBody,
  listBookmarksQuery,
  updateBookmarkBody,
} from '@ferry/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import { settleUnreadBody } from '../../http/multipart.js';
import { parse, queryAndBody } from '../../http/parse.js';
import { MAX_FORM_BYTES, receiveBookmarkFile, sendBookmarkFile } from './files.js';
import {
  clickBookmark,
  createLinkBookmarks,
  deleteBookmarks,
  listBookmarks,
  updateBookmark,
} from './service.js';

export function bookmarkRoutes(app: FastifyInstance, ctx: AppContext) {
  const user = (request: FastifyRequest) => actorOf(request).userId;

  app.get('/api/project/bookmark', async (request) =>
    ok(request, await listBookmarks(ctx, user(request), parse(listBookmarksQuery, request.query))),
  );

  app.post('/api/project/bookmark', async (request) =>
    ok(request, await createLinkBookmarks(ctx, user(request), parse(createBookmarksBody, request.body))),
  );

  app.put('/api/project/bookmark', async (request) =>
    ok(request, await updateBookmark(ctx, user(request), parse(updateBookmarkBody, request.body))),
  );

  // The bookmarks may be named in the query or the body.
  app.delete('/api/project/bookmark', async (request) => {
    const fields = queryAndBody(request);
    return ok(request, await deleteBookmarks(ctx, user(request), parse(deleteBookmarksBody, fields)));
  });

  app.post('/api/project/bookmark/file', async (request, reply) => {
    try {
      return ok(request, await receiveBookmarkFile(ctx, user(request), request));
    } catch (error) {
      // A refusal before the file was read leaves the rest of the body on the connection.
      if (error instanceof AppError) settleUnreadBody(request, reply, MAX_FORM_BYTES);
      throw error;
    }
  });

  app.get('/api/project/bookmark/file', async (request, reply) =>
    sendBookmarkFile(ctx, user(request), request, reply),
  );

  app.post('/api/project/bookmark/click', async (request) =>
    ok(request, await clickBookmark(ctx, user(request), parse(clickBookmarkBody, request.body))),
  );
}
