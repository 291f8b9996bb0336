import {
  accessTokenRuleMessages,
  createAccessTokenBody,
  deviceCodeBody,
  deviceDecisionBody,
  deviceTokenBody,
  revokeAccessTokenQuery,
  userCodeQuery,
} from '@ferry/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { fail } from '../../http/errors.js';
import { parse } from '../../http/parse.js';
import { decideDeviceSignIn, describeDeviceSignIn, pollDeviceSignIn, startDeviceSignIn } from './device.js';
import { tokenView } from './present.js';
import { createPersonalToken } from './service.js';
import { listAccessTokens, revokeAccessToken } from './tokens.js';

/** Parses with a shared schema (http/parse.ts); this module's rules are worded in both languages here. */
function parseInput<T>(schema: ZodType<T>, input: unknown): T {
  try {
    return parse(schema, input);
  } catch (error) {
    const issue = schema.safeParse(input ?? {}).error?.issues[0];
    const rule = issue && accessTokenRuleMessages[issue.message];
    if (rule) throw fail('INVALID_INPUT', rule, { field: issue.path.join('.') });
    throw error;
  }
}

/** Plugin sign-in by device code and personal access tokens (docs/api.md "Access tokens"). */
export function accessTokenRoutes(app: FastifyInstance, ctx: AppContext) {
  // Asking for a device code writes a row without a session: one budget per IP, as sign-in has.
  const startBudget = app.createRateLimit({ max: ctx.config.signInRateLimit, timeWindow: '1 minute' });
  const limitStarts = async (request: FastifyRequest, reply: FastifyReply) => {
    const budget = await startBudget(request);
    if (budget.isAllowed || !budget.isExceeded) return;
    reply.header('retry-after', budget.ttlInSeconds);
    throw fail('RATE_LIMITED');
  };

  app.post('/api/plugin/device_code', { config: { public: true }, onRequest: limitStarts }, async (request) =>
    ok(request, await startDeviceSignIn(ctx, parseInput(deviceCodeBody, request.body))),
  );

  app.post('/api/plugin/device_token', { config: { public: true } }, async (request) =>
    ok(request, await pollDeviceSignIn(ctx, parseInput(deviceTokenBody, request.body).device_code)),
  );

  app.get('/api/plugin/device', async (request) =>
    ok(
      request,
      await describeDeviceSignIn(ctx, actorOf(request).userId, parseInput(userCodeQuery, request.query)),
    ),
  );

  app.post('/api/plugin/device/decision', async (request) =>
    ok(
      request,
      await decideDeviceSignIn(ctx, actorOf(request).userId, parseInput(deviceDecisionBody, request.body)),
    ),
  );

  app.get('/api/account/access_tokens', async (request) => {
    const rows = await listAccessTokens(ctx, actorOf(request).userId);
    return ok(request, { list: rows.map(tokenView) });
  });

  app.post('/api/account/access_tokens', async (request) =>
    ok(
      request,
      await createPersonalToken(
        ctx,
        actorOf(request).userId,
        parseInput(createAccessTokenBody, request.body),
      ),
    ),
  );

  app.delete('/api/account/access_tokens', async (request) => {
    const { id } = parseInput(revokeAccessTokenQuery, request.query);
    await revokeAccessToken(ctx, actorOf(request).userId, id);
    return ok(request, null);
  });
}
