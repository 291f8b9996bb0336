import { Codes } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { encryptPassword } from '../../test/crypto.js';
import { buildWorld, newDesign, newProject, thread, type World } from '../comments/fixtures.js';
import { teams } from '../teams/tables.js';
import { OK } from './fixtures.js';
import { shareLinks, shareVisits } from './tables.js';
import { openedLink } from './visitor-fixtures.js';

/** A visitor's link over time: revoked, expired, its creator's rights shrinking, its designs deleted. */

let server: TestServer;
let world: World;
beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server);
});
afterAll(() => server.close());

const describeLink = (code: string, token?: string) =>
  asUser(server.app, token).get(`/api/share/url/resolve?code=${code}`);
const stageOf = (api: ReturnType<typeof asUser>, projectId: string) =>
  api.get(`/api/project/images?project_id=${projectId}`);

describe('a link that stops', () => {
  it('stops at once when revoked: the next call of an open page is refused', async () => {
    const projectId = await newProject(world);
    await newDesign(world, projectId);
    const { api, link } = await openedLink(world, projectId, { scope: 'project' });
    expect((await stageOf(api, projectId)).code).toBe(OK);
    const revoked = await world.member.api.delete('/api/sharesvc/link', { link_id: link.id });
    expect(revoked.code, revoked.msg).toBe(OK);
    const after = await stageOf(api, projectId);
    expect(after.code).toBe(Codes.SHARE_REVOKED.code);
    expect(after.msg).toBe('The share link was revoked');
    expect((await describeLink(link.code)).result.state).toBe('revoked');
  });

  it('refuses a visitor once the link expires, and asks to open it again once the visit is over', async () => {
    const projectId = await newProject(world);
    const first = await openedLink(world, projectId, { scope: 'project' });
    await server.ctx.db
      .update(shareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shareLinks.id, first.link.id));
    expect((await stageOf(first.api, projectId)).code).toBe(Codes.SHARE_EXPIRED.code);

    const second = await openedLink(world, projectId, { scope: 'project' });
    await server.ctx.db
      .update(shareVisits)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shareVisits.linkId, second.link.id));
    expect((await stageOf(second.api, projectId)).code).toBe(Codes.SHARE_VISIT_ENDED.code);
    const again = await anonymous(server.app).post('/api/share/url/resolve', { code: second.link.code });
    expect(again.code).toBe(OK);
    expect((await stageOf(asUser(server.app, again.result.token), projectId)).code).toBe(OK);
  });
});

describe('a creator who loses rights', () => {
  it('no longer hands out downloads once the download setting leaves them out', async () => {
    const projectId = await newProject(world);
    const design = await newDesign(world, projectId);
    const rights = { inspect: true, download: true, see_comments: false, comment: false };
    const { api, link } = await openedLink(world, projectId, { scope: 'project', rights });
    const detail = () => api.get(`/api/project/image?project_id=${projectId}&image_id=${design.imageId}`);
    expect((await detail()).result.versions[0].download_url).not.toBe('');
    const setting = await world.owner.api.put('/api/dayu/design/project/doc_download_setting', {
      project_id: projectId,
      download_type: 'members',
    });
    expect(setting.code, setting.msg).toBe(OK);
    expect((await detail()).result.versions[0].download_url).toBe('');
    expect((await describeLink(link.code)).result.rights.download).toBe(false);
    const slices = await api.post('/api/project/slices', {
      project_id: projectId,
      image_id: design.imageId,
      layer_ids: ['x'],
      platform: 'web',
      base_scale: 1,
      formats: ['png'],
    });
    expect(slices.code).toBe(Codes.SHARE_VISITOR_REFUSED.code);
  });

  it('grants nothing once the project goes to mode B without them, or they leave the team', async () => {
    const modeB = await newProject(world);
    const inB = await openedLink(world, modeB, { scope: 'project' });
    const switched = await world.owner.api.put('/api/project/project_info', {
      team_id: world.team.id,
      project_id: modeB,
      permission_mode: 'B',
    });
    expect(switched.code, switched.msg).toBe(OK);
    expect((await stageOf(inB.api, modeB)).code).toBe(Codes.SHARE_REVOKED.code);
    expect((await describeLink(inB.link.code)).result.state).toBe('revoked');

    const projectId = await newProject(world);
    const byAuthor = await shareBy(world.author, projectId);
    expect((await stageOf(byAuthor.api, projectId)).code).toBe(OK);
    const removed = await world.owner.api.delete('/api/account/remove_member', {
      team_id: world.team.id,
      user_id: world.author.id,
    });
    expect(removed.code, removed.msg).toBe(OK);
    expect((await stageOf(byAuthor.api, projectId)).code).toBe(Codes.SHARE_REVOKED.code);
  });
});

async function shareBy(who: World['member'], projectId: string) {
  const made = await who.api.post('/api/sharesvc/link', {
    team_id: world.team.id,
    project_id: projectId,
    scope: 'project',
  });
  expect(made.code, made.msg).toBe(OK);
  const opened = await anonymous(server.app).post('/api/share/url/resolve', { code: made.result.code });
  return { api: asUser(server.app, opened.result.token), code: made.result.code as string };
}

describe('a dissolved team', () => {
  it("grants nothing once the creator's team is dissolved", async () => {
    const other = await buildWorld(server);
    const projectId = await newProject(other);
    const { api, link } = await openedLink(other, projectId, { scope: 'project' });
    // Back on the free plan: a paid team cannot be dissolved directly.
    await server.ctx.db.update(teams).set({ packageLevel: 0 }).where(eq(teams.id, other.team.id));
    const publicKey = (await anonymous(server.app).get('/api/account/public_key')).result.public_key;
    const dissolved = await other.owner.api.delete('/api/account/team', {
      team_id: other.team.id,
      name: other.team.name,
      password: encryptPassword(publicKey, other.team.owner.password),
    });
    expect(dissolved.code, dissolved.msg).toBe(OK);
    expect((await describeLink(link.code)).result.state).toBe('revoked');
    expect((await stageOf(api, projectId)).code).toBe(Codes.SHARE_REVOKED.code);
  });
});

describe("a link's designs", () => {
  it('drops a design deleted from a shared set, and says so once all are gone', async () => {
    const projectId = await newProject(world);
    const kept = await newDesign(world, projectId, { name: 'Kept.png' });
    const gone = await newDesign(world, projectId, { name: 'Gone.png' });
    const { api, link } = await openedLink(world, projectId, {
      scope: 'designs',
      design_ids: [kept.imageId, gone.imageId],
    });
    const deleted = await world.owner.api.delete('/api/project/image', {
      team_id: world.team.id,
      project_id: projectId,
      image_ids: [gone.imageId],
    });
    expect(deleted.code, deleted.msg).toBe(OK);
    const stage = await stageOf(api, projectId);
    expect(stage.result.images.map((image: { id: string }) => image.id)).toEqual([kept.imageId]);
    const detail = await api.get(`/api/project/image?project_id=${projectId}&image_id=${gone.imageId}`);
    expect(detail.code).toBe(Codes.IMAGE_DELETED.code);

    await world.owner.api.delete('/api/project/image', {
      team_id: world.team.id,
      project_id: projectId,
      image_ids: [kept.imageId],
    });
    expect((await describeLink(link.code)).result.state).toBe('scope_deleted');
    const reopened = await anonymous(server.app).post('/api/share/url/resolve', { code: link.code });
    expect(reopened.code).toBe(Codes.SHARE_SCOPE_DELETED.code);
  });

  it('shows a link fixed to a version that version only, with its comments and no later ones', async () => {
    const projectId = await newProject(world);
    const design = await newDesign(world, projectId, { versions: 2 });
    const [v1, v2] = design.versionIds;
    await thread(world.owner, design, { content: 'first', version_id: v1 });
    const later = await thread(world.owner, design, { content: 'second', version_id: v2 });
    const { api } = await openedLink(world, projectId, {
      scope: 'design',
      design_ids: [design.imageId],
      version_id: v1,
      rights: { inspect: false, download: false, see_comments: true, comment: false },
    });
    const base = `project_id=${projectId}&image_id=${design.imageId}`;
    const detail = await api.get(`/api/project/image?${base}`);
    expect(detail.result.versions.map((v: { id: string; current: boolean }) => [v.id, v.current])).toEqual([
      [v1, true],
    ]);
    expect(detail.result.version_id).toBe(v1);
    const comments = await api.get(`/api/project/comments?${base}`);
    expect(comments.result.threads.map((t: { content: string }) => t.content)).toEqual(['first']);
    const [seen] = comments.result.threads;
    expect([seen.can_edit, seen.can_delete, seen.can_resolve]).toEqual([false, false, false]);
    expect((await api.get(`/api/project/comments?${base}&version_id=${v2}`)).code).toBe(
      Codes.VERSION_NOT_FOUND.code,
    );
    const other = await api.get(`/api/project/comment?project_id=${projectId}&comment_id=${later.id}`);
    expect(other.code).toBe(Codes.NOT_FOUND.code);
  });
});

describe('a signed-in member opening a link', () => {
  it('is told where the content is in the app; an outsider and an anonymous caller are not', async () => {
    const projectId = await newProject(world);
    const design = await newDesign(world, projectId);
    const { link } = await openedLink(world, projectId, { scope: 'design', design_ids: [design.imageId] });
    const asMember = await describeLink(link.code, world.viewer.token);
    expect(asMember.result.member).toEqual({
      team_id: world.team.id,
      project_id: projectId,
      design_ids: [design.imageId],
      section_ids: [],
      version_id: null,
    });
    expect((await describeLink(link.code, world.stranger.token)).result.member).toBeUndefined();
    expect((await describeLink(link.code)).result.member).toBeUndefined();
  });
});
