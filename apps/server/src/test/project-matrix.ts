import { randomUUID } from 'node:crypto';
import {
  Codes,
  type ProjectAbilities,
  type ProjectRoleValue,
  TEAM_ROLES,
  type TeamRole,
} from '@ferry/shared';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folders } from '../modules/folders/tables.js';
import { projectGroupItems, projectGroups, projectMembers, projects } from '../modules/projects/tables.js';
import { teams } from '../modules/teams/tables.js';
import { type Answer, asUser } from './api.js';
import { startTestServer, type TestServer } from './context.js';
import { addMember, type BuiltUser, buildTeam, buildUser } from './factories.js';

/**
 * The authorization matrix of the project and folder calls (docs/api.md, "Projects, folders, groups,
 * project members"): every call, for each team role × project role × permission mode, for a stranger to
 * the team, and for ids of another team slipped into a call about one's own team.
 */

export const OK = Codes.OK.code;
export const NO_PERMISSION = Codes.NO_PERMISSION.code;
export const TEAM_NOT_FOUND = Codes.TEAM_NOT_FOUND.code;
export const NOT_ALLOWED = Codes.NOT_ALLOWED.code;
export const NOT_FOUND = Codes.NOT_FOUND.code;
export const PROJECT_NOT_FOUND = Codes.PROJECT_NOT_FOUND.code;
export const FOLDER_NOT_FOUND = Codes.FOLDER_NOT_FOUND.code;
export const FOLDER_NO_PERMISSION = Codes.FOLDER_NO_PERMISSION.code;

export type Mode = 'A' | 'B';
export type ProjectCol = 'none' | ProjectRoleValue;
const MODES: Mode[] = ['A', 'B'];
const PROJECT_COLS: ProjectCol[] = ['none', 'admin', 'member', 'onlooker'];

/**
 * What a caller may do in a project, written out by hand from the rules of docs/api.md (spec 000 §6):
 * the super admin is the admin of every project; in mode A only the team role counts (everyone sees,
 * members and up edit, admins and up manage); in mode B the project role counts too: project admins
 * manage, project members edit, project onlookers only view, and those it does not let in are refused
 * with HTTP 418. hide: refused with 418; full: view, edit, manage and delete.
 */
type Tier = 'hide' | 'view' | 'edit' | 'full';

/**
 * A team admin who is not a member of a mode-B project. docs/api.md says "only its members (and the team's
 * super admin and admins) see it", which makes this 'view'; the server (projectAbilities in
 * packages/shared, the list's visibleTo, and members.test.ts "in mode B shows the project only to its
 * members") refuses them with 418. The matrix holds the server's reading until the two are reconciled.
 */
const TEAM_ADMIN_OUTSIDE_MODE_B: Tier = 'hide';

/** Per mode and team role, the tiers for project role: [none, admin, member, onlooker]. */
const TIER: Record<Mode, Record<TeamRole, [Tier, Tier, Tier, Tier]>> = {
  A: {
    superadmin: ['full', 'full', 'full', 'full'],
    admin: ['full', 'full', 'full', 'full'],
    member: ['edit', 'edit', 'edit', 'edit'],
    onlooker: ['view', 'view', 'view', 'view'],
  },
  B: {
    superadmin: ['full', 'full', 'full', 'full'],
    admin: [TEAM_ADMIN_OUTSIDE_MODE_B, 'full', 'edit', 'view'],
    member: ['hide', 'full', 'edit', 'view'],
    onlooker: ['hide', 'full', 'edit', 'view'],
  },
};

export interface Cell {
  mode: Mode;
  team: TeamRole;
  project: ProjectCol;
}

export const tierOf = (cell: Cell): Tier => TIER[cell.mode][cell.team][PROJECT_COLS.indexOf(cell.project)];
export const visible = (cell: Cell) => tierOf(cell) !== 'hide';
export const projectRoleOf = (cell: Cell) => (cell.project === 'none' ? null : cell.project);

export function abilitiesOf(cell: Cell): ProjectAbilities {
  const tier = tierOf(cell);
  const rank = ['hide', 'view', 'edit', 'full'].indexOf(tier);
  return { can_view: rank >= 1, can_edit: rank >= 2, can_manage: rank >= 3, can_delete: rank >= 3 };
}

/**
 * What a call needs.
 * - member: any member of the team; editor: any team role but onlooker (creating projects, folders, groups)
 * - view, edit, manage: that ability in the project (delete goes with manage)
 * - outrank: manage, and a rank above a project admin: only the super admin (member role changes)
 * - quit: a project role the caller was given, and not the super admin (who is in every project)
 * - never: refused to everyone who sees the project (one's own project role or membership)
 * - folder: a folder whose only project the caller cannot see is closed to them (19036)
 */
export type Need = 'member' | 'editor' | 'view' | 'edit' | 'manage' | 'outrank' | 'quit' | 'never' | 'folder';

export function expectedCode(need: Need, cell: Cell): string {
  const tier = tierOf(cell);
  if (need === 'member') return OK;
  if (need === 'editor') return cell.team === 'onlooker' ? NO_PERMISSION : OK;
  if (need === 'folder') return tier === 'hide' ? FOLDER_NO_PERMISSION : OK;
  if (tier === 'hide') return NOT_ALLOWED;
  switch (need) {
    case 'view':
      return OK;
    case 'edit':
      return tier === 'edit' || tier === 'full' ? OK : NO_PERMISSION;
    case 'manage':
      return tier === 'full' ? OK : NO_PERMISSION;
    case 'outrank':
      return cell.team === 'superadmin' ? OK : NO_PERMISSION;
    case 'quit':
      return cell.team !== 'superadmin' && cell.project !== 'none' ? OK : NO_PERMISSION;
    case 'never':
      return NO_PERMISSION;
  }
}

/** Ids of another team, slipped into a call about one's own team. */
export type Foreign = 'project' | 'folder' | 'group' | 'user';
const FOREIGN_CODES: Record<Foreign, string> = {
  project: PROJECT_NOT_FOUND,
  folder: FOLDER_NOT_FOUND,
  group: NOT_FOUND,
  user: NOT_FOUND,
};

/** Everything a call may name; all of the matrix team unless an outsider column swaps one. */
export interface Ids {
  teamId: string;
  projectId: string;
  projectName: string;
  /** A folder holding only this project. */
  folderId: string;
  folderName: string;
  /** A group holding only this project. */
  groupId: string;
  /** Team members with project roles, to act on. */
  targetAdminId: string;
  targetOnlookerId: string;
  /** A team member not in the project, to add. */
  newcomerId: string;
}

export interface Caller {
  api: ReturnType<typeof asUser>;
  token: string;
  me: string;
  ids: Ids;
  /** The role combination of the column, or null for an outsider. */
  cell: Cell | null;
}

export interface Row {
  name: string;
  need: Need;
  /** project: every team role × project role × mode; team: the four team roles (no project role matters). */
  scope: 'project' | 'team';
  /**
   * Changes something: an allowed cell gets a project of its own, which must change; a refused one works on the
   * project the reading rows share, which must stay as it was (a refusal that wrote would fail there and then).
   */
  mutates?: boolean;
  /** Names only the project, not the team: a stranger hears the project does not exist. */
  pidOnly?: boolean;
  /** Stranger's answer when not the usual one. */
  stranger?: string;
  foreign?: Foreign[];
  call(caller: Caller): Promise<Answer>;
  /** Further checks on an allowed answer. */
  check?(answer: Answer, caller: Caller & { cell: Cell }): void;
}

export const projectRow = (
  name: string,
  need: Need,
  call: Row['call'],
  options: Partial<Omit<Row, 'name' | 'need' | 'call' | 'scope'>> = {},
): Row => ({ name, need, call, scope: 'project', foreign: ['project'], ...options });

export const teamRow = (
  name: string,
  need: Need,
  call: Row['call'],
  options: Partial<Omit<Row, 'name' | 'need' | 'call' | 'scope'>> = {},
): Row => ({ name, need, call, scope: 'team', ...options });

/** A 1×1 GIF, sent as a browser sends a file. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
export async function uploadCover(caller: Caller): Promise<Answer> {
  const boundary = `----ferry${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cover.gif"\r\n` +
        'Content-Type: image/gif\r\n\r\n',
    ),
    GIF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await matrix.server.app.inject({
    method: 'POST',
    url: `/api/project/project_cover?team_id=${caller.ids.teamId}&project_id=${caller.ids.projectId}`,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Basic ${Buffer.from(`${caller.token}:`).toString('base64')}`,
    },
    payload,
  });
  const body = response.json();
  return { status: response.statusCode, code: body.code, msg: body.msg, result: body.result, body };
}

// ---- the people, teams and projects ----------------------------------------------------------

type People = Record<Exclude<TeamRole, 'superadmin'>, Record<ProjectCol, BuiltUser>>;

export const matrix = {} as {
  server: TestServer;
  teamId: string;
  owner: BuiltUser;
  people: People;
  targetAdmin: BuiltUser;
  targetOnlooker: BuiltUser;
  newcomer: BuiltUser;
  stranger: BuiltUser;
  /** Another team with its own project, folder and group, and its owner (not in the matrix team). */
  other: { teamId: string; owner: BuiltUser; ids: Ids };
};

export const unique = (prefix: string) => `${prefix}${randomUUID().slice(0, 8)}`;

async function must(answer: Promise<Answer>, what: string): Promise<Answer> {
  const done = await answer;
  if (done.code !== OK) throw new Error(`${what}: ${done.code} ${done.msg}`);
  return done;
}

/**
 * A project of the matrix team made the way the web app makes one: a team admin creates it (becoming its
 * admin), the owner adds each person with their project role (and themselves with `ownerRole`), puts it in
 * a folder and a group of its own, and sets the permission mode.
 */
async function buildProject(mode: Mode, ownerRole: ProjectCol): Promise<Ids> {
  const { server, teamId, people } = matrix;
  const creator = asUser(server.app, people.admin.admin.token);
  const owner = asUser(server.app, matrix.owner.token);
  const name = unique('P');
  const created = await must(
    creator.post('/api/project/project_info', { team_id: teamId, name, order_index: 5 }),
    'create project',
  );
  const projectId = created.result.id as string;
  for (const role of ['admin', 'member', 'onlooker'] as const) {
    const userIds = (['admin', 'member', 'onlooker'] as const)
      .map((teamRole) => people[teamRole][role].id)
      .filter((id) => id !== people.admin.admin.id);
    if (role === 'admin') userIds.push(matrix.targetAdmin.id);
    if (role === 'onlooker') userIds.push(matrix.targetOnlooker.id);
    if (ownerRole === role) userIds.push(matrix.owner.id);
    await must(
      owner.post('/api/project/project_user', {
        team_id: teamId,
        project_id: projectId,
        user_ids: userIds,
        role,
      }),
      `add ${role}s`,
    );
  }
  const folderName = unique('F');
  const folder = await must(
    owner.post('/api/project/folder', { team_id: teamId, name: folderName }),
    'folder',
  );
  await must(
    owner.post('/api/project/move_project', {
      team_id: teamId,
      project_ids: [projectId],
      folder_id: folder.result.id,
    }),
    'move',
  );
  const group = await must(
    owner.post('/api/project/group', { team_id: teamId, name: unique('G'), project_ids: [projectId] }),
    'group',
  );
  if (mode === 'B') {
    await must(
      owner.put('/api/project/project_info', {
        team_id: teamId,
        project_id: projectId,
        permission_mode: 'B',
      }),
      'mode B',
    );
  }
  return {
    teamId,
    projectId,
    projectName: name,
    folderId: folder.result.id,
    folderName,
    groupId: group.result.id,
    targetAdminId: matrix.targetAdmin.id,
    targetOnlookerId: matrix.targetOnlooker.id,
    newcomerId: matrix.newcomer.id,
  };
}

const sharedProjects = new Map<string, Promise<Ids>>();
function sharedProject(mode: Mode, ownerRole: ProjectCol): Promise<Ids> {
  const key = `${mode}/${ownerRole}`;
  if (!sharedProjects.has(key)) sharedProjects.set(key, buildProject(mode, ownerRole));
  return sharedProjects.get(key)!;
}

/** Starts the server and builds the matrix team, its people and the other team. */
export function useMatrix() {
  beforeAll(async () => {
    const server = await startTestServer();
    matrix.server = server;
    const owner = await buildUser(server.ctx, { name: 'owner' });
    const team = await buildTeam(server.ctx, { owner });
    // No project limit: the matrix makes hundreds of projects.
    await server.ctx.db.update(teams).set({ type: 'enterprise' }).where(eq(teams.id, team.id));
    const people = {} as People;
    for (const teamRole of ['admin', 'member', 'onlooker'] as const) {
      people[teamRole] = {} as People[typeof teamRole];
      for (const col of PROJECT_COLS)
        people[teamRole][col] = await addMember(server.ctx, team, teamRole, await buildUser(server.ctx));
    }
    Object.assign(matrix, {
      teamId: team.id,
      owner,
      people,
      targetAdmin: await addMember(server.ctx, team, 'member'),
      targetOnlooker: await addMember(server.ctx, team, 'member'),
      newcomer: await addMember(server.ctx, team, 'member'),
      stranger: (await buildTeam(server.ctx)).owner,
    });

    const other = await buildTeam(server.ctx);
    const api = asUser(server.app, other.owner.token);
    const name = unique('Other');
    const project = await must(
      api.post('/api/project/project_info', { team_id: other.id, name }),
      'other project',
    );
    const folder = await must(
      api.post('/api/project/folder', { team_id: other.id, name: 'Theirs' }),
      'other folder',
    );
    const group = await must(
      api.post('/api/project/group', { team_id: other.id, name: 'Theirs', project_ids: [project.result.id] }),
      'other group',
    );
    matrix.other = {
      teamId: other.id,
      owner: other.owner,
      ids: {
        teamId: other.id,
        projectId: project.result.id,
        projectName: name,
        folderId: folder.result.id,
        folderName: 'Theirs',
        groupId: group.result.id,
        targetAdminId: other.owner.id,
        targetOnlookerId: other.owner.id,
        newcomerId: other.owner.id,
      },
    };
  });
  afterAll(() => matrix.server.close());
}

/** Everything a project or folder call can change, for the project in hand and the other team's. */
async function snapshot(ids: Ids) {
  const { db } = matrix.server.ctx;
  const projectIds = [ids.projectId, matrix.other.ids.projectId];
  const teamIds = [ids.teamId, matrix.other.teamId];
  const sorted = <T>(rows: T[]) => rows.map((row) => JSON.stringify(row)).sort();
  const perTeam = async (table: typeof projects | typeof folders | typeof projectGroups) =>
    sorted(
      await db
        .select({ teamId: table.teamId, n: count() })
        .from(table)
        .where(inArray(table.teamId, teamIds))
        .groupBy(table.teamId),
    );
  const groupIds = [ids.groupId, matrix.other.ids.groupId];
  return {
    projects: sorted(await db.select().from(projects).where(inArray(projects.id, projectIds))),
    members: sorted(
      await db.select().from(projectMembers).where(inArray(projectMembers.projectId, projectIds)),
    ),
    folders: sorted(
      await db
        .select()
        .from(folders)
        .where(inArray(folders.id, [ids.folderId, matrix.other.ids.folderId])),
    ),
    groups: sorted(await db.select().from(projectGroups).where(inArray(projectGroups.id, groupIds))),
    groupItems: sorted(
      await db.select().from(projectGroupItems).where(inArray(projectGroupItems.groupId, groupIds)),
    ),
    counts: [await perTeam(projects), await perTeam(folders), await perTeam(projectGroups)],
  };
}

type Column = { label: string; cell: Cell | null; outsider?: 'stranger' | Foreign; code: string };

function columnsOf(row: Row): Column[] {
  const label = (cell: Cell, code: string) =>
    `${row.scope === 'project' ? `mode ${cell.mode} · ` : ''}team ${cell.team}` +
    `${row.scope === 'project' ? ` · project ${cell.project}` : ''} → ${code}`;
  const cells: Cell[] =
    row.scope === 'project'
      ? MODES.flatMap((mode) =>
          TEAM_ROLES.flatMap((team) => PROJECT_COLS.map((project) => ({ mode, team, project }))),
        )
      : TEAM_ROLES.map((team) => ({ mode: 'A' as const, team, project: 'none' as const }));
  const columns: Column[] = cells.map((cell) => {
    const code = expectedCode(row.need, cell);
    return { label: label(cell, code), cell, code };
  });
  const stranger = row.stranger ?? (row.pidOnly ? PROJECT_NOT_FOUND : TEAM_NOT_FOUND);
  columns.push({
    label: `a stranger to the team → ${stranger}`,
    cell: null,
    outsider: 'stranger',
    code: stranger,
  });
  for (const foreign of row.foreign ?? []) {
    const code = FOREIGN_CODES[foreign];
    columns.push({
      label: `the owner naming another team's ${foreign} → ${code}`,
      cell: null,
      outsider: foreign,
      code,
    });
  }
  return columns;
}

function callerFor(column: Column, ids: Ids): Caller {
  const as = (user: BuiltUser, swapped: Partial<Ids> = {}): Caller => ({
    api: asUser(matrix.server.app, user.token),
    token: user.token,
    me: user.id,
    ids: { ...ids, ...swapped },
    cell: column.cell,
  });
  const theirs = matrix.other.ids;
  switch (column.outsider) {
    case 'stranger':
      return as(matrix.stranger);
    case 'project':
      return as(matrix.owner, { projectId: theirs.projectId, projectName: theirs.projectName });
    case 'folder':
      return as(matrix.owner, { folderId: theirs.folderId, folderName: theirs.folderName });
    case 'group':
      return as(matrix.owner, { groupId: theirs.groupId });
    case 'user':
      return as(matrix.owner, { newcomerId: matrix.other.owner.id });
  }
  const cell = column.cell!;
  return as(cell.team === 'superadmin' ? matrix.owner : matrix.people[cell.team][cell.project]);
}

/** One test per cell: the exact code and status, the further checks, and what changed. */
export function runMatrix(rows: Row[]) {
  describe.each(rows)('$name', (row) => {
    it.each(columnsOf(row))('$label', async (column) => {
      const mode = column.cell?.mode ?? 'A';
      const ownerRole = column.cell?.team === 'superadmin' ? column.cell.project : 'none';
      const fresh = row.mutates && column.code === OK;
      const ids = fresh ? await buildProject(mode, ownerRole) : await sharedProject(mode, ownerRole);
      const caller = callerFor(column, ids);
      const before = row.mutates ? await snapshot(ids) : null;

      const answer = await row.call(caller);
      expect({ code: answer.code, status: answer.status }).toEqual({
        code: column.code,
        status: column.code === NOT_ALLOWED ? 418 : 200,
      });
      if (column.code === OK && column.cell && row.check) row.check(answer, { ...caller, cell: column.cell });

      if (!before) return;
      const after = await snapshot(ids);
      if (column.code === OK) expect(after).not.toEqual(before);
      else expect(after).toEqual(before);
    });
  });
}
