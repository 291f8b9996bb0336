import { expect } from 'vitest';
import {
  abilitiesOf,
  projectRoleOf,
  projectRow,
  type Row,
  runMatrix,
  useMatrix,
  visible,
} from '../../test/project-matrix.js';
import { expectCard, projectQuery, projectRef } from '../../test/project-matrix-calls.js';

/**
 * Project members, name lookups and the download setting: the second half of the project matrix (split from
 * authorization.test.ts so the two halves run on both test workers at once).
 *
 * Who may make each project call (docs/api.md, "Projects, folders, groups, project members"): every team
 * role × project role × permission mode, a stranger to the team, and another team's project id given with
 * one's own team id. The expected code of each cell comes from the hand-written table in
 * test/project-matrix.ts; folders, groups and the lists are in authorization.lists.test.ts.
 */
useMatrix();

const rows: Row[] = [
  projectRow(
    'GET project_user',
    'view',
    (caller) => caller.api.get(`/api/project/project_user?${projectQuery(caller)}`),
    {
      check: (answer, caller) => {
        const of = (id: string) => answer.result.find((member: any) => member.user_id === id);
        const manager = abilitiesOf(caller.cell).can_manage;
        expect(of(caller.ids.targetOnlookerId)).toMatchObject({
          project_role: 'onlooker',
          abilities: { can_change_role: manager, can_remove: manager },
        });
        const outranks = caller.cell.team === 'superadmin';
        expect(of(caller.ids.targetAdminId)).toMatchObject({
          project_role: 'admin',
          abilities: { can_change_role: outranks, can_remove: outranks },
        });
      },
    },
  ),
  projectRow(
    'POST project_user (a team member as member)',
    'manage',
    (caller) =>
      caller.api.post('/api/project/project_user', {
        ...projectRef(caller),
        user_ids: [caller.ids.newcomerId],
        role: 'member',
      }),
    { mutates: true, foreign: ['project', 'user'] },
  ),
  projectRow(
    'POST project_user (a team member as admin)',
    'outrank',
    (caller) =>
      caller.api.post('/api/project/project_user', {
        ...projectRef(caller),
        user_ids: [caller.ids.newcomerId],
        role: 'admin',
      }),
    { mutates: true },
  ),
  projectRow(
    'PUT role (an onlooker to member)',
    'manage',
    (caller) =>
      caller.api.put('/api/project/role', {
        ...projectRef(caller),
        user_id: caller.ids.targetOnlookerId,
        code: 'member',
      }),
    { mutates: true },
  ),
  projectRow(
    'PUT role (an onlooker to admin)',
    'outrank',
    (caller) =>
      caller.api.put('/api/project/role', {
        ...projectRef(caller),
        user_id: caller.ids.targetOnlookerId,
        code: 'admin',
      }),
    { mutates: true },
  ),
  projectRow(
    'PUT role (a project admin to member)',
    'outrank',
    (caller) =>
      caller.api.put('/api/project/role', {
        ...projectRef(caller),
        user_id: caller.ids.targetAdminId,
        code: 'member',
      }),
    { mutates: true },
  ),
  projectRow(
    'PUT role (one’s own, to onlooker)',
    'never',
    (caller) =>
      caller.api.put('/api/project/role', { ...projectRef(caller), user_id: caller.me, code: 'onlooker' }),
    { mutates: true },
  ),
  projectRow(
    'DELETE project_user (an onlooker)',
    'manage',
    (caller) =>
      caller.api.delete('/api/project/project_user', {
        ...projectRef(caller),
        user_id: caller.ids.targetOnlookerId,
      }),
    { mutates: true },
  ),
  projectRow(
    'DELETE project_user (oneself)',
    'never',
    (caller) => caller.api.delete('/api/project/project_user', { ...projectRef(caller), user_id: caller.me }),
    { mutates: true },
  ),
  projectRow(
    'DELETE project_user (a project admin)',
    'outrank',
    (caller) =>
      caller.api.delete('/api/project/project_user', {
        ...projectRef(caller),
        user_id: caller.ids.targetAdminId,
      }),
    { mutates: true },
  ),
  projectRow(
    'GET project_usernames',
    'view',
    (caller) => caller.api.get(`/api/account/project_usernames?${projectQuery(caller)}`),
    {
      check: (answer, caller) =>
        expect(answer.result.map((member: any) => member.user_id)).toContain(caller.ids.targetOnlookerId),
    },
  ),
  projectRow(
    'GET multi_info&members=1',
    'view',
    (caller) => caller.api.get(`/api/project/multi_info?${projectQuery(caller)}&members=1`),
    {
      check: (answer, caller) => {
        expectCard(answer.result.project, caller);
        expect(answer.result.members.length).toBeGreaterThan(0);
      },
    },
  ),
  projectRow(
    'GET user/can/visit',
    'member',
    (caller) => caller.api.get(`/api/account/user/can/visit?${projectQuery(caller)}`),
    { check: (answer, caller) => expect(answer.result).toEqual({ can_visit: visible(caller.cell) ? 1 : 0 }) },
  ),
  projectRow(
    'GET pangu/project/user_in',
    'member',
    ({ api, ids }) => api.get(`/api/pangu/project/user_in?project_id=${ids.projectId}`),
    {
      pidOnly: true,
      foreign: [],
      check: (answer, caller) =>
        expect(answer.result).toEqual(
          visible(caller.cell)
            ? { user_in: true, project_role: projectRoleOf(caller.cell) }
            : { user_in: false, project_role: null },
        ),
    },
  ),
  projectRow(
    'GET doc_download_setting',
    'view',
    ({ api, ids }) => api.get(`/api/dayu/design/project/doc_download_setting?project_id=${ids.projectId}`),
    { pidOnly: true, foreign: [] },
  ),
  projectRow(
    'PUT doc_download_setting',
    'manage',
    ({ api, ids }) =>
      api.put('/api/dayu/design/project/doc_download_setting', {
        project_id: ids.projectId,
        download_type: 'none',
      }),
    { pidOnly: true, foreign: [], mutates: true },
  ),
];

runMatrix(rows);
