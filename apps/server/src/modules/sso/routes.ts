import { SsoLimits, ssoConfigInput, ssoEntryQuery, ssoStartInput, ssoTeamQuery } from '@ferry/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok, requestLang } from '../../http/envelope.js';
import { AppError, fail } from '../../http/errors.js';
import { parse } from '../../http/parse.js';
import { addTeamAccessRule } from '../teams/access-rules.js';
import { callbackPath } from './present.js';
import { requireTeamSso, watchSsoRequirement } from './require.js';
import { readConfig, saveConfig, testConfig } from './settings.js';
import { finishSignIn, redeemConnection, startSignIn } from './signin.js';

const STATE_COOKIE = 'ferry_sso_state';

function stateCookieOf(request: FastifyRequest): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === STATE_COOKIE) return value.join('=');
  }
  return null;
}

/** The /sso page's address with its query (spec 000 §2 `/sso/#/`). */
const ssoPage = (query: Record<string, string>) => `/sso/#/?${new URLSearchParams(query)}`;

export function ssoRoutes(app: FastifyInstance, ctx: AppContext) {
  addTeamAccessRule(requireTeamSso);
  const stopWatching = watchSsoRequirement(ctx);
  app.addHook('onClose', async () => stopWatching());
  const secure = ctx.config.publicUrl.startsWith('https:');
  const cookie = (value: string, maxAgeMs: number) =>
    `${STATE_COOKIE}=${value}; Path=${callbackPath}; Max-Age=${Math.floor(maxAgeMs / 1000)}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

  app.get('/api/sso/config', async (request) => {
    const { team_id } = parse(ssoTeamQuery, request.query);
    return ok(request, await readConfig(ctx, actorOf(request).userId, team_id));
  });

  app.put('/api/sso/config', async (request) =>
    ok(request, await saveConfig(ctx, actorOf(request).userId, parse(ssoConfigInput, request.body))),
  );

  app.post('/api/sso/test', async (request) => {
    const { team_id } = parse(ssoTeamQuery, request.body);
    return ok(request, await testConfig(ctx, actorOf(request).userId, team_id));
  });

  // Each start stores a state row: the sign-in budget per address keeps a flood of them off the table.
  const startBudget = { max: ctx.config.signInRateLimit, timeWindow: '1 minute' };
  app.post('/api/sso/start', { config: { public: true, rateLimit: startBudget } }, async (request, reply) => {
    const { state, answer } = await startSignIn(ctx, parse(ssoStartInput, request.body));
    reply.header('set-cookie', cookie(state, SsoLimits.stateValidityMs));
    return ok(request, answer);
  });

  // The provider sends the browser here; whatever happens, the browser goes on to the /sso page, which shows
  // the outcome in the person's language.
  app.get(callbackPath, { config: { public: true } }, async (request, reply: FastifyReply) => {
    const query = request.query as Record<string, string | undefined>;
    // Not a provider's return at all (no state): an API refusal, not a page.
    if (!query.state) throw fail('SSO_STATE_INVALID');
    reply.header('set-cookie', cookie('', 0));
    try {
      const { teamId, connectionId } = await finishSignIn(ctx, query, stateCookieOf(request));
      return reply.redirect(ssoPage({ connection_id: connectionId, sso_team_id: teamId }), 303);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const lang = requestLang(request);
      const hint = (error.result as { sso_id?: string } | null)?.sso_id;
      const outcome = {
        error: error.entry.code,
        msg: error.message_in(lang),
        ...(hint ? { sso_id: hint } : {}),
      };
      return reply.redirect(ssoPage(outcome), 303);
    }
  });

  app.get('/api/account/entry', { config: { public: true } }, async (request) => {
    const input = parse(ssoEntryQuery, request.query);
    const userAgent = String(request.headers['user-agent'] ?? '');
    return ok(request, await redeemConnection(ctx, input, userAgent, requestLang(request)));
  });

  // `/sso/#/…` is the web app's SSO screen; the fragment never reaches the server, so a page moves it over.
  app.get('/sso/', { config: { public: true } }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(
        '<!doctype html><meta charset="utf-8"><title>SSO</title><script>' +
          "location.replace('/web/#/sso' + location.hash.replace(/^#\\/?[^?]*/, ''));" +
          '</script>',
      ),
  );
  app.get('/sso', { config: { public: true } }, async (_request, reply) => reply.redirect('/sso/'));
}
