import {
  createFolderBody,
  deleteFolderBody,
  folderOrderBody,
  folderProjectsQuery,
  folderQuery,
  updateFolderBody,
} from '@ferry/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { fail } from '../../http/errors.js';
import { parse } from '../../http/parse.js';
import { listProjects } from '../projects/listing.js';
import * as folders from './service.js';

export function folderRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/project/folder', async (request) => {
    const { team_id } = parse(folderQuery, request.query);
    return ok(request, await folders.folderTree(ctx, actorOf(request).userId, team_id));
  });

  app.post('/api/project/folder', async (request) =>
    ok(
      request,
      await folders.createFolder(ctx, actorOf(request).userId, parse(createFolderBody, request.body)),
    ),
  );

  app.put('/api/project/folder', async (request) =>
    ok(
      request,
      await folders.updateFolder(ctx, actorOf(request).userId, parse(updateFolderBody, request.body)),
    ),
  );

  app.delete('/api/project/folder', async (request) => {
    await folders.deleteFolder(ctx, actorOf(request).userId, parse(deleteFolderBody, request.body));
    return ok(request, null);
  });

  app.post('/api/project/update_folder_order', async (request) => {
    await folders.reorderFolders(ctx, actorOf(request).userId, parse(folderOrderBody, request.body));
    return ok(request, null);
  });

  app.get<{ Querystring: { team_id?: string; keyword?: string } }>(
    '/api/project/search_folder',
    async (request) => {
      const { team_id, keyword } = request.query;
      if (!team_id) throw fail('INVALID_INPUT', { zh: '缺少 team_id', en: 'team_id is required' });
      return ok(request, await folders.searchFolders(ctx, actorOf(request).userId, team_id, keyword ?? ''));
    },
  );

  app.get('/api/account/folder_projects', async (request) => {
    const query = parse(folderProjectsQuery, request.query);
    const { userId } = actorOf(request);
    await folders.assertFolderOpen(ctx, userId, query.team_id, query.folder_id);
    return ok(
      request,
      await listProjects(ctx, userId, { ...query, folder_id: query.folder_id ?? 'root', tab: 'all' }),
    );
  });
}
