import { expect } from 'vitest';
import {
  abilitiesOf,
  type Caller,
  projectRoleOf,
  projectRow,
  type Row,
  runMatrix,
  teamRow,
  unique,
  useMatrix,
  visible,
} from '../../test/project-matrix.js';

/**
 * Who may use the project lists, search, folders and groups (docs/api.md, "Projects, folders, groups,
 * project members"), and what the lists show: a mode-B project only to those who may see it, each card
 * with the caller's abilities. The lists and the folder tree run for every team role × project role ×
 * permission mode; creating projects, folders and groups depends on the team role only. Another team's
 * project, folder or group id given with one's own team id is refused as if it did not exist.
 */
useMatrix();

type Checked = Parameters<NonNullable<Row['check']>>[1];
const t = ({ ids }: Caller) => `team_id=${ids.teamId}`;

/** The caller's card of the project in a list, or undefined when the list does not show it. */
const cardIn = (list: any[], caller: Checked) => list.find((card) => card.id === caller.ids.projectId);

function expectCard(card: any, caller: Checked) {
  expect(card).toMatchObject({ id: caller.ids.projectId, project_role: projectRoleOf(caller.cell) });
  expect(card.abilities).toEqual(abilitiesOf(caller.cell));
}

/** Shown, with the right card, exactly to those who may see it. */
function expectListed(list: any[], caller: Checked, shown = visible(caller.cell)) {
  const card = cardIn(list, caller);
  if (!shown) return expect(card).toBeUndefined();
  expect(card).toBeDefined();
  expectCard(card, caller);
}

const rows: Row[] = [
  projectRow(
    'GET user_projects',
    'member',
    (caller) => caller.api.get(`/api/account/user_projects?${t(caller)}&pageSize=1000`),
    { foreign: [], check: (answer, caller) => expectListed(answer.result.list, caller) },
  ),
  projectRow(
    'GET user_projects&tab=join',
    'member',
    (caller) => caller.api.get(`/api/account/user_projects?${t(caller)}&tab=join&pageSize=1000`),
    {
      foreign: [],
      check: (answer, caller) =>
        expectListed(answer.result.list, caller, visible(caller.cell) && caller.cell.project !== 'none'),
    },
  ),
  projectRow(
    'GET user_projects&folder_id',
    'folder',
    (caller) => caller.api.get(`/api/account/user_projects?${t(caller)}&folder_id=${caller.ids.folderId}`),
    {
      foreign: ['folder'],
      check: (answer, caller) => {
        expect(answer.result.list).toHaveLength(1);
        expectListed(answer.result.list, caller);
      },
    },
  ),
  projectRow(
    'GET user_projects&group_id',
    'member',
    (caller) => caller.api.get(`/api/account/user_projects?${t(caller)}&group_id=${caller.ids.groupId}`),
    { foreign: ['group'], check: (answer, caller) => expectListed(answer.result.list, caller) },
  ),
  projectRow(
    'GET search_project',
    'member',
    (caller) => caller.api.get(`/api/project/search_project?${t(caller)}&keyword=${caller.ids.projectName}`),
    { foreign: [], check: (answer, caller) => expectListed(answer.result.projects, caller) },
  ),
  projectRow(
    'GET folder (the tree)',
    'member',
    (caller) => caller.api.get(`/api/project/folder?${t(caller)}`),
    {
      foreign: [],
      check: (answer, caller) => {
        const node = answer.result.folders.find((folder: any) => folder.id === caller.ids.folderId);
        expect(node).toMatchObject({
          allProjectLength: 1,
          visibleProjectLength: visible(caller.cell) ? 1 : 0,
        });
      },
    },
  ),
  projectRow(
    'GET folder_projects',
    'folder',
    (caller) => caller.api.get(`/api/account/folder_projects?${t(caller)}&folder_id=${caller.ids.folderId}`),
    {
      foreign: ['folder'],
      check: (answer, caller) => {
        expect(answer.result.list).toHaveLength(1);
        expectListed(answer.result.list, caller);
      },
    },
  ),
  projectRow('GET group', 'member', (caller) => caller.api.get(`/api/project/group?${t(caller)}`), {
    foreign: [],
    // Groups list only the projects the caller may see: a hidden mode-B project's id is left out.
    check: (answer, caller) => {
      const group = answer.result.find((item: any) => item.id === caller.ids.groupId);
      expect(group.project_ids).toEqual(visible(caller.cell) ? [caller.ids.projectId] : []);
    },
  }),

  teamRow(
    'POST project_info (in a folder)',
    'editor',
    ({ api, ids }) =>
      api.post('/api/project/project_info', {
        team_id: ids.teamId,
        name: unique('New'),
        folder_id: ids.folderId,
      }),
    {
      mutates: true,
      foreign: ['folder'],
      // The creator becomes its admin; in mode A only their team role counts.
      check: (answer, caller) => {
        expect(answer.result).toMatchObject({ project_role: 'admin', folder_id: caller.ids.folderId });
        expect(answer.result.abilities).toEqual(abilitiesOf({ ...caller.cell, project: 'admin' }));
      },
    },
  ),
  teamRow(
    'GET check_repeated_name',
    'member',
    ({ api, ids }) =>
      api.get(`/api/dayu/design/project/check_repeated_name?team_id=${ids.teamId}&name=${ids.projectName}`),
    { check: (answer) => expect(answer.result).toEqual({ repeated: true }) },
  ),
  teamRow(
    'POST folder (inside a folder)',
    'editor',
    ({ api, ids }) =>
      api.post('/api/project/folder', { team_id: ids.teamId, name: unique('Sub'), parent_id: ids.folderId }),
    { mutates: true, foreign: ['folder'] },
  ),
  teamRow(
    'PUT folder (rename)',
    'editor',
    ({ api, ids }) =>
      api.put('/api/project/folder', { team_id: ids.teamId, folder_id: ids.folderId, name: unique('R') }),
    { mutates: true, foreign: ['folder'] },
  ),
  teamRow(
    'DELETE folder',
    'editor',
    ({ api, ids }) => api.delete('/api/project/folder', { team_id: ids.teamId, folder_id: ids.folderId }),
    { mutates: true, foreign: ['folder'] },
  ),
  teamRow(
    'POST update_folder_order',
    'editor',
    ({ api, ids }) =>
      api.post('/api/project/update_folder_order', { team_id: ids.teamId, folder_ids: [ids.folderId] }),
    { mutates: true, foreign: ['folder'] },
  ),
  teamRow(
    'GET search_folder',
    'member',
    ({ api, ids }) => api.get(`/api/project/search_folder?team_id=${ids.teamId}&keyword=${ids.folderName}`),
    { check: (answer, caller) => expect(answer.result.map((f: any) => f.id)).toEqual([caller.ids.folderId]) },
  ),
  teamRow(
    'POST group (with a project)',
    'editor',
    ({ api, ids }) =>
      api.post('/api/project/group', {
        team_id: ids.teamId,
        name: unique('G'),
        project_ids: [ids.projectId],
      }),
    { mutates: true, foreign: ['project'] },
  ),
  teamRow(
    'PUT group (rename)',
    'editor',
    ({ api, ids }) =>
      api.put('/api/project/group', { team_id: ids.teamId, group_id: ids.groupId, name: unique('G') }),
    { mutates: true, foreign: ['group'] },
  ),
  teamRow(
    'PUT group (add a project)',
    'editor',
    ({ api, ids }) =>
      // Its own project is in it already; the rename makes an allowed call visible.
      api.put('/api/project/group', {
        team_id: ids.teamId,
        group_id: ids.groupId,
        name: unique('G'),
        add_projects: [ids.projectId],
      }),
    { mutates: true, foreign: ['project'] },
  ),
  teamRow(
    'DELETE group',
    'editor',
    ({ api, ids }) => api.delete('/api/project/group', { team_id: ids.teamId, group_id: ids.groupId }),
    { mutates: true, foreign: ['group'] },
  ),
];

runMatrix(rows);
