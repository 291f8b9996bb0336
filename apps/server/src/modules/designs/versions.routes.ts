import { versionRef, versionsQuery } from '@ferry/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/parse.js';
import { deleteVersion, listVersions, switchVersion } from './versions.js';

/** Versions of one design; the spec names no calls for these, so they follow its style (docs/api.md). */
export function versionRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/project/image_versions', async (request) =>
    ok(request, await listVersions(ctx, actorOf(request).userId, parse(versionsQuery, request.query))),
  );

  app.put('/api/project/image_version', async (request) =>
    ok(request, await switchVersion(ctx, actorOf(request).userId, parse(versionRef, request.body))),
  );

  app.delete('/api/project/image_version', async (request) => {
    const input = parse(versionRef, { ...(request.query as object), ...(request.body as object) });
    return ok(request, await deleteVersion(ctx, actorOf(request).userId, input));
  });
}
