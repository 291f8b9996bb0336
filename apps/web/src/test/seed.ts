import { randomUUID } from 'node:crypto';
import type { ProjectType } from '@ferry/shared';
import { inject } from 'vitest';
import { policyForm, type Uptoken } from '../../../server/src/test/uploads';
import type { CreatedShareLinkRow } from '../api/share';
import {
  callAs,
  createTeam,
  inviteLink,
  joinByLink,
  newAccount,
  nodeFetch,
  type SeededUser,
  serverUrl,
  unique,
} from './server';

/** Projects, designs and comments made through the real API, for tests that need them on the server. */

/** A 1 × 1 PNG. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export async function createProject(owner: SeededUser, teamId: string, name: string) {
  const { project_id } = await callAs<{ project_id: string }>(owner, 'POST', 'project/project_info', {
    team_id: teamId,
    name,
    type: 'mobile',
  });
  return project_id;
}

/** A project of `type` inside the folder `folderId`; answers its id. */
export async function createProjectIn(
  owner: SeededUser,
  teamId: string,
  name: string,
  { folderId, type = 'mobile' }: { folderId?: string; type?: ProjectType } = {},
) {
  const { project_id } = await callAs<{ project_id: string }>(owner, 'POST', 'project/project_info', {
    team_id: teamId,
    name,
    type,
    folder_id: folderId,
  });
  return project_id;
}

/** A folder under `parentId` (the top when none); answers its id. */
/** A share link made through the API: the only answer that carries its code. */
export const createShareLink = (owner: SeededUser, body: Record<string, unknown>) =>
  callAs<CreatedShareLinkRow>(owner, 'POST', 'sharesvc/link', body);

export async function createFolder(owner: SeededUser, teamId: string, name: string, parentId?: string) {
  const { id } = await callAs<{ id: string }>(owner, 'POST', 'project/folder', {
    team_id: teamId,
    name,
    parent_id: parentId,
  });
  return id;
}

/** A project group holding `projectIds`; answers its id. */
export async function createGroup(
  owner: SeededUser,
  teamId: string,
  name: string,
  projectIds: string[] = [],
) {
  const { id } = await callAs<{ id: string }>(owner, 'POST', 'project/group', {
    team_id: teamId,
    name,
    project_ids: projectIds,
  });
  return id;
}

/**
 * Puts the team on a paid plan (3: no project or design limit) until 2099 (or `expires`, YYYY-MM-DD), as the
 * operator's `team:plan` does: the API has no call for billing (see test/server-global-setup.ts).
 */
export async function paidPlan(teamId: string, level = 3, expires?: string) {
  const response = await nodeFetch(inject('ferryPlansUrl'), {
    method: 'POST',
    body: JSON.stringify({ team_id: teamId, level, expires }),
  });
  if (!response.ok) throw new Error(`plan for ${teamId}: ${await response.text()}`);
}

/** Makes the team an enterprise team (or back to normal), as the operator's `team:type` does. */
export async function teamType(teamId: string, type: 'normal' | 'enterprise') {
  const response = await nodeFetch(inject('ferryPlansUrl'), {
    method: 'POST',
    body: JSON.stringify({ team_id: teamId, type }),
  });
  if (!response.ok) throw new Error(`type of ${teamId}: ${await response.text()}`);
}

export const addProjectMember = (admin: SeededUser, teamId: string, projectId: string, userId: string) =>
  callAs(admin, 'POST', 'project/project_user', {
    team_id: teamId,
    project_id: projectId,
    user_ids: [userId],
  });

/** A file put in storage as the browser does: the storage endpoint the upload token names. Answers its key. */
export async function storeUpload(
  user: SeededUser,
  teamId: string,
  name: string,
  data: Buffer,
  {
    type = 'application/octet-stream',
    extension = /\.[A-Za-z0-9]{1,8}$/.exec(name)?.[0]?.toLowerCase() ?? '',
  }: { type?: string; extension?: string } = {},
) {
  const { uptoken } = await callAs<{ uptoken: Uptoken }>(user, 'GET', `oss/token?team_id=${teamId}`);
  const key = `${uptoken.dir}${randomUUID()}${extension}`;
  const form = policyForm(
    { key, policy: uptoken.policy, OSSAccessKeyId: uptoken.accessid, signature: uptoken.signature },
    { name, data, type },
  );
  const stored = await nodeFetch(new URL(uptoken.host, serverUrl()), {
    method: 'POST',
    headers: form.headers,
    body: form.payload,
  });
  if (stored.status !== 200 && stored.status !== 204) throw new Error(`upload: HTTP ${stored.status}`);
  return key;
}

/** A picture (a 1 × 1 PNG unless given) put in storage; answers its key. */
const storePicture = (user: SeededUser, teamId: string, name: string, data: Buffer = PIXEL) =>
  storeUpload(user, teamId, name, data, { type: 'image/png', extension: '.png' });

/** One design, uploaded (see storePicture) then registered; `data` is a PNG (1 × 1 pixel unless given). */
export async function uploadDesign(
  user: SeededUser,
  teamId: string,
  projectId: string,
  name = 'Home.png',
  data?: Buffer,
) {
  const key = await storePicture(user, teamId, name, data);
  const { images } = await callAs<{ images: { id: string }[] }>(user, 'POST', 'project/image', {
    team_id: teamId,
    project_id: projectId,
    images: [{ key, name }],
  });
  return images[0].id;
}

/** A new version of the design `imageId`, uploaded as its first was. */
export async function uploadVersion(
  user: SeededUser,
  teamId: string,
  projectId: string,
  imageId: string,
  data?: Buffer,
) {
  const key = await storePicture(user, teamId, 'Home.png', data);
  await callAs(user, 'PUT', 'project/version', {
    team_id: teamId,
    project_id: projectId,
    image_ids: [imageId],
    images: [{ key }],
  });
}

/** A comment pinned to a design's corner, mentioning `mentions` (user ids of project members). */
export function comment(
  user: SeededUser,
  design: { teamId: string; projectId: string; imageId: string },
  content: string,
  mentions: string[] = [],
) {
  return callAs<{ id: string }>(user, 'POST', 'project/comment', {
    team_id: design.teamId,
    project_id: design.projectId,
    image_id: design.imageId,
    content,
    position: { x: 0, y: 0 },
    mentions,
  });
}

/** Olga's team and project with one design, Ada a member of both: Olga's comments mentioning Ada tell her. */
export async function adaInOlgasProject() {
  const [ada, olga] = await Promise.all([newAccount('Ada'), newAccount('Olga')]);
  const team = await createTeam(olga, unique('Nova'));
  await joinByLink(ada, await inviteLink(olga, team.id));
  const projectId = await createProject(olga, team.id, unique('Shop'));
  await addProjectMember(olga, team.id, projectId, ada.userId);
  const design = { teamId: team.id, projectId, imageId: await uploadDesign(olga, team.id, projectId) };
  const mention = (content: string) => comment(olga, design, content, [ada.userId]);
  return { ada, olga, team, design, mention };
}
