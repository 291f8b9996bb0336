import {
  addProjectMembersBody,
  Codes,
  projectRef,
  projectRoleBody,
  removeProjectMemberBody,
} from '@ferry/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { AppError, fail } from '../../http/errors.js';
import { parse } from '../../http/parse.js';
import * as members from './members.js';
import { projectAccess, teamOfProject } from './policy.js';
import { presentProject } from './present.js';

/** A project the caller may not see is an answer (null) for the questions below; any other refusal stands. */
const hidden = (error: unknown) => {
  if (error instanceof AppError && error.entry === Codes.NOT_ALLOWED) return null;
  throw error;
};

export function projectMemberRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/project/project_user', async (request) => {
    const { team_id, project_id } = parse(projectRef, request.query);
    return ok(request, await members.listProjectMembers(ctx, actorOf(request).userId, team_id, project_id));
  });

  app.post('/api/project/project_user', async (request) =>
    ok(
      request,
      await members.addProjectMembers(
        ctx,
        actorOf(request).userId,
        parse(addProjectMembersBody, request.body),
      ),
    ),
  );

  app.put('/api/project/role', async (request) => {
    const body = parse(projectRoleBody, request.body);
    const role = body.code ?? body.role;
    if (!role)
      throw fail('INVALID_INPUT', { zh: '缺少角色 code', en: 'code (the project role) is required' });
    await members.changeProjectRole(ctx, actorOf(request).userId, { ...body, role });
    return ok(request, null);
  });

  app.delete('/api/project/project_user', async (request) => {
    await members.removeProjectMember(
      ctx,
      actorOf(request).userId,
      parse(removeProjectMemberBody, request.body),
    );
    return ok(request, null);
  });

  app.post('/api/project/quit_project', async (request) => {
    await members.quitProject(ctx, actorOf(request).userId, parse(projectRef, request.body));
    return ok(request, null);
  });

  app.get('/api/account/project_usernames', async (request) => {
    const { team_id, project_id } = parse(projectRef, request.query);
    const list = await members.listProjectMembers(ctx, actorOf(request).userId, team_id, project_id);
    return ok(
      request,
      list.map((member) => ({ user_id: member.user_id, name: member.name, remark: member.remark })),
    );
  });

  app.get<{ Querystring: { members?: string } }>('/api/project/multi_info', async (request) => {
    const { team_id, project_id } = parse(projectRef, request.query);
    const { userId } = actorOf(request);
    const access = await projectAccess(ctx.db, userId, team_id, project_id);
    const project = presentProject(ctx, access.project, access.teamRole, access.projectRole);
    const withMembers = request.query.members === '1' || request.query.members === 'true';
    return ok(request, {
      project,
      ...(withMembers ? { members: await members.listProjectMembers(ctx, userId, team_id, project_id) } : {}),
    });
  });

  app.get('/api/account/user/can/visit', async (request) => {
    const { team_id, project_id } = parse(projectRef, request.query);
    const access = await projectAccess(ctx.db, actorOf(request).userId, team_id, project_id).catch(hidden);
    return ok(request, { can_visit: access ? 1 : 0 });
  });

  app.get<{ Querystring: { project_id?: string } }>('/api/pangu/project/user_in', async (request) => {
    const projectId = request.query.project_id ?? '';
    const { userId } = actorOf(request);
    const teamId = await teamOfProject(ctx.db, projectId, userId);
    const access = await projectAccess(ctx.db, userId, teamId, projectId).catch(hidden);
    return ok(request, { user_in: Boolean(access), project_role: access?.projectRole ?? null });
  });
}
