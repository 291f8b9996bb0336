import { expect } from 'vitest';
import {
  projectRow,
  type Row,
  runMatrix,
  unique,
  uploadCover,
  useMatrix,
} from '../../test/project-matrix.js';
import { expectCard, projectRef } from '../../test/project-matrix-calls.js';

/**
 * Who may make each project call (docs/api.md, "Projects, folders, groups, project members"): every team
 * role × project role × permission mode, a stranger to the team, and another team's project id given with
 * one's own team id. The expected code of each cell comes from the hand-written table in
 * test/project-matrix.ts; folders, groups and the lists are in authorization.lists.test.ts.
 */
useMatrix();

const rows: Row[] = [
  projectRow(
    'GET project_info?pid',
    'view',
    ({ api, ids }) => api.get(`/api/project/project_info?pid=${ids.projectId}`),
    { pidOnly: true, foreign: [], check: (answer, caller) => expectCard(answer.result, caller) },
  ),
  projectRow(
    'GET project_info?pid&team_id&members=1',
    'view',
    ({ api, ids }) =>
      api.get(`/api/project/project_info?pid=${ids.projectId}&team_id=${ids.teamId}&members=1`),
    {
      check: (answer, caller) => {
        expectCard(answer.result, caller);
        expect(answer.result.members.map((member: any) => member.user_id)).toContain(
          caller.ids.targetAdminId,
        );
      },
    },
  ),
  projectRow(
    'PUT project_info (rename)',
    'edit',
    (caller) =>
      caller.api.put('/api/project/project_info', { ...projectRef(caller), name: unique('Renamed') }),
    { mutates: true },
  ),
  projectRow(
    'PUT project_info (permission mode)',
    'manage',
    (caller) =>
      caller.api.put('/api/project/project_info', {
        ...projectRef(caller),
        permission_mode: caller.cell?.mode === 'B' ? 'A' : 'B',
      }),
    { mutates: true },
  ),
  projectRow(
    'DELETE project_info',
    'manage',
    (caller) =>
      caller.api.delete('/api/project/project_info', {
        ...projectRef(caller),
        p_name: caller.ids.projectName,
      }),
    { mutates: true },
  ),
  projectRow('POST project_cover', 'edit', uploadCover, { mutates: true }),
  projectRow(
    'POST project_background',
    'edit',
    (caller) =>
      caller.api.post('/api/project/project_background', {
        ...projectRef(caller),
        background: 'rgba(30,32,37,1)',
      }),
    { mutates: true },
  ),
  projectRow(
    'POST update_project_order',
    'edit',
    ({ api, ids }) =>
      api.post('/api/project/update_project_order', { team_id: ids.teamId, project_ids: [ids.projectId] }),
    { mutates: true },
  ),
  projectRow(
    'POST move_project (to the top)',
    'edit',
    ({ api, ids }) =>
      api.post('/api/project/move_project', {
        team_id: ids.teamId,
        project_ids: [ids.projectId],
        folder_id: null,
      }),
    { mutates: true },
  ),
  projectRow(
    'POST move_project (into a folder)',
    'edit',
    ({ api, ids }) =>
      api.post('/api/project/move_project', {
        team_id: ids.teamId,
        project_ids: [ids.projectId],
        folder_id: ids.folderId,
      }),
    // It is in that folder already: an allowed move changes only its update time.
    { mutates: true, foreign: ['project', 'folder'] },
  ),
  projectRow(
    'POST quit_project',
    'quit',
    (caller) => caller.api.post('/api/project/quit_project', projectRef(caller)),
    {
      mutates: true,
    },
  ),
];

runMatrix(rows);
