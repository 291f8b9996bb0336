import {
  ONBOARDING_INDUSTRIES,
  ONBOARDING_ROLES,
  onboardTeamBody,
  onboardTeamQuery,
  onboardUserBody,
} from '@ferry/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok, requestLang } from '../../http/envelope.js';
import { parse } from '../../http/parse.js';
import { sampleProject } from './sample.js';
import { inviteVariant, onboardTeam, onboardUser, saveOnboardTeam, saveOnboardUser } from './service.js';

/** The first-run path's calls (spec 000 §7 "Onboarding"); every one needs a signed-in caller. */
export function onboardingRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/account/onboard_user', async (request) =>
    ok(request, await onboardUser(ctx, actorOf(request).userId)),
  );
  // POST starts or changes, PUT changes: both take the same fields and write only those given.
  for (const method of ['post', 'put'] as const) {
    app[method]('/api/account/onboard_user', async (request) =>
      ok(request, await saveOnboardUser(ctx, actorOf(request).userId, parse(onboardUserBody, request.body))),
    );
  }

  app.get('/api/account/onboard_team', async (request) =>
    ok(
      request,
      await onboardTeam(ctx, actorOf(request).userId, parse(onboardTeamQuery, request.query).team_id),
    ),
  );
  app.put('/api/account/onboard_team', async (request) =>
    ok(request, await saveOnboardTeam(ctx, actorOf(request).userId, parse(onboardTeamBody, request.body))),
  );

  app.get('/api/account/onboard_project', async (request) =>
    ok(
      request,
      await sampleProject(
        ctx,
        actorOf(request).userId,
        parse(onboardTeamQuery, request.query).team_id,
        requestLang(request),
      ),
    ),
  );

  app.get('/api/pangu/onboarding/team/industry', async (request) => {
    actorOf(request);
    return ok(request, { list: ONBOARDING_INDUSTRIES });
  });
  app.get('/api/pangu/onboarding/team/role', async (request) => {
    actorOf(request);
    return ok(request, { list: ONBOARDING_ROLES });
  });
  app.get('/api/pangu/onboarding/abtest/invite', async (request) =>
    ok(request, inviteVariant(actorOf(request).userId)),
  );
}
