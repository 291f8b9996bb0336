import { createGroupBody, deleteGroupBody, updateGroupBody } from '@ferry/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { fail } from '../../http/errors.js';
import { parse } from '../../http/parse.js';
import * as groups from './groups.js';

export function groupRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Querystring: { team_id?: string } }>('/api/project/group', async (request) => {
    if (!request.query.team_id)
      throw fail('INVALID_INPUT', { zh: '缺少 team_id', en: 'team_id is required' });
    return ok(request, await groups.listGroups(ctx, actorOf(request).userId, request.query.team_id));
  });
  app.post('/api/project/group', async (request) =>
    ok(request, await groups.createGroup(ctx, actorOf(request).userId, parse(createGroupBody, request.body))),
  );
  app.put('/api/project/group', async (request) =>
    ok(request, await groups.updateGroup(ctx, actorOf(request).userId, parse(updateGroupBody, request.body))),
  );
  app.delete('/api/project/group', async (request) => {
    await groups.deleteGroup(ctx, actorOf(request).userId, parse(deleteGroupBody, request.body));
    return ok(request, null);
  });
}
