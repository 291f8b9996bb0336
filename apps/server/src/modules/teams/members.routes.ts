import { changeRoleBody, nicknameBody, removeMemberBody, teamUsersQuery } from '@ferry/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok, requestLang } from '../../http/envelope.js';
import { parse } from '../../http/parse.js';
import * as members from './members.js';
import { requireTeamId } from './routes.js';

type TeamQuery = { Querystring: { team_id?: string } };

export function memberRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/account/team_users', async (request) => {
    const query = parse(teamUsersQuery, request.query);
    return ok(request, await members.listMembers(ctx, actorOf(request).userId, query, requestLang(request)));
  });

  app.put('/api/account/team_user_role', async (request) => {
    await members.changeRole(ctx, actorOf(request).userId, parse(changeRoleBody, request.body));
    return ok(request, null);
  });

  app.delete('/api/account/remove_member', async (request) => {
    await members.removeMember(ctx, actorOf(request).userId, parse(removeMemberBody, request.body));
    return ok(request, null);
  });

  app.get<TeamQuery>('/api/account/user_team_role', async (request) =>
    ok(
      request,
      await members.userTeamRole(
        ctx,
        actorOf(request).userId,
        requireTeamId(request.query),
        requestLang(request),
      ),
    ),
  );

  app.get<TeamQuery>('/api/account/team_settings', async (request) =>
    ok(request, await members.remarkTable(ctx, actorOf(request).userId, requireTeamId(request.query))),
  );

  app.put('/api/account/team_settings', async (request) =>
    ok(request, await members.setNickname(ctx, actorOf(request).userId, parse(nicknameBody, request.body))),
  );

  app.get<TeamQuery>('/api/account/user_in_team_nickname', async (request) =>
    ok(request, await members.ownNickname(ctx, actorOf(request).userId, requireTeamId(request.query))),
  );
}
