import type { ImageDetail } from '@ferry/shared';
import { inject } from 'vitest';
import { addProjectMember, createProject, storeUpload } from '../../../test/seed';
import {
  callAs,
  createTeam,
  inviteLink,
  joinByLink,
  newAccount,
  nodeFetch,
  type SeededUser,
  unique,
} from '../../../test/server';

/** Designs with two versions made through the real API, for the compare mode's tests. */

/** A card, a chip, an alert and a title; `title` and `card` are what the second version changes. */
export const designSvg = ({ title = 'Hello', card = '#3366cc' } = {}) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" viewBox="0 0 400 200">
  <rect id="Card" x="0" y="0" width="180" height="180" rx="8" fill="${card}"/>
  <rect id="Chip" x="200" y="0" width="160" height="60" rx="8" fill="#3366cc"/>
  <rect id="Alert" x="200" y="80" width="160" height="60" fill="#e5484d"/>
  <text id="Title" x="20" y="100" font-family="Inter" font-size="16" font-weight="600" fill="#202122">${title}</text>
</svg>`;

/** The first version's picture and the second one's: the title's words and the card's colour changed. */
export const FIRST = designSvg();
export const SECOND = designSvg({ title: 'Hello there', card: '#e5484d' });

/** Has the team's waiting jobs run, as the worker would: `designs` draws the pictures, `layers` reads them. */
export async function runJobs(teamId: string, what: 'designs' | 'layers') {
  const response = await nodeFetch(inject('ferryDrawUrl'), {
    method: 'POST',
    body: JSON.stringify({ team_id: teamId, ...(what === 'layers' ? { what } : {}) }),
  });
  if (!response.ok) throw new Error(`${what} of ${teamId}: ${await response.text()}`);
}

const storeSvg = (user: SeededUser, teamId: string, svg: string) =>
  storeUpload(user, teamId, 'Home.svg', Buffer.from(svg), { type: 'image/svg+xml', extension: '.svg' });

/** Olga's project with Ada as a member (Ada reads, Olga uploads), empty. */
export async function compareWorld() {
  const [olga, ada] = await Promise.all([newAccount('Olga'), newAccount('Ada')]);
  const team = await createTeam(olga, unique('Nova'));
  await joinByLink(ada, await inviteLink(olga, team.id));
  const projectId = await createProject(olga, team.id, unique('Shop'));
  await addProjectMember(olga, team.id, projectId, ada.userId);
  return { olga, ada, team, projectId, ref: { team_id: team.id, project_id: projectId } };
}

export type CompareWorld = Awaited<ReturnType<typeof compareWorld>>;

/** A design of the first SVG, drawn and its layers read; answers its id. */
export async function uploadFirst(world: CompareWorld, svg = FIRST) {
  const key = await storeSvg(world.olga, world.team.id, svg);
  const { images } = await callAs<{ images: { id: string }[] }>(world.olga, 'POST', 'project/image', {
    ...world.ref,
    images: [{ key, name: 'Home.svg' }],
  });
  await runJobs(world.team.id, 'designs');
  await runJobs(world.team.id, 'layers');
  return images[0].id;
}

/** A new version of the design; its layers are read unless `layers` is false (they stay processing). */
export async function uploadNext(world: CompareWorld, imageId: string, svg = SECOND, layers = true) {
  const key = await storeSvg(world.olga, world.team.id, svg);
  await callAs(world.olga, 'PUT', 'project/version', {
    ...world.ref,
    image_ids: [imageId],
    images: [{ key }],
  });
  await runJobs(world.team.id, 'designs');
  if (layers) await runJobs(world.team.id, 'layers');
}

/** The design's versions as `user` sees them, newest first. */
export async function versionsOf(world: CompareWorld, imageId: string, user: SeededUser = world.ada) {
  const image = await callAs<ImageDetail>(
    user,
    'GET',
    `project/image?team_id=${world.team.id}&project_id=${world.projectId}&image_id=${imageId}`,
  );
  return image;
}

/** `user` inspected `versionId`, as the detail view records it. */
export const markInspected = (world: CompareWorld, imageId: string, versionId: string, user = world.ada) =>
  callAs(user, 'POST', 'project/image/inspected', {
    team_id: world.team.id,
    image_id: imageId,
    version_id: versionId,
  });
