import { logBody, sliceExportBody } from '@ferry/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/parse.js';
import { addLog } from './log.js';
import { exportSlices } from './service.js';

/** The inspect view's calls besides the LayerDoc itself (a signed file: VersionView.json_url). */
export function inspectRoutes(app: FastifyInstance, ctx: AppContext) {
  // Neither call changes what the read cache holds: a zip in the file store, a log line.
  const keepsReadCache = { config: { keepsReadCache: true } };

  app.post('/api/project/slices', keepsReadCache, async (request) =>
    ok(request, await exportSlices(ctx, actorOf(request).userId, parse(sliceExportBody, request.body))),
  );

  app.post('/api/log/add', keepsReadCache, async (request) =>
    ok(request, await addLog(ctx, actorOf(request).userId, parse(logBody, request.body))),
  );
}
