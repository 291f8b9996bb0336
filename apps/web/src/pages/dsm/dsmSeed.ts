import type { DesignToken, DsmFile, DsmFolder } from '@ferry/shared';
import { inject } from 'vitest';
import { createProjectIn, storeUpload } from '../../test/seed';
import {
  callAs,
  createTeam,
  inviteLink,
  joinByLink,
  newAccount,
  nodeFetch,
  type SeededUser,
  unique,
} from '../../test/server';

/** Design-system data made through the real API, for the screen's tests. */

export interface DsmRef {
  team_id: string;
  project_id: string;
}

/** Olga's team with a dsm project; Ada joins the team with `role` (an onlooker may look, not change). */
export async function dsmWorld(role: 'member' | 'onlooker' = 'member') {
  const [olga, ada] = await Promise.all([newAccount('Olga'), newAccount('Ada')]);
  const team = await createTeam(olga, unique('Kit'));
  await joinByLink(ada, await inviteLink(olga, team.id, role));
  const ref: DsmRef = {
    team_id: team.id,
    project_id: await createProjectIn(olga, team.id, unique('Kit'), { type: 'dsm' }),
  };
  return { olga, ada, team, ref };
}

type Caller = { token: string };

export const seedFolder = async (who: Caller, ref: DsmRef, name: string, parentId: string | null = null) =>
  (
    await callAs<DsmFolder[]>(who, 'POST', 'project/dsm_folder', {
      ...ref,
      dsm_folders: [{ name, parentId }],
    })
  )[0];

export const seedColor = async (who: Caller, ref: DsmRef, name: string, color: string, folderId?: string) =>
  (
    await callAs<DsmFile[]>(who, 'POST', 'project/dsm_file', {
      ...ref,
      dsm_files: [{ name, type: 'color', folder_id: folderId ?? null, package_info: { color } }],
    })
  )[0];

export const seedTokens = (who: Caller, ref: DsmRef, tokens: unknown[]) =>
  callAs<unknown>(who, 'POST', 'project/dsm_token', { ...ref, tokens });

/** The set's tokens as the server holds them. */
export async function tokensOf(who: Caller, ref: DsmRef): Promise<DesignToken[]> {
  const answer = await callAs<DesignToken[] | { tokens: DesignToken[] }>(
    who,
    'GET',
    `project/dsm_token?team_id=${ref.team_id}&project_id=${ref.project_id}`,
  );
  return Array.isArray(answer) ? answer : answer.tokens;
}

export const library = (who: Caller, ref: DsmRef) =>
  callAs<{ dsm_folders: DsmFolder[]; dsm_files: DsmFile[] }>(
    who,
    'GET',
    `project/dsm_project?team_id=${ref.team_id}&project_id=${ref.project_id}`,
  );

/** Two blues, a red, a 8px radius and a text style: what extraction should find. */
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" viewBox="0 0 400 200">
  <rect id="Card" x="0" y="0" width="180" height="180" rx="8" fill="#3366cc"/>
  <rect id="Chip" x="200" y="0" width="160" height="60" rx="8" fill="#3366cc"/>
  <rect id="Alert" x="200" y="80" width="160" height="60" fill="#e5484d"/>
  <text id="Title" x="20" y="100" font-family="Inter" font-size="16" font-weight="600" fill="#202122">Hello</text>
</svg>`;

/** A design project of the team with one SVG design whose layers are imported. */
export async function designSource(who: SeededUser, teamId: string) {
  const projectId = await createProjectIn(who, teamId, unique('App'));
  const key = await storeUpload(who, teamId, 'Home.svg', Buffer.from(SVG), {
    type: 'image/svg+xml',
    extension: '.svg',
  });
  await callAs(who, 'POST', 'project/image', {
    team_id: teamId,
    project_id: projectId,
    images: [{ key, name: 'Home.svg' }],
  });
  // The tests' server runs no job worker: the layers are imported on request.
  const response = await nodeFetch(inject('ferryDrawUrl'), {
    method: 'POST',
    body: JSON.stringify({ team_id: teamId, what: 'layers' }),
  });
  if (!response.ok) throw new Error(`layers of ${teamId}: ${await response.text()}`);
  return projectId;
}
