import { VERSION_HEADER } from '@ferry/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { ok, requestLang } from '../../http/envelope.js';
import { fail } from '../../http/errors.js';
import { deployedVersion, versionTips } from './versions.js';

/**
 * The deployed version on every answer (the browser stores it, spec 000 §4), and GET account/version_tips:
 * the release notes since a version, for the "what's new" notice after an update. Public: release notes hold
 * nothing private, and a signed-out page may ask too.
 */
export function versionRoutes(app: FastifyInstance, ctx: AppContext) {
  const version = deployedVersion(ctx.config.webDist);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header(VERSION_HEADER, version);
    done();
  });

  app.get<{ Querystring: { version?: unknown } }>(
    '/api/account/version_tips',
    { config: { public: true } },
    async (request) => {
      const since = request.query.version;
      if (typeof since !== 'string' || since.length === 0 || since.length > 100)
        throw fail('VERSION_INVALID');
      return ok(request, versionTips(since, version, requestLang(request)));
    },
  );
}
