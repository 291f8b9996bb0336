import type { DsmFile, DsmFolder, DsmProjectDetail } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Answer } from '../../test/api.js';
import { users } from '../account/tables.js';
import { OK, type Person, type World } from '../comments/fixtures.js';
import { projectMembers, projects } from '../projects/tables.js';

/** Helpers of the design-system library tests: dsm projects, folders and files made through the API. */

export interface Library {
  teamId: string;
  projectId: string;
}

/** A dsm project of the team, made by its owner (mode A unless told), with project roles set in the table. */
export async function newDsmProject(
  world: World,
  options: { mode?: 'B'; roles?: [Person, 'admin' | 'member' | 'onlooker'][]; name?: string } = {},
): Promise<Library> {
  const created = await world.owner.api.post('/api/project/project_info', {
    team_id: world.team.id,
    type: 'dsm',
    ...(options.name ? { name: options.name } : {}),
  });
  expect(created.code, created.msg).toBe(OK);
  const projectId = created.result.id as string;
  const db = world.server.ctx.db;
  if (options.mode === 'B') {
    await db.update(projects).set({ permissionMode: 'B' }).where(eq(projects.id, projectId));
  }
  for (const [who, role] of options.roles ?? []) {
    await db.insert(projectMembers).values({ projectId, userId: who.id, role });
  }
  return { teamId: world.team.id, projectId };
}

const scope = (library: Library) => ({ team_id: library.teamId, project_id: library.projectId });

export const folderCalls = (who: Person, library: Library) => ({
  create: (folders: Record<string, unknown>[]) =>
    who.api.post<DsmFolder[]>('/api/project/dsm_folder', { ...scope(library), dsm_folders: folders }),
  update: (folderId: string, change: Record<string, unknown>) =>
    who.api.put<DsmFolder>('/api/project/dsm_folder', { ...scope(library), folder_id: folderId, ...change }),
  remove: (ids: string[]) =>
    who.api.delete('/api/project/dsm_folder', { ...scope(library), dsm_folder_ids: ids }),
  get: (folderId: string, brief = false) =>
    who.api.get<DsmFolder & { dsm_files?: DsmFile[] }>(
      `/api/project/dsm_folder?team_id=${library.teamId}&project_id=${library.projectId}&folder_id=${folderId}${brief ? '&brief=1' : ''}`,
    ),
});

export const fileCalls = (who: Person, library: Library) => ({
  create: (files: Record<string, unknown>[]) =>
    who.api.post<DsmFile[]>('/api/project/dsm_file', { ...scope(library), dsm_files: files }),
  update: (fileId: string, change: Record<string, unknown>) =>
    who.api.put<DsmFile>('/api/project/dsm_file', { ...scope(library), file_id: fileId, ...change }),
  remove: (ids: string[]) =>
    who.api.delete('/api/project/dsm_file', { ...scope(library), dsm_file_ids: ids }),
  get: (fileId: string) =>
    who.api.get<DsmFile>(
      `/api/project/dsm_file?team_id=${library.teamId}&project_id=${library.projectId}&file_id=${fileId}`,
    ),
});

export function detail(who: Person, library: Library, infoType = 'all'): Promise<Answer<DsmProjectDetail>> {
  return who.api.get<DsmProjectDetail>(
    `/api/project/dsm_project?team_id=${library.teamId}&project_id=${library.projectId}&info_type=${infoType}`,
  );
}

/** The answer's result, after checking it succeeded. */
export function okResult<T>(answer: Answer<T>): T {
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result;
}

export const setSwitch = (who: Person, teamId: string, enabled: boolean) =>
  who.api.put('/api/permission/dsm_auth_switch', { team_id: teamId, enabled });

/** How the library names a person: their id and account name. */
export async function personOf(world: World, who: Person) {
  const [row] = await world.server.ctx.db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, who.id));
  return { id: who.id, name: row.name };
}
