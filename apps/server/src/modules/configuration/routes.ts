import { npsBody, timingBody } from '@ferry/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok, requestLang } from '../../http/envelope.js';
import { fail } from '../../http/errors.js';
import { parse } from '../../http/parse.js';
import { teamForMember } from '../teams/policy.js';
import { requireTeamId } from '../teams/routes.js';
import { isInList, MASTER_LIST, teamMember, userMember } from './lists.js';
import * as nps from './nps.js';
import * as config from './service.js';
import { recordTiming } from './timing.js';

type Query = { Querystring: Record<string, string | undefined> };

/** A list's id (`id`): refused when missing, like a missing team id. */
function requireListId(query: Record<string, unknown>): string {
  const id = typeof query.id === 'string' ? query.id.trim() : '';
  if (!id || id.length > 100)
    throw fail('INVALID_INPUT', { zh: '缺少名单 id', en: 'id (the list) is required' });
  return id;
}

const flag = (value: unknown) => value === '1' || value === 'true';

/** The configuration calls (spec 000 §7): every answer from the server's configuration, the team's plan and the user. */
export function configurationRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/common/configuration', { config: { public: true } }, async (request) =>
    ok(request, await config.publicConfiguration(ctx)),
  );
  app.get('/api/net_mode', { config: { public: true } }, async (request) => ok(request, config.netMode(ctx)));
  app.get('/api/epm/global_conf', async (request) => {
    actorOf(request);
    return ok(request, config.enterpriseConf(ctx));
  });

  // Spec 000 §5: the global configuration is of a team, and refused without its id.
  app.get<Query>('/api/account/global_config', async (request) => {
    const teamId = requireTeamId({ team_id: request.query.id ?? request.query.team_id });
    return ok(request, await config.globalConfig(ctx, actorOf(request).userId, teamId));
  });

  app.get<Query>('/api/account/user/detail', async (request) => {
    const { userId } = actorOf(request);
    const detail = config.userDetail(ctx, userId, requireTeamId(request.query), flag(request.query.lark));
    return ok(request, await detail);
  });

  app.get<Query>('/api/account/user/vip', async (request) => {
    const { userId } = actorOf(request);
    const asked = request.query.user_id?.trim() || userId;
    return ok(request, await config.userVip(ctx, userId, asked, requestLang(request)));
  });

  app.get('/api/account/user_pic_status', async (request) =>
    ok(request, await config.picStatus(ctx, actorOf(request).userId)),
  );
  app.get('/api/account/user_tag', async (request) =>
    ok(request, await config.userTags(ctx, actorOf(request).userId, requestLang(request))),
  );

  app.get('/api/account/user_nps', async (request) =>
    ok(request, await nps.surveyState(ctx, actorOf(request).userId)),
  );
  app.post('/api/account/user_nps', async (request) => {
    const { score, comment } = parse(npsBody, request.body);
    return ok(request, await nps.answerSurvey(ctx, actorOf(request).userId, score, comment));
  });
  app.put('/api/account/user_nps', async (request) =>
    ok(request, await nps.dismissSurvey(ctx, actorOf(request).userId)),
  );

  app.get<Query>('/api/account/current_team_in_list', async (request) => {
    const listId = requireListId(request.query);
    const { team } = await teamForMember(ctx.db, actorOf(request).userId, requireTeamId(request.query));
    return ok(request, {
      id: listId,
      team_id: team.id,
      in_list: await isInList(ctx.db, listId, teamMember(team.id)),
    });
  });
  app.get<Query>('/api/account/current_user_in_list', async (request) => {
    const listId = requireListId(request.query);
    const { userId } = actorOf(request);
    return ok(request, { id: listId, in_list: await isInList(ctx.db, listId, userMember(userId)) });
  });
  app.get('/api/account/user_in_master_list', async (request) => {
    const { userId } = actorOf(request);
    return ok(request, { in_list: await isInList(ctx.db, MASTER_LIST, userMember(userId)) });
  });

  app.get<Query>('/api/company/info', async (request) =>
    ok(request, await config.companyInfo(ctx, actorOf(request).userId, requireTeamId(request.query))),
  );
  app.get<Query>('/api/notify/company', async (request) =>
    ok(request, await config.companyNotice(ctx, actorOf(request).userId, requireTeamId(request.query))),
  );
  app.get<Query>('/api/back_stage/account/team/service', async (request) =>
    ok(request, await config.teamService(ctx, actorOf(request).userId, requireTeamId(request.query))),
  );

  // Ferry's own call: the web app reports how long a screen took; only counts are kept (a log of nothing else).
  app.post('/api/account/timing', { config: { keepsReadCache: true } }, async (request) => {
    const { name, seconds } = parse(timingBody, request.body);
    actorOf(request);
    return ok(request, await recordTiming(ctx.db, name, seconds));
  });
}
