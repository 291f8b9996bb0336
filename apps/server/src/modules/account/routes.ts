import {
  checkTokenBody,
  LOGOUT_CODE,
  loginBody,
  modifyPasswordBody,
  registerBody,
  updateUserInfoBody,
  verifyPasswordBody,
} from '@ferry/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok, requestLang } from '../../http/envelope.js';
import { fail } from '../../http/errors.js';
import { parse } from '../../http/parse.js';
import {
  isProfileGroup,
  isSettingsType,
  readProfile,
  readSetting,
  writeProfile,
  writeSettings,
} from './preferences.js';
import { preferenceRoutes } from './preferences.routes.js';
import { recoveryRoutes } from './recovery.routes.js';
import * as account from './service.js';
import { findSession, revokeSession } from './sessions.js';

export function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  // One budget per IP for every call that tries a password or creates an account: a budget per call would
  // multiply what one address may try (SIGN_IN_RATE_LIMIT a minute).
  const signInBudget = app.createRateLimit({ max: ctx.config.signInRateLimit, timeWindow: '1 minute' });
  const limitSignIn = async (request: FastifyRequest, reply: FastifyReply) => {
    const budget = await signInBudget(request);
    if (budget.isAllowed || !budget.isExceeded) return;
    reply.header('retry-after', budget.ttlInSeconds);
    throw fail('RATE_LIMITED');
  };
  const userAgent = (headers: Record<string, unknown>) => String(headers['user-agent'] ?? '');

  app.get('/api/account/public_key', { config: { public: true } }, async (request) =>
    ok(request, { public_key: ctx.cipher.publicPem, algorithm: 'RSA-OAEP-256' }),
  );

  app.post('/api/account/register', { config: { public: true }, onRequest: limitSignIn }, async (request) => {
    const body = parse(registerBody, request.body);
    return ok(request, await account.register(ctx, body, userAgent(request.headers), requestLang(request)));
  });

  app.post('/api/account/login', { config: { public: true }, onRequest: limitSignIn }, async (request) => {
    const body = parse(loginBody, request.body);
    return ok(request, await account.login(ctx, body, userAgent(request.headers), requestLang(request)));
  });

  // Every signed-in page load asks this; the read cache answers it, already serialised, until something changes.
  app.get('/api/account/login', async (request, reply) => {
    const { userId } = actorOf(request);
    const lang = requestLang(request);
    const body = await ctx.cache.remember(`summary:${userId}:${lang}`, async () =>
      JSON.stringify(ok(request, await account.sessionSummary(ctx, userId, lang))),
    );
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.put<{ Querystring: { code?: string } }>('/api/account/login', async (request) => {
    if (request.query.code !== LOGOUT_CODE) {
      throw fail('INVALID_INPUT', {
        zh: `退出登录需要 code=${LOGOUT_CODE}`,
        en: `Logout needs code=${LOGOUT_CODE}`,
      });
    }
    await revokeSession(ctx.db, actorOf(request).token, 'logout', ctx.now());
    return ok(request, null);
  });

  app.post(
    '/api/account/check_password',
    { config: { public: true }, onRequest: limitSignIn },
    async (request) => {
      const body = parse(loginBody, request.body);
      await account.checkPasswordOnly(ctx, body);
      return ok(request, { correct: true });
    },
  );

  // Asks about the caller's own sessions only: anyone else's token answers "not valid" and names nobody.
  app.post('/api/account/check_token', { config: { keepsReadCache: true } }, async (request) => {
    const { token } = parse(checkTokenBody, request.body);
    const { userId } = actorOf(request);
    const session = await findSession(ctx.db, token);
    const valid = Boolean(session && session.userId === userId && !session.revokedAt);
    return ok(request, { valid, user_id: valid ? userId : null });
  });

  app.get('/api/account/userinfo', async (request) =>
    ok(request, await account.getUser(ctx, actorOf(request).userId)),
  );

  app.put('/api/account/userinfo', async (request) => {
    const changes = parse(updateUserInfoBody, request.body);
    return ok(request, await account.updateUser(ctx, actorOf(request).userId, changes));
  });

  app.get<{ Querystring: { settings_type?: string } }>('/api/account/user_settings', async (request) => {
    const type = request.query.settings_type ?? 'web_main';
    if (!isSettingsType(type))
      throw fail('INVALID_INPUT', { zh: '未知的设置类型', en: 'Unknown settings_type' });
    return ok(request, { [type]: await readSetting(ctx, actorOf(request).userId, type) });
  });

  app.put('/api/account/user_settings', async (request) => {
    await writeSettings(ctx, actorOf(request).userId, request.body as Record<string, unknown>);
    return ok(request, null);
  });

  app.get<{ Querystring: { group?: string } }>('/api/account/user_profile', async (request) => {
    const { group } = request.query;
    if (!isProfileGroup(group))
      throw fail('INVALID_INPUT', { zh: '未知的资料分组', en: 'Unknown profile group' });
    return ok(request, await readProfile(ctx.db, actorOf(request).userId, group));
  });

  app.post<{ Body: { info?: unknown } }>('/api/account/user_profile', async (request) => {
    await writeProfile(ctx, actorOf(request).userId, request.body?.info);
    return ok(request, null);
  });

  app.post('/api/passport/modify_account_password', async (request) => {
    const body = parse(modifyPasswordBody, request.body);
    await account.modifyPassword(ctx, actorOf(request), body);
    return ok(request, null);
  });

  app.post('/api/passport/verify_user_password', async (request) => {
    const { password } = parse(verifyPasswordBody, request.body);
    return ok(request, await account.verifyUserPassword(ctx, actorOf(request).userId, password));
  });

  recoveryRoutes(app, ctx, limitSignIn);
  preferenceRoutes(app, ctx);
}
