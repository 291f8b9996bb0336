import { existsSync } from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { Codes, Limits, ruleMessages } from '@ferry/shared';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppContext } from './context.js';
import { authenticate, readBasicToken } from './http/auth.js';
import { dataExceptionOf } from './http/db-errors.js';
import { envelope, requestLang } from './http/envelope.js';
import { AppError, fail } from './http/errors.js';
import { refuseNulInput } from './http/input-guard.js';
import { enterRequestScope, sessionScopeWanted } from './http/request-scope.js';
import { accessTokenRoutes } from './modules/access-tokens/routes.js';
import { accountRoutes } from './modules/account/routes.js';
import { versionRoutes } from './modules/account/version.routes.js';
import { bookmarkRoutes } from './modules/bookmarks/routes.js';
import { chatAccountRoutes } from './modules/chat-accounts/routes.js';
import { commentRoutes } from './modules/comments/routes.js';
import { configurationRoutes } from './modules/configuration/routes.js';
import { designRoutes } from './modules/designs/routes.js';
import { documentRoutes } from './modules/documents/routes.js';
import { dsmRoutes } from './modules/dsm/routes.js';
import { eventRoutes } from './modules/events/routes.js';
import { folderRoutes } from './modules/folders/routes.js';
import { inspectRoutes } from './modules/inspect/routes.js';
import { messageRoutes } from './modules/messages/routes.js';
import { onboardingRoutes } from './modules/onboarding/routes.js';
import { groupRoutes } from './modules/projects/groups.routes.js';
import { projectMemberRoutes } from './modules/projects/members.routes.js';
import { projectRoutes } from './modules/projects/routes.js';
import { flowLinkRoutes } from './modules/prototypes/links.routes.js';
import { prototypeRoutes } from './modules/prototypes/routes.js';
import { searchRoutes } from './modules/search/routes.js';
import { sectionRoutes } from './modules/sections/routes.js';
import { isVisitorToken } from './modules/share/codes.js';
import { shareRoutes } from './modules/share/routes.js';
import { answerVisitor } from './modules/share/visits.js';
import { ssoRequiredSomewhere } from './modules/sso/require.js';
import { ssoRoutes } from './modules/sso/routes.js';
import { fileRoutes } from './modules/storage/routes.js';
import { departmentRoutes } from './modules/teams/departments.routes.js';
import { teamIdentityRoutes } from './modules/teams/identity.routes.js';
import { inviteRoutes } from './modules/teams/invites.routes.js';
import { memberRoutes } from './modules/teams/members.routes.js';
import { teamRoutes } from './modules/teams/routes.js';
import { uploadRoutes } from './modules/uploads/routes.js';
import { walkthroughRoutes } from './modules/walkthrough/routes.js';
import { realtimeRoutes } from './realtime/socket.js';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
}

/** The whole HTTP application; main.ts listens with it, tests inject into it. */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    // Off unless TRUST_PROXY names the proxies: a client can write X-Forwarded-For itself.
    trustProxy: ctx.config.trustProxy,
    // Accept `{}`-less PUTs such as the logout call, which carries its data in the query.
    return503OnClosing: true,
  });
  app.decorateRequest('actor', null);

  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '' || body === undefined) return done(null, {});
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(
        new AppError(Codes.INVALID_INPUT, {
          zh: '请求体不是有效的 JSON',
          en: 'The request body is not valid JSON',
        }),
      );
    }
  });

  app.setErrorHandler((failure, request, reply) => {
    const lang = requestLang(request);
    const sqlState = dataExceptionOf(failure);
    if (sqlState) {
      // A value a column cannot hold that no schema refused: the caller's input, not a server fault.
      request.log.warn({ err: failure, sqlState }, 'input refused by the database');
    }
    const error = sqlState ? fail('INVALID_INPUT', ruleMessages['value.invalid']) : failure;
    if (error instanceof AppError) {
      return reply
        .status(error.entry.httpStatus)
        .send(envelope(request, error.entry, error.message_in(lang), error.result));
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 429) {
      const entry = Codes.RATE_LIMITED;
      return reply.status(429).send(envelope(request, entry, lang === 'zh-CN' ? entry.zh : entry.en, null));
    }
    if (status >= 400 && status < 500) {
      const entry = Codes.INVALID_INPUT;
      const detail = error instanceof Error ? error.message : String(error);
      const msg = lang === 'zh-CN' ? `${entry.zh}：${detail}` : `${entry.en}: ${detail}`;
      return reply.status(status === 413 ? 413 : 200).send(envelope(request, entry, msg, null));
    }
    request.log.error({ err: error }, 'unhandled error');
    const entry = Codes.SYSTEM_BUSY;
    return reply.status(500).send(envelope(request, entry, lang === 'zh-CN' ? entry.zh : entry.en, null));
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url === '/' || request.url === '/web') return reply.redirect('/web/');
    const entry = Codes.NOT_FOUND;
    const lang = requestLang(request);
    return reply.status(404).send(envelope(request, entry, lang === 'zh-CN' ? entry.zh : entry.en, null));
  });

  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: Limits.avatarMaxBytes, files: 1, fields: 20 } });

  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config.public) return;
    const token = readBasicToken(request);
    // A share link's visitor is answered by the share module, after the input guard (below).
    if (token && isVisitorToken(token)) request.visitorToken = token;
    else request.actor = await authenticate(ctx, request);
  });
  sessionScopeWanted(ssoRequiredSomewhere);
  app.addHook('preHandler', enterRequestScope);
  app.addHook('preHandler', refuseNulInput);
  app.addHook('preHandler', async (request, reply) => {
    if (request.visitorToken) return answerVisitor(ctx, request, reply, request.visitorToken);
  });

  // Any change through the API invalidates the read cache before the caller hears back. Callback style, so
  // a read (most calls) passes without a promise.
  app.addHook('onSend', (request, _reply, payload, done) => {
    const { method } = request;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return done(null, payload);
    if (request.routeOptions.config?.keepsReadCache || !request.url.startsWith('/api/'))
      return done(null, payload);
    // Other instances' caches expire on their own if the bus is down; the change itself has been made.
    ctx.cache
      .bump()
      .catch((error) => request.log.warn({ err: error }, 'cache bump not published'))
      .then(() => done(null, payload));
  });

  versionRoutes(app, ctx);
  accountRoutes(app, ctx);
  chatAccountRoutes(app, ctx);
  accessTokenRoutes(app, ctx);
  teamRoutes(app, ctx);
  configurationRoutes(app, ctx);
  memberRoutes(app, ctx);
  inviteRoutes(app, ctx);
  departmentRoutes(app, ctx);
  teamIdentityRoutes(app, ctx);
  fileRoutes(app, ctx);
  projectRoutes(app, ctx);
  projectMemberRoutes(app, ctx);
  groupRoutes(app, ctx);
  folderRoutes(app, ctx);
  uploadRoutes(app, ctx);
  designRoutes(app, ctx);
  sectionRoutes(app, ctx);
  eventRoutes(app, ctx);
  // In a scope of its own: the websocket plugin's per-request hook then runs for /ws only.
  await app.register(async (scope) => {
    await realtimeRoutes(scope, ctx);
  });
  inspectRoutes(app, ctx);
  commentRoutes(app, ctx);
  prototypeRoutes(app, ctx);
  bookmarkRoutes(app, ctx);
  documentRoutes(app, ctx);
  dsmRoutes(app, ctx);
  walkthroughRoutes(app, ctx);
  searchRoutes(app, ctx);
  flowLinkRoutes(app, ctx);
  messageRoutes(app, ctx);
  onboardingRoutes(app, ctx);
  shareRoutes(app, ctx);
  ssoRoutes(app, ctx);
  await serveWebApp(app, ctx.config.webDist);
  return app;
}

/**
 * The built web app under /web/: hashed assets cached for good, index.html always revalidated; the .br / .gz
 * the build wrote beside each text file go to browsers that accept them.
 */
async function serveWebApp(app: FastifyInstance, webDist: string) {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    app.get('/web/', async (_request, reply) =>
      reply
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).'),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/web/',
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
