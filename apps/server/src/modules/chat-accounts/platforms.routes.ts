import { platformExchangeBody, platformGrantBody } from '@ferry/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/parse.js';
import { exchangePlatformCode, grantPlatform, platformBound, unbindPlatform } from './platforms.js';

/** Design-platform binding and verification (spec 000 §2 platformsBindAccount, mastergoVerifyAccount; §7 check_mg). */
export function platformRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/account/platform_binds', async (request) =>
    ok(request, await grantPlatform(ctx, actorOf(request).userId, parse(platformGrantBody, request.body))),
  );
  // The platform's server, with its secret: no session.
  app.post('/api/account/platform_binds/exchange', { config: { public: true } }, async (request) =>
    ok(request, await exchangePlatformCode(ctx, parse(platformExchangeBody, request.body))),
  );
  app.delete<{ Params: { platform: string } }>('/api/account/platform_binds/:platform', async (request) => {
    await unbindPlatform(ctx, actorOf(request).userId, request.params.platform);
    return ok(request, null);
  });
  app.get('/api/account/check_mg', async (request) =>
    ok(request, { is_bind: await platformBound(ctx, actorOf(request).userId, 'mastergo') }),
  );
}
