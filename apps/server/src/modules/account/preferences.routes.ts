import { dismissGuideBody, isGuideName } from '@ferry/shared';
import type { FastifyInstance } from 'fastify';
import { sendAnswer } from '../../cache/read-cache.js';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok, requestLang } from '../../http/envelope.js';
import { fail } from '../../http/errors.js';
import { parse } from '../../http/parse.js';
import { dismissGuide, guidesOf } from './guides.js';
import { isProfileGroup, readProfile, writeProfile } from './preferences.js';

/** The profile read through the read cache, and the first-time guides (spec 000 §7). */
export function preferenceRoutes(app: FastifyInstance, ctx: AppContext) {
  // Read on every page load: answered from the read cache (serialised, with an ETag) until any change.
  app.get<{ Querystring: { group?: string } }>(
    '/api/account/user_profile_by_cache',
    async (request, reply) => {
      const { group } = request.query;
      if (!isProfileGroup(group))
        throw fail('INVALID_INPUT', { zh: '未知的资料分组', en: 'Unknown profile group' });
      const { userId } = actorOf(request);
      const answer = await ctx.cache.rememberAnswer(
        `profile:${userId}:${group}:${requestLang(request)}`,
        async () => ok(request, await readProfile(ctx.db, userId, group)),
      );
      return sendAnswer(request, reply, answer);
    },
  );

  // The same write as user_profile; like every change it clears the read cache before the answer goes out.
  app.post<{ Body: { info?: unknown } }>('/api/account/user_profile_by_cache', async (request) => {
    await writeProfile(ctx, actorOf(request).userId, request.body?.info);
    return ok(request, null);
  });

  app.get('/api/pangu/onboarding/guide', async (request) =>
    ok(request, await guidesOf(ctx, actorOf(request).userId)),
  );

  app.post('/api/pangu/onboarding/guide', async (request) => {
    const { name } = parse(dismissGuideBody, request.body);
    // Spec 000 §5: a name outside the list is logged, then refused.
    if (!isGuideName(name)) request.log.error({ guide: name }, 'unknown first-time guide');
    await dismissGuide(ctx, actorOf(request).userId, name);
    return ok(request, await guidesOf(ctx, actorOf(request).userId));
  });
}
