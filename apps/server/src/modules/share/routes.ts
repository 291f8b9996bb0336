import {
  createShareLinkBody,
  resolveShareBody,
  revokeShareLinkBody,
  sendShareLinkBody,
  shareCodeQuery,
  shareOpensQuery,
  shareProjectQuery,
  shareTeamQuery,
  shortIdQuery,
  updateShareLinkBody,
} from '@ferry/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf, authenticate, readBasicToken } from '../../http/auth.js';
import { ok, requestLang } from '../../http/envelope.js';
import { fail } from '../../http/errors.js';
import { parse } from '../../http/parse.js';
import { ipPrefix, isVisitorToken } from './codes.js';
import { describeLink, openLink, resolveShort } from './resolve.js';
import { sendLink } from './send.js';
import * as links from './service.js';

/** Share links: managed by signed-in members (sharesvc/), resolved by anyone holding a code. */
export function shareRoutes(app: FastifyInstance, ctx: AppContext) {
  // Opening a link tries a password: the same per-IP budget as sign-in, on top of the per-link count.
  const openBudget = app.createRateLimit({ max: ctx.config.signInRateLimit, timeWindow: '1 minute' });
  const limitOpens = async (request: FastifyRequest, reply: FastifyReply) => {
    const budget = await openBudget(request);
    if (budget.isAllowed || !budget.isExceeded) return;
    reply.header('retry-after', budget.ttlInSeconds);
    throw fail('RATE_LIMITED');
  };
  const userId = (request: FastifyRequest) => actorOf(request).userId;

  app.post('/api/sharesvc/link', async (request) =>
    ok(request, await links.createLink(ctx, userId(request), parse(createShareLinkBody, request.body))),
  );

  app.get('/api/sharesvc/link', async (request) => {
    const query = parse(shareProjectQuery, request.query);
    return ok(request, await links.listProjectLinks(ctx, userId(request), query.team_id, query.project_id));
  });

  app.get('/api/sharesvc/links', async (request) => {
    const query = parse(shareTeamQuery, request.query);
    return ok(request, await links.listTeamLinks(ctx, userId(request), query.team_id));
  });

  app.put('/api/sharesvc/link', async (request) =>
    ok(request, await links.updateLink(ctx, userId(request), parse(updateShareLinkBody, request.body))),
  );

  app.delete('/api/sharesvc/link', async (request) => {
    const input = parse(revokeShareLinkBody, { ...(request.query as object), ...(request.body as object) });
    return ok(request, await links.revokeLinks(ctx, userId(request), input));
  });

  app.get('/api/sharesvc/link/opens', async (request) =>
    ok(request, await links.linkOpens(ctx, userId(request), parse(shareOpensQuery, request.query))),
  );

  app.post('/api/sharesvc/send_link', async (request) =>
    ok(
      request,
      await sendLink(ctx, userId(request), parse(sendShareLinkBody, request.body), requestLang(request)),
    ),
  );

  app.get('/api/share/url/resolve', { config: { public: true } }, async (request) => {
    const { code } = parse(shareCodeQuery, request.query);
    const token = readBasicToken(request);
    const viewer =
      token && !isVisitorToken(token) ? await authenticate(ctx, request).catch(() => null) : null;
    return ok(request, await describeLink(ctx, code, viewer?.userId ?? null));
  });

  app.post('/api/share/url/resolve', { config: { public: true }, onRequest: limitOpens }, async (request) =>
    ok(request, await openLink(ctx, parse(resolveShareBody, request.body), ipPrefix(request.ip))),
  );

  app.post('/api/url/short', { config: { public: true } }, async (request) =>
    ok(request, await resolveShort(ctx, parse(shareCodeQuery, request.body).code)),
  );

  app.get('/api/ts-mars/v1/outer_short_id', { config: { public: true } }, async (request) =>
    ok(request, await resolveShort(ctx, parse(shortIdQuery, request.query).short_id)),
  );
}
