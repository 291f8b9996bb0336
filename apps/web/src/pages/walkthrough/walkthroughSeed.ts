import type {
  WalkthroughIssueView,
  WalkthroughPageSummary,
  WalkthroughScreenshotView,
  WalkthroughTaskView,
} from '@ferry/shared';
import { inject } from 'vitest';
import { FIXTURE_SVG } from '../../../../server/src/modules/walkthrough/fixtures';
import { createProject, storeUpload } from '../../test/seed';
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

/** Design QA made through the real API, for the web tests that need it on the server. */

export { CHANGED_SVG, screenshotOf } from '../../../../server/src/modules/walkthrough/fixtures';

export type WalkthroughRef = { team_id: string; project_id: string };

/** Runs one team's due jobs of a kind, as the worker the tests' server lacks would (test/drawDesigns.ts). */
export async function runJobs(teamId: string, what?: 'layers' | 'walkthrough') {
  const response = await nodeFetch(inject('ferryDrawUrl'), {
    method: 'POST',
    body: JSON.stringify({ team_id: teamId, ...(what ? { what } : {}) }),
  });
  if (!response.ok) throw new Error(`jobs of ${teamId}: ${await response.text()}`);
}

/** The server tests' SVG design (buttons in three rows), uploaded, drawn and its layers read; answers its id. */
export async function fixtureDesign(user: SeededUser, ref: WalkthroughRef, name = 'Buttons.svg') {
  const key = await storeUpload(user, ref.team_id, name, Buffer.from(FIXTURE_SVG), { type: 'image/svg+xml' });
  const { images } = await callAs<{ images: { id: string }[] }>(user, 'POST', 'project/image', {
    ...ref,
    images: [{ key, name }],
  });
  await runJobs(ref.team_id);
  await runJobs(ref.team_id, 'layers');
  return images[0].id;
}

export const addPages = (user: SeededUser, ref: WalkthroughRef, imageIds: string[]) =>
  callAs<{ pages: WalkthroughPageSummary[] }>(user, 'POST', 'pangu/walkthrough/page', {
    ...ref,
    image_ids: imageIds,
  }).then((answer) => answer.pages);

export const taskOf = (user: SeededUser, ref: WalkthroughRef) =>
  callAs<WalkthroughTaskView>(
    user,
    'GET',
    `pangu/walkthrough/task/pages?team_id=${ref.team_id}&project_id=${ref.project_id}&page=1&page_size=20`,
  );

/** A PNG screenshot uploaded the browser's way and registered on the page, compared unless told not to. */
export async function addScreenshot(
  user: SeededUser,
  ref: WalkthroughRef,
  pageId: string,
  data: Buffer,
  { compare = true, name = 'Shot.png' } = {},
) {
  const key = await storeUpload(user, ref.team_id, name, data, { type: 'image/png' });
  const shot = await callAs<WalkthroughScreenshotView>(
    user,
    'POST',
    'pangu/walkthrough/page/contrast_image',
    {
      ...ref,
      page_id: pageId,
      key,
      name,
    },
  );
  if (!compare) return shot;
  await runJobs(ref.team_id, 'walkthrough');
  return callAs<WalkthroughScreenshotView>(
    user,
    'GET',
    `pangu/walkthrough/page/contrast_image?project_id=${ref.project_id}&contrast_id=${shot.contrast_id}`,
  );
}

export const createIssue = (
  user: SeededUser,
  ref: WalkthroughRef,
  issue: { page_id: string; description: string; assignee_id?: string },
) =>
  callAs<WalkthroughIssueView>(user, 'POST', 'pangu/walkthrough/issue', {
    ...ref,
    rect: { x: 10, y: 10, width: 40, height: 20 },
    ...issue,
  });

/** Olga's team and project with the fixture design; Ada joins the team as `role` (an onlooker only looks). */
export async function walkthroughProject(role: 'member' | 'onlooker' = 'member') {
  const [olga, ada] = await Promise.all([newAccount('Olga'), newAccount('Ada')]);
  const team = await createTeam(olga, unique('Qa'));
  await joinByLink(ada, await inviteLink(olga, team.id, role));
  const ref: WalkthroughRef = {
    team_id: team.id,
    project_id: await createProject(olga, team.id, unique('Shop')),
  };
  return { olga, ada, ref };
}
