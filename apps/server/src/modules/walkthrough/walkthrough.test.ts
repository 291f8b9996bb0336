import { Codes, type MessageView, type WalkthroughIssueView } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsOnce } from '../../jobs/worker.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { pngBomb, storedKeys } from '../../test/images.js';
import { TestSocket } from '../../test/sockets.js';
import { fetchUptoken, postToStorage } from '../../test/uploads.js';
import { buildWorld, newDesign, newProject, OK, type Person, type World } from '../comments/fixtures.js';
import {
  addPage,
  CHANGED_SVG,
  comparedScreenshot,
  fixtureDesign,
  pageView,
  postScreenshot,
  scope,
  screenshotOf,
} from './fixtures.js';

/** Design QA calls (spec 001 §7 "Walkthrough"): pages, screenshots, issues, proposals, results, and who may do what. */

let server: TestServer;
let world: World;
let projectId: string;
let imageId: string;
let pageId: string;

beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server);
  projectId = await newProject(world);
  imageId = await fixtureDesign(world, projectId);
  pageId = await addPage(world, world.member, projectId, imageId);
});
afterAll(() => server.close());

const base = '/api/pangu/walkthrough';

async function newIssue(who: Person, body: Record<string, unknown> = {}) {
  const answer = await who.api.post<WalkthroughIssueView>(`${base}/issue`, {
    ...scope(world, projectId),
    page_id: pageId,
    rect: { x: 10, y: 20, width: 40, height: 30 },
    description: 'Button colour is off',
    ...body,
  });
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result;
}

async function inbox(who: Person) {
  const answer = await who.api.get('/api/msg_center/messages');
  expect(answer.code, answer.msg).toBe(OK);
  return (answer.body.data.list as MessageView[]).filter((message) => message.kind.startsWith('design_qa_'));
}

describe('the task and its pages', () => {
  it('lists the pages with their counts; a design added twice is one page', async () => {
    const again = await addPage(world, world.admin, projectId, imageId);
    expect(again).toBe(pageId);
    const task = await world.viewer.api.get(`${base}/task/pages?project_id=${projectId}&page=1&page_size=10`);
    expect(task.code, task.msg).toBe(OK);
    expect(task.result.pages.map((page: { page_id: string }) => page.page_id)).toEqual([pageId]);
    expect(task.result).toMatchObject({ total: 1, has_next: false, result: 'in_progress', can_edit: false });
    expect(task.result.pages[0]).toMatchObject({ image_id: imageId, width: 449, height: 336 });
  });

  it('refuses onlookers, another team and designs of another project', async () => {
    const viewer = await world.viewer.api.post(`${base}/page`, {
      ...scope(world, projectId),
      image_ids: [imageId],
    });
    expect(viewer.code).toBe(Codes.NO_PERMISSION.code);
    const stranger = await world.stranger.api.get(`${base}/task/pages?project_id=${projectId}`);
    expect(stranger.code).toBe(Codes.PROJECT_NOT_FOUND.code);
    const strangerPage = await world.stranger.api.get(
      `${base}/page?project_id=${projectId}&page_id=${pageId}`,
    );
    expect(strangerPage.code).toBe(Codes.PROJECT_NOT_FOUND.code);
    const otherProject = await newProject(world);
    const elsewhere = await newDesign(world, otherProject);
    const foreign = await world.member.api.post(`${base}/page`, {
      ...scope(world, projectId),
      image_ids: [elsewhere.imageId],
    });
    expect(foreign.code).toBe(Codes.IMAGE_DELETED.code);
    const wrongPage = await world.member.api.get(`${base}/page?project_id=${otherProject}&page_id=${pageId}`);
    expect(wrongPage.code).toBe(Codes.WALKTHROUGH_PAGE_NOT_FOUND.code);
  });

  it('deletes a page with its screenshots’ files and its issues', async () => {
    const project = await newProject(world);
    const page = await addPage(world, world.member, project, await fixtureDesign(world, project));
    const shot = await comparedScreenshot(
      world,
      world.member,
      project,
      page,
      await screenshotOf(CHANGED_SVG, 2),
    );
    const filesOf = async () =>
      (await storedKeys(server.ctx.config.dataDir)).filter((key) => key.includes(`${project}/walkthrough`));
    expect(await filesOf()).toHaveLength(2);
    const onlooker = await world.viewer.api.delete(`${base}/page`, {
      ...scope(world, project),
      page_id: page,
    });
    expect(onlooker.code).toBe(Codes.NO_PERMISSION.code);
    const gone = await world.member.api.delete(`${base}/page`, { ...scope(world, project), page_id: page });
    expect(gone.code, gone.msg).toBe(OK);
    expect(await filesOf()).toEqual([]);
    const after = await world.member.api.get(
      `${base}/page/contrast_image?project_id=${project}&contrast_id=${shot.contrast_id}`,
    );
    expect(after.code).toBe(Codes.WALKTHROUGH_SCREENSHOT_NOT_FOUND.code);
  });
});

describe('screenshots', () => {
  it('refuses what is not a picture, a picture past the pixel limit, and a broken one, keeping nothing', async () => {
    const cases = [
      // A design file the storage takes, but no screenshot.
      { data: Buffer.from(CHANGED_SVG), code: Codes.IMAGE_FORMAT_UNSUPPORTED.code },
      // 8000² passes the upload's side limit, not a screenshot's pixels.
      { data: pngBomb(8000), code: Codes.WALKTHROUGH_SCREENSHOT_TOO_LARGE.code },
      { data: (await screenshotOf(CHANGED_SVG, 1)).subarray(0, 300), code: Codes.IMAGE_FORMAT_INVALID.code },
    ];
    for (const { data, code } of cases) {
      const answer = await postScreenshot(world, world.member, projectId, pageId, { name: 'shot.png', data });
      expect(answer.code, answer.msg).toBe(code);
      expect(answer.msg).not.toBe('');
      const keys = await storedKeys(server.ctx.config.dataDir);
      expect(keys.some((key) => key.endsWith(answer.key.slice(answer.key.lastIndexOf('/'))))).toBe(false);
    }
    expect((await pageView(world, world.member, projectId, pageId)).contrast_images).toEqual([]);
  });

  it('refuses an onlooker, and someone else’s upload', async () => {
    const data = await screenshotOf(CHANGED_SVG, 1);
    const uptoken = await fetchUptoken(server.app, world.admin.token, world.team.id);
    const { key } = await postToStorage(server.app, uptoken, { name: 'b.png', data });
    const register = (who: Person) =>
      who.api.post(`${base}/page/contrast_image`, { ...scope(world, projectId), page_id: pageId, key });
    expect((await register(world.viewer)).code).toBe(Codes.NO_PERMISSION.code);
    expect((await register(world.member)).code).toBe(Codes.UPLOAD_NOT_FOUND.code);
    expect((await register(world.admin)).code).toBe(OK);
  });
});

describe('issues', () => {
  it('tells the assignee, who solves it though only an onlooker, and the creator hears of it', async () => {
    const issue = await newIssue(world.member, { assignee_id: world.viewer.id, severity: 'high' });
    expect(issue).toMatchObject({ state: 'open', severity: 'high', assignee: { id: world.viewer.id } });
    const [assigned] = await inbox(world.viewer);
    expect(assigned).toMatchObject({ kind: 'design_qa_assigned', method: 'assignWalkthroughIssue' });
    expect(assigned.url).toContain(`pageId=${pageId}`);
    expect(assigned.url).toContain(`issueId=${issue.issue_id}`);
    expect(assigned.content).toContain('Button colour is off');

    // The onlooker may not edit it, only move it along.
    const edit = await world.viewer.api.put(`${base}/issue`, {
      ...scope(world, projectId),
      issue_id: issue.issue_id,
      description: 'x',
    });
    expect(edit.code).toBe(Codes.NO_PERMISSION.code);
    const solved = await world.viewer.api.post(`${base}/issue/solve`, {
      ...scope(world, projectId),
      issue_id: issue.issue_id,
    });
    expect(solved.code, solved.msg).toBe(OK);
    expect(solved.result).toMatchObject({ state: 'solved', solved_by: { id: world.viewer.id } });
    expect((await inbox(world.member)).map((message) => message.kind)).toContain('design_qa_solved');

    const reopened = await world.member.api.put(`${base}/issue/solve`, {
      ...scope(world, projectId),
      issue_id: issue.issue_id,
    });
    expect(reopened.result).toMatchObject({ state: 'open', solved_by: null });
    expect((await inbox(world.viewer)).map((message) => message.kind)).toContain('design_qa_reopened');
  });

  it('refuses to move someone else’s issue for an onlooker, and an assignee who cannot see the project', async () => {
    const issue = await newIssue(world.member, { assignee_id: world.author.id });
    const solve = await world.viewer.api.post(`${base}/issue/solve`, {
      ...scope(world, projectId),
      issue_id: issue.issue_id,
    });
    expect(solve.code).toBe(Codes.NO_PERMISSION.code);
    const outsider = await world.member.api.post(`${base}/issue`, {
      ...scope(world, projectId),
      page_id: pageId,
      rect: { x: 0, y: 0, width: 5, height: 5 },
      description: 'x',
      assignee_id: world.stranger.id,
    });
    expect(outsider.code).toBe(Codes.WALKTHROUGH_ASSIGNEE_INVALID.code);
    const modeB = await newProject(world, { mode: 'B' });
    const page = await addPage(world, world.owner, modeB, await fixtureDesign(world, modeB));
    const hidden = await world.owner.api.post(`${base}/issue`, {
      ...scope(world, modeB),
      page_id: page,
      rect: { x: 0, y: 0, width: 5, height: 5 },
      description: 'x',
      assignee_id: world.member.id,
    });
    expect(hidden.code).toBe(Codes.WALKTHROUGH_ASSIGNEE_INVALID.code);
    const foreign = await world.member.api.post(`${base}/issue/solve`, {
      ...scope(world, modeB),
      issue_id: issue.issue_id,
    });
    // A mode-B project the member is not in answers 418 (spec 000 §8), whatever the issue.
    expect(foreign.code).toBe(Codes.NOT_ALLOWED.code);
    const wrongProject = await world.owner.api.post(`${base}/issue/solve`, {
      ...scope(world, modeB),
      issue_id: issue.issue_id,
    });
    expect(wrongProject.code).toBe(Codes.WALKTHROUGH_ISSUE_NOT_FOUND.code);
  });

  it('sets and clears a status, lists by state with counts, and edits and deletes', async () => {
    const project = await newProject(world);
    const page = await addPage(world, world.member, project, await fixtureDesign(world, project));
    const post = (body: Record<string, unknown>) =>
      world.member.api.post<WalkthroughIssueView>(`${base}/issue`, {
        ...scope(world, project),
        page_id: page,
        rect: { x: 1, y: 1, width: 5, height: 5 },
        description: 'Spacing',
        ...body,
      });
    const [a, b, c] = [(await post({})).result, (await post({})).result, (await post({})).result];
    expect([a.number, b.number, c.number]).toEqual([1, 2, 3]);
    const progress = await world.member.api.post(`${base}/issue/status`, {
      ...scope(world, project),
      issue_id: a.issue_id,
      status: 'in_progress',
    });
    expect(progress.result.state).toBe('in_progress');
    const ignored = await world.member.api.post(`${base}/issue/status`, {
      ...scope(world, project),
      issue_id: b.issue_id,
      status: 'ignored',
    });
    expect(ignored.result.state).toBe('ignored');
    const bad = await world.member.api.post(`${base}/issue/status`, {
      ...scope(world, project),
      issue_id: b.issue_id,
      status: 'solved',
    });
    expect(bad.code).toBe(Codes.INVALID_INPUT.code);
    const list = await world.viewer.api.post(`${base}/issue/list`, {
      ...scope(world, project),
      states: ['open', 'in_progress'],
    });
    expect(list.code, list.msg).toBe(OK);
    expect(list.result.issues.map((issue: WalkthroughIssueView) => issue.number)).toEqual([3, 1]);
    expect(list.result.counts).toEqual({ open: 1, in_progress: 1, solved: 0, ignored: 1, total: 3 });
    const cleared = await world.member.api.delete(`${base}/issue/status`, {
      ...scope(world, project),
      issue_id: b.issue_id,
    });
    expect(cleared.result.state).toBe('open');
    const edited = await world.member.api.put(`${base}/issue`, {
      ...scope(world, project),
      issue_id: c.issue_id,
      description: 'Spacing: 24 px expected',
      severity: 'critical',
      rect: { x: 100, y: 50, width: 20, height: 10 },
    });
    expect(edited.result).toMatchObject({
      description: 'Spacing: 24 px expected',
      severity: 'critical',
      rect: { x: 100, y: 50, width: 20, height: 10 },
    });
    const removed = await world.member.api.delete(`${base}/issue`, {
      ...scope(world, project),
      issue_id: c.issue_id,
    });
    expect(removed.code, removed.msg).toBe(OK);
    const empty = await world.member.api.post(`${base}/issue`, {
      ...scope(world, project),
      page_id: page,
      rect: { x: 1, y: 1, width: 5, height: 5 },
      description: '   ',
    });
    expect(empty.code).toBe(Codes.INVALID_INPUT.code);
  });
});

describe('proposals', () => {
  it('accepts a proposal as an issue saying what the design expects, once', async () => {
    const shot = await comparedScreenshot(
      world,
      world.member,
      projectId,
      pageId,
      await screenshotOf(CHANGED_SVG, 2),
    );
    const proposal = shot.candidates.find((candidate) => candidate.expected_text.startsWith('expected text'));
    const accept = () =>
      world.member.api.post<WalkthroughIssueView>(`${base}/candidate`, {
        ...scope(world, projectId),
        contrast_id: shot.contrast_id,
        candidate_id: proposal?.id,
        assignee_id: world.author.id,
      });
    const accepted = await accept();
    expect(accepted.code, accepted.msg).toBe(OK);
    expect(accepted.result.description).toBe(proposal?.expected_text);
    expect(accepted.result.expected_text).toBe(proposal?.expected_text);
    expect(accepted.result.contrast_id).toBe(shot.contrast_id);
    expect((await accept()).code).toBe(Codes.WALKTHROUGH_CANDIDATE_NOT_FOUND.code);
    expect(
      (await inbox(world.author)).some((message) => message.content.includes(`#${accepted.result.number}`)),
    ).toBe(true);
    const onlooker = await world.viewer.api.delete(`${base}/candidate`, {
      ...scope(world, projectId),
      contrast_id: shot.contrast_id,
      candidate_id: shot.candidates[0].id,
    });
    expect(onlooker.code).toBe(Codes.NO_PERMISSION.code);
  });

  it('refuses a screenshot of another project, and issues pinned to a screenshot of another page', async () => {
    const project = await newProject(world);
    const page = await addPage(world, world.member, project, await fixtureDesign(world, project));
    const shot = await comparedScreenshot(
      world,
      world.member,
      project,
      page,
      await screenshotOf(CHANGED_SVG, 2),
    );
    const accept = await world.member.api.post(`${base}/candidate`, {
      ...scope(world, projectId),
      contrast_id: shot.contrast_id,
      candidate_id: shot.candidates[0].id,
    });
    expect(accept.code).toBe(Codes.WALKTHROUGH_SCREENSHOT_NOT_FOUND.code);
    const pinned = await world.member.api.post(`${base}/issue`, {
      ...scope(world, projectId),
      page_id: pageId,
      contrast_id: shot.contrast_id,
      rect: { x: 1, y: 1, width: 5, height: 5 },
      description: 'x',
    });
    expect(pinned.code).toBe(Codes.WALKTHROUGH_SCREENSHOT_NOT_FOUND.code);
  });
});

describe('results and real time', () => {
  it('sets a page’s result and the task’s, counted by result', async () => {
    const viewer = await world.viewer.api.put('/api/walkthrough/result', {
      ...scope(world, projectId),
      page_id: pageId,
      result: 'passed',
    });
    expect(viewer.code).toBe(Codes.NO_PERMISSION.code);
    const page = await world.member.api.put('/api/walkthrough/result', {
      ...scope(world, projectId),
      page_id: pageId,
      result: 'failed',
    });
    expect(page.code, page.msg).toBe(OK);
    expect(page.result.result).toBe('failed');
    const task = await world.member.api.put('/api/walkthrough/result', {
      ...scope(world, projectId),
      result: 'failed',
    });
    expect(task.result).toMatchObject({ result: 'failed', pages: { failed: 1, passed: 0, in_progress: 0 } });
    expect(task.result.counts.total).toBeGreaterThan(0);
    const words = await world.viewer.api.get('/api/walkthrough/i18n');
    expect(words.result.state.solved).toEqual({ 'zh-CN': '已解决', 'en-US': 'Solved' });
  });

  it('tells the sockets watching the project that its walkthrough changed, when a comparison ends too', async () => {
    const url = await server.listen();
    const watcher = await TestSocket.signedIn(url, world.viewer.token);
    watcher.send({ type: 'watch', teamId: world.team.id, projectId });
    await watcher.next((frame) => frame.type === 'watching');
    const changed = { type: 'changed', what: 'walkthrough', teamId: world.team.id, projectId };
    await newIssue(world.member);
    expect(await watcher.next((frame) => frame.type === 'changed', 'the issue frame')).toEqual(changed);
    await postScreenshot(world, world.member, projectId, pageId, {
      name: 's.png',
      data: await screenshotOf(CHANGED_SVG, 2),
    });
    expect(await watcher.next((frame) => frame.type === 'changed', 'the screenshot frame')).toEqual(changed);
    await runJobsOnce(server.ctx);
    expect(await watcher.next((frame) => frame.type === 'changed', 'the comparison frame')).toEqual(changed);
    watcher.close();
  });
});
