import {
  backgroundBody,
  createProjectBody,
  DesignLimits,
  deleteProjectBody,
  downloadSettingBody,
  moveProjectBody,
  orderBody,
  projectListQuery,
  projectRef,
  repeatedNameQuery,
  searchQuery,
  updateProjectBody,
} from '@ferry/shared';
import type { FastifyInstance } from 'fastify';
import { sendAnswer } from '../../cache/read-cache.js';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { fail } from '../../http/errors.js';
import { parse } from '../../http/parse.js';
import { assertFolderOpen, searchFolders } from '../folders/service.js';
import { listProjects } from './listing.js';
import { listProjectMembers } from './members.js';
import { teamOfProject } from './policy.js';
import * as projects from './service.js';

type ProjectQuery = {
  Querystring: { pid?: string; project_id?: string; team_id?: string; members?: string };
};

export function projectRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/account/user_projects', async (request, reply) => {
    const query = parse(projectListQuery, request.query);
    const { userId } = actorOf(request);
    await assertFolderOpen(ctx, userId, query.team_id, query.folder_id);
    // Lists are read far more than projects change; the read cache holds each page, serialised, until any
    // change, and a repeat read is answered 304. "Recently used" changes on every open (a GET), so it is
    // always read fresh.
    if (query.tab === 'use') return ok(request, await listProjects(ctx, userId, query));
    const key = `projects:${userId}:${JSON.stringify(query)}`;
    const answer = await ctx.cache.rememberAnswer(key, async () =>
      ok(request, await listProjects(ctx, userId, query)),
    );
    return sendAnswer(request, reply, answer);
  });

  app.post('/api/project/project_info', async (request) =>
    ok(
      request,
      await projects.createProject(ctx, actorOf(request).userId, parse(createProjectBody, request.body)),
    ),
  );

  app.get<ProjectQuery>('/api/project/project_info', async (request) => {
    const projectId = request.query.pid ?? request.query.project_id;
    if (!projectId) throw fail('INVALID_INPUT', { zh: '缺少 pid', en: 'pid is required' });
    const { userId } = actorOf(request);
    const teamId = request.query.team_id ?? (await teamOfProject(ctx.db, projectId, userId));
    const card = await projects.openProject(ctx, userId, teamId, projectId);
    if (request.query.members !== '1' && request.query.members !== 'true') return ok(request, card);
    return ok(request, { ...card, members: await listProjectMembers(ctx, userId, teamId, projectId) });
  });

  app.put('/api/project/project_info', async (request) =>
    ok(
      request,
      await projects.updateProject(ctx, actorOf(request).userId, parse(updateProjectBody, request.body)),
    ),
  );

  app.delete('/api/project/project_info', async (request) => {
    await projects.deleteProject(ctx, actorOf(request).userId, parse(deleteProjectBody, request.body));
    return ok(request, null);
  });

  app.get('/api/dayu/design/project/check_repeated_name', async (request) =>
    ok(
      request,
      await projects.isNameRepeated(ctx, actorOf(request).userId, parse(repeatedNameQuery, request.query)),
    ),
  );

  app.post('/api/project/project_cover', async (request) => {
    const { team_id, project_id } = parse(projectRef, request.query);
    const file = await request
      .file({ limits: { fileSize: DesignLimits.coverMaxBytes, files: 1 } })
      .catch(() => undefined);
    const data = file ? await file.toBuffer().catch(() => null) : null;
    if (!data || file?.file.truncated) throw fail('IMAGE_FORMAT_INVALID');
    return ok(request, await projects.setCover(ctx, actorOf(request).userId, team_id, project_id, data));
  });

  app.post('/api/project/project_background', async (request) =>
    ok(
      request,
      await projects.setBackground(ctx, actorOf(request).userId, parse(backgroundBody, request.body)),
    ),
  );

  app.post('/api/project/update_project_order', async (request) => {
    await projects.reorderProjects(ctx, actorOf(request).userId, parse(orderBody, request.body));
    return ok(request, null);
  });

  app.post('/api/project/move_project', async (request) => {
    await projects.moveProjects(ctx, actorOf(request).userId, parse(moveProjectBody, request.body));
    return ok(request, null);
  });

  app.get<ProjectQuery>('/api/dayu/design/project/doc_download_setting', async (request) => {
    const projectId = request.query.project_id ?? '';
    const { userId } = actorOf(request);
    const teamId = await teamOfProject(ctx.db, projectId, userId);
    return ok(request, await projects.downloadSetting(ctx, userId, teamId, projectId));
  });

  app.put('/api/dayu/design/project/doc_download_setting', async (request) => {
    const body = parse(downloadSettingBody, request.body);
    const { userId } = actorOf(request);
    const teamId = await teamOfProject(ctx.db, body.project_id, userId);
    return ok(request, await projects.setDownloadSetting(ctx, userId, teamId, body));
  });

  app.get('/api/project/search_project', async (request) => {
    const query = parse(searchQuery, request.query);
    const { userId } = actorOf(request);
    const found = await listProjects(ctx, userId, { ...query, tab: 'all', keyword: query.keyword });
    const folders = query.pageNo === 1 ? await searchFolders(ctx, userId, query.team_id, query.keyword) : [];
    return ok(request, { projects: found.list, folders, has_next: found.has_next, total: found.total });
  });
}
