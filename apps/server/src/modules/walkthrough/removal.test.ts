import { Codes } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeTrash } from '../../jobs/purge-trash.js';
import { runJobsOnce } from '../../jobs/worker.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { storedKeys } from '../../test/images.js';
import { buildWorld, newProject, OK, type World } from '../comments/fixtures.js';
import { designs } from '../designs/tables.js';
import {
  addPage,
  CHANGED_SVG,
  comparedScreenshot,
  fixtureDesign,
  pageView,
  scope,
  screenshotOf,
} from './fixtures.js';

/** Design QA pages when their design goes for good, moves to another project, or loses a version. */

let server: TestServer;
let world: World;

beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server);
});
afterAll(() => server.close());

const base = '/api/pangu/walkthrough';

describe('when the design goes', () => {
  const walkthroughFiles = async (project: string) =>
    (await storedKeys(server.ctx.config.dataDir)).filter((key) => key.includes(`${project}/walkthrough`));

  it('a design purged from the bin takes its page, issues and screenshot files along', async () => {
    const project = await newProject(world);
    const design = await fixtureDesign(world, project);
    const page = await addPage(world, world.member, project, design);
    await comparedScreenshot(world, world.member, project, page, await screenshotOf(CHANGED_SVG, 2));
    expect(await walkthroughFiles(project)).toHaveLength(2);
    await world.owner.api.delete('/api/project/image', { project_id: project, image_ids: design });
    // In the bin, the page is hidden and answers that the design was deleted.
    const hidden = await world.member.api.get(`${base}/page?project_id=${project}&page_id=${page}`);
    expect(hidden.code).toBe(Codes.IMAGE_DELETED.code);
    await server.ctx.db
      .update(designs)
      .set({ deletedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(designs.id, design));
    await purgeTrash(server.ctx);
    await runJobsOnce(server.ctx);
    const gone = await world.member.api.get(`${base}/page?project_id=${project}&page_id=${page}`);
    expect(gone.code).toBe(Codes.WALKTHROUGH_PAGE_NOT_FOUND.code);
    expect(await walkthroughFiles(project)).toEqual([]);
  });

  it('a design moved to another project leaves its page behind, files too', async () => {
    const project = await newProject(world);
    const target = await newProject(world);
    const design = await fixtureDesign(world, project);
    const page = await addPage(world, world.member, project, design);
    await comparedScreenshot(world, world.member, project, page, await screenshotOf(CHANGED_SVG, 2));
    const moved = await world.owner.api.put('/api/project/image_move', {
      project_id: project,
      target_project_id: target,
      image_ids: [design],
    });
    expect(moved.code, moved.msg).toBe(OK);
    await runJobsOnce(server.ctx);
    const task = await world.member.api.get(`${base}/task/pages?project_id=${project}`);
    expect(task.result.pages).toEqual([]);
    expect(await walkthroughFiles(project)).toEqual([]);
  });

  it('deleting the version a page was added at shows the design’s current one, issues kept', async () => {
    const project = await newProject(world);
    const design = await fixtureDesign(world, project);
    const page = await addPage(world, world.member, project, design);
    const first = (await pageView(world, world.member, project, page)).version_id;
    await fixtureDesign(world, project);
    const issue = await world.member.api.post(`${base}/issue`, {
      ...scope(world, project),
      page_id: page,
      rect: { x: 1, y: 1, width: 5, height: 5 },
      description: 'Kept',
    });
    expect(issue.code, issue.msg).toBe(OK);
    const removed = await world.owner.api.delete('/api/project/image_version', {
      ...scope(world, project),
      image_id: design,
      version_id: first,
    });
    expect(removed.code, removed.msg).toBe(OK);
    const view = await pageView(world, world.member, project, page);
    expect(view.version_id).not.toBe(first);
    expect(view.issues.map((item) => item.description)).toEqual(['Kept']);
  });
});
