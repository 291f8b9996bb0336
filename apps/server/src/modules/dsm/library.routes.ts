import {
  createDsmFilesBody,
  createDsmFoldersBody,
  deleteDsmFilesBody,
  deleteDsmFoldersBody,
  dsmFileQuery,
  dsmFolderQuery,
  dsmProjectQuery,
  dsmStandardsQuery,
  dsmSwitchBody,
  dsmSwitchQuery,
  updateDsmFileBody,
  updateDsmFolderBody,
  userInDsmListQuery,
} from '@ferry/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { parse, queryAndBody } from '../../http/parse.js';
import { createFiles, deleteFiles, getFile, updateFile } from './files.js';
import { createFolders, deleteFolders, getFolder, updateFolder } from './folders.js';
import { dsmProjects, dsmStandards, userInDsmList } from './standards.js';
import { getDsmSwitch, setDsmSwitch } from './switch.js';

/** Ids named in a query arrive comma-joined (`a,b`); a body sends an array. */
export function idList(fields: Record<string, unknown>, key: string) {
  const value = fields[key];
  return typeof value === 'string' ? { ...fields, [key]: value.split(',').filter(Boolean) } : fields;
}

/** The design system's library (spec 001 §3, §7): dsm projects, folders, files, the team's switch. */
export function libraryRoutes(app: FastifyInstance, ctx: AppContext) {
  const user = (request: FastifyRequest) => actorOf(request).userId;

  app.get('/api/project/dsm_project', async (request) =>
    ok(request, await dsmProjects(ctx, user(request), parse(dsmProjectQuery, request.query))),
  );

  app.get('/api/project/dsm_folder', async (request) =>
    ok(request, await getFolder(ctx, user(request), parse(dsmFolderQuery, request.query))),
  );
  app.post('/api/project/dsm_folder', async (request) =>
    ok(request, await createFolders(ctx, user(request), parse(createDsmFoldersBody, request.body))),
  );
  app.put('/api/project/dsm_folder', async (request) =>
    ok(request, await updateFolder(ctx, user(request), parse(updateDsmFolderBody, request.body))),
  );
  // The folders (and files below) may be named in the query or the body.
  app.delete('/api/project/dsm_folder', async (request) => {
    const fields = idList(queryAndBody(request) as Record<string, unknown>, 'dsm_folder_ids');
    return ok(request, await deleteFolders(ctx, user(request), parse(deleteDsmFoldersBody, fields)));
  });

  app.get('/api/project/dsm_file', async (request) =>
    ok(request, await getFile(ctx, user(request), parse(dsmFileQuery, request.query))),
  );
  app.post('/api/project/dsm_file', async (request) =>
    ok(request, await createFiles(ctx, user(request), parse(createDsmFilesBody, request.body))),
  );
  app.put('/api/project/dsm_file', async (request) =>
    ok(request, await updateFile(ctx, user(request), parse(updateDsmFileBody, request.body))),
  );
  app.delete('/api/project/dsm_file', async (request) => {
    const fields = idList(queryAndBody(request) as Record<string, unknown>, 'dsm_file_ids');
    return ok(request, await deleteFiles(ctx, user(request), parse(deleteDsmFilesBody, fields)));
  });

  app.get('/api/permission/dsm_auth_switch', async (request) => {
    const { team_id } = parse(dsmSwitchQuery, request.query);
    return ok(request, await getDsmSwitch(ctx, user(request), team_id));
  });
  app.put('/api/permission/dsm_auth_switch', async (request) =>
    ok(request, await setDsmSwitch(ctx, user(request), parse(dsmSwitchBody, request.body))),
  );

  app.get('/api/dsm_service/api/dsm/standards/list', async (request) => {
    const { team_id } = parse(dsmStandardsQuery, request.query);
    return ok(request, await dsmStandards(ctx, user(request), team_id));
  });
  app.get('/api/account/user_in_dsm_list', async (request) => {
    const { team_id } = parse(userInDsmListQuery, request.query);
    return ok(request, await userInDsmList(ctx, user(request), team_id));
  });
}
