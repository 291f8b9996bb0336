import {
  createTeamBody,
  dissolveBody,
  exitTeamBody,
  Limits,
  mergeBody,
  teamInfoBody,
  transferBody,
} from '@ferry/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok, requestLang } from '../../http/envelope.js';
import { fail } from '../../http/errors.js';
import { parse } from '../../http/parse.js';
import { CONTENT_TYPES, sniffType } from '../storage/sniff.js';
import * as lifecycle from './lifecycle.js';
import * as plans from './plans.js';
import * as teams from './service.js';

type TeamQuery = { Querystring: { team_id?: string } };

export function requireTeamId(query: { team_id?: unknown }): string {
  // A number, list or object is no team id: refused like a missing one, not a TypeError (HTTP 500).
  const teamId = typeof query.team_id === 'string' ? query.team_id.split(',')[0]?.trim() : undefined;
  if (!teamId) throw fail('INVALID_INPUT', { zh: '缺少 team_id', en: 'team_id is required' });
  return teamId;
}

export function teamRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/account/user_teams', async (request) =>
    ok(request, await teams.listTeams(ctx, actorOf(request).userId, requestLang(request))),
  );

  app.post('/api/account/team', async (request) => {
    const { name } = parse(createTeamBody, request.body);
    return ok(request, await teams.createTeam(ctx, actorOf(request).userId, name, requestLang(request)));
  });

  app.get<{ Params: { id: string }; Querystring: { member_info?: string } }>(
    '/api/account/team/:id',
    async (request) => {
      const members = request.query.member_info === '1' || request.query.member_info === 'true';
      const lang = requestLang(request);
      return ok(
        request,
        await teams.getTeam(ctx, actorOf(request).userId, request.params.id, lang, { members }),
      );
    },
  );

  app.get<TeamQuery>('/api/account/team_info', async (request) =>
    ok(
      request,
      await teams.getTeam(ctx, actorOf(request).userId, requireTeamId(request.query), requestLang(request)),
    ),
  );

  app.put('/api/account/team_info', async (request) => {
    const { team_id, name } = parse(teamInfoBody, request.body);
    return ok(
      request,
      await teams.renameTeam(ctx, actorOf(request).userId, team_id, name, requestLang(request)),
    );
  });

  app.post('/api/account/exit_team', async (request) => {
    const { team_id } = parse(exitTeamBody, request.body);
    await lifecycle.exitTeam(ctx, actorOf(request).userId, team_id);
    return ok(request, null);
  });

  app.put('/api/account/team_transfer', async (request) => {
    await lifecycle.transferTeam(ctx, actorOf(request).userId, parse(transferBody, request.body));
    return ok(request, null);
  });

  app.delete('/api/account/team', async (request) => {
    await lifecycle.dissolveTeam(ctx, actorOf(request).userId, parse(dissolveBody, request.body));
    return ok(request, null);
  });

  app.post('/api/account/merge_team', async (request) => {
    await lifecycle.mergeTeam(ctx, actorOf(request).userId, parse(mergeBody, request.body));
    return ok(request, null);
  });

  app.post<TeamQuery>('/api/account/team_avatar', async (request) => {
    const teamId = requireTeamId(request.query);
    const file = await request
      .file({ limits: { fileSize: Limits.avatarMaxBytes, files: 1 } })
      .catch(() => undefined);
    if (!file) throw fail('AVATAR_INVALID');
    const data = await file.toBuffer().catch(() => null);
    if (!data || file.file.truncated) throw fail('AVATAR_INVALID');
    return ok(request, await lifecycle.setTeamAvatar(ctx, actorOf(request).userId, teamId, data));
  });

  // The avatar image itself, for members: typed by its bytes and sandboxed like the signed /files/ URLs.
  app.get<{ Params: { team_id: string } }>('/api/account/team_avatar/:team_id', async (request, reply) => {
    const team = await lifecycle.teamOf(ctx, actorOf(request).userId, request.params.team_id);
    const data = team.avatarKey ? await ctx.files.read(team.avatarKey) : null;
    const type = data ? sniffType(data) : null;
    if (!data || !type) throw fail('NOT_FOUND');
    return reply
      .header('content-type', CONTENT_TYPES[type])
      .header(
        'content-security-policy',
        "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
      )
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-cache')
      .send(data);
  });

  app.get<TeamQuery>('/api/account/team/quota', async (request) => {
    const team = await lifecycle.teamOf(ctx, actorOf(request).userId, requireTeamId(request.query));
    return ok(request, await plans.quota(ctx, team));
  });

  app.get<TeamQuery>('/api/team/seat/available', async (request) => {
    const team = await lifecycle.teamOf(ctx, actorOf(request).userId, requireTeamId(request.query));
    return ok(request, await plans.seats(ctx, team));
  });

  app.get<TeamQuery>('/api/team/seat/expire_notice', async (request) => {
    const team = await lifecycle.teamOf(ctx, actorOf(request).userId, requireTeamId(request.query));
    return ok(request, plans.expireNotice(ctx, team));
  });
}
