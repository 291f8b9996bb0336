import {
  applyBody,
  handleApplyBody,
  inviteLinkQuery,
  inviteMemberBody,
  inviteMessageBody,
  inviteParams,
} from '@ferry/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf, authenticate, readBasicToken } from '../../http/auth.js';
import { ok, requestLang } from '../../http/envelope.js';
import { parse } from '../../http/parse.js';
import * as applies from './applies.js';
import * as invites from './invites.js';
import { requireTeamId } from './routes.js';

type TeamQuery = { Querystring: { team_id?: string; state?: string } };

export function inviteRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/account/team_invite_link', async (request) =>
    ok(
      request,
      await invites.teamInviteLink(ctx, actorOf(request).userId, parse(inviteLinkQuery, request.query)),
    ),
  );

  app.post<{ Body: { team_id?: string } }>('/api/account/team_invite_link/reset', async (request) => {
    await invites.resetInviteLinks(ctx, actorOf(request).userId, requireTeamId(request.body ?? {}));
    return ok(request, null);
  });

  // Public: the landing page shows whom the visitor is joining before they sign in.
  app.get('/api/account/invite_info', { config: { public: true } }, async (request) => {
    const link = parse(inviteParams, request.query);
    const viewer = readBasicToken(request) ? await authenticate(ctx, request).catch(() => null) : null;
    return ok(request, await invites.inviteInfo(ctx, link, viewer?.userId ?? null));
  });

  app.post('/api/account/join_by_link', async (request) =>
    ok(
      request,
      await invites.joinByLink(
        ctx,
        actorOf(request).userId,
        parse(inviteParams, request.body),
        requestLang(request),
      ),
    ),
  );

  app.put('/api/account/invite_member', async (request) =>
    ok(
      request,
      await invites.inviteByEmail(
        ctx,
        actorOf(request).userId,
        parse(inviteMemberBody, request.body),
        requestLang(request),
      ),
    ),
  );

  app.post('/api/account/invite_message', async (request) =>
    ok(
      request,
      await invites.resendInvitation(
        ctx,
        actorOf(request).userId,
        parse(inviteMessageBody, request.body),
        requestLang(request),
      ),
    ),
  );

  app.post('/api/account/team_apply', async (request) =>
    ok(request, await applies.applyToJoin(ctx, actorOf(request).userId, parse(applyBody, request.body))),
  );

  app.get<TeamQuery>('/api/account/team_apply', async (request) =>
    ok(
      request,
      await applies.listApplies(
        ctx,
        actorOf(request).userId,
        requireTeamId(request.query),
        request.query.state,
      ),
    ),
  );

  app.get<TeamQuery>('/api/account/team_apply_count', async (request) =>
    ok(request, await applies.pendingApplyCount(ctx, actorOf(request).userId, requireTeamId(request.query))),
  );

  app.put('/api/account/team_apply', async (request) =>
    ok(
      request,
      await applies.handleApply(ctx, actorOf(request).userId, parse(handleApplyBody, request.body)),
    ),
  );

  app.get('/api/account/my_team_applies', async (request) =>
    ok(request, await applies.myApplies(ctx, actorOf(request).userId)),
  );
}
