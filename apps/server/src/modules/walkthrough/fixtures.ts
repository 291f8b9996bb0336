import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { WalkthroughPageView, WalkthroughScreenshotView } from '@ferry/shared';
import sharp from 'sharp';
import { expect } from 'vitest';
import { runJobsOnce } from '../../jobs/worker.js';
import { fetchUptoken, postToStorage, uploadDesigns } from '../../test/uploads.js';
import { OK, type Person, type World } from '../comments/fixtures.js';

/** Helpers of the design QA tests: a real SVG design, screenshots drawn from it, the calls. */

export const FIXTURE_SVG = readFileSync(
  path.join(import.meta.dirname, '../../../test-data/wikimediaui-button_groups_states.svg'),
  'utf8',
);

/**
 * The fixture with three known changes: the blue "Talk" button turned red, the disabled button group moved
 * 12 px down, and the text "Other" of the third row changed to "Later".
 */
export const CHANGED_SVG = FIXTURE_SVG.replace(
  'fill="#2A4B8D" stroke="#2A4B8D" d="M321.5 224.5',
  'fill="#D73333" stroke="#D73333" d="M321.5 224.5',
)
  .replace(
    '<g id=":disabled" transform="translate(192 279.5)">',
    '<g id=":disabled" transform="translate(192 291.5)">',
  )
  .replace('<tspan x="267.012" y="133">Other</tspan>', '<tspan x="267.012" y="133">Later</tspan>');

/** A screenshot of an SVG as a phone of that device pixel ratio would take it. */
export const screenshotOf = (svg: string, ratio: number) =>
  sharp(Buffer.from(svg), { density: 72 * ratio })
    .png()
    .toBuffer();

export const scope = (world: World, projectId: string) => ({ team_id: world.team.id, project_id: projectId });

/** The fixture uploaded as a design of the project, drawn and its layers read. */
export async function fixtureDesign(world: World, projectId: string, name = 'buttons.svg') {
  const answer = await uploadDesigns(
    world.server.app,
    world.owner.token,
    { teamId: world.team.id, projectId },
    [{ name, data: Buffer.from(FIXTURE_SVG) }],
  );
  expect(answer.code, answer.msg).toBe(OK);
  await runJobsOnce(world.server.ctx);
  return answer.result.images[0].id as string;
}

export async function addPage(world: World, who: Person, projectId: string, imageId: string) {
  const answer = await who.api.post('/api/pangu/walkthrough/page', {
    ...scope(world, projectId),
    image_ids: [imageId],
  });
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result.pages[0].page_id as string;
}

/** Uploads a file the browser's way and registers it as a screenshot of the page; answers the whole answer. */
export async function postScreenshot(
  world: World,
  who: Person,
  projectId: string,
  pageId: string,
  file: { name: string; data: Buffer },
) {
  const uptoken = await fetchUptoken(world.server.app, who.token, world.team.id);
  const posted = await postToStorage(world.server.app, uptoken, file);
  expect(posted.status).toBe(204);
  const answer = await who.api.post<WalkthroughScreenshotView>('/api/pangu/walkthrough/page/contrast_image', {
    ...scope(world, projectId),
    page_id: pageId,
    key: posted.key,
    name: file.name,
  });
  return { ...answer, key: posted.key };
}

/** A screenshot registered and compared: its state after the job. */
export async function comparedScreenshot(
  world: World,
  who: Person,
  projectId: string,
  pageId: string,
  data: Buffer,
) {
  const answer = await postScreenshot(world, who, projectId, pageId, { name: 'shot.png', data });
  expect(answer.code, answer.msg).toBe(OK);
  await runJobsOnce(world.server.ctx);
  return screenshot(who, projectId, answer.result.contrast_id);
}

export async function screenshot(who: Person, projectId: string, contrastId: string) {
  const answer = await who.api.get<WalkthroughScreenshotView>(
    `/api/pangu/walkthrough/page/contrast_image?project_id=${projectId}&contrast_id=${contrastId}`,
  );
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result;
}

export async function pageView(world: World, who: Person, projectId: string, pageId: string) {
  const answer = await who.api.get<WalkthroughPageView>(
    `/api/pangu/walkthrough/page?team_id=${world.team.id}&project_id=${projectId}&page_id=${pageId}`,
  );
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result;
}
