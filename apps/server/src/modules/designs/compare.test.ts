import {
  Codes,
  type DesignComparison,
  describeDiffSummary,
  type LayerDiffSummary,
  type MessageView,
} from '@ferry/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFileLayers } from '../../jobs/layers.js';
import { runJobsOnce } from '../../jobs/worker.js';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { uploadDesigns } from '../../test/uploads.js';
import {
  buildWorld,
  type Design,
  newDesign,
  newProject,
  OK,
  type Person,
  type World,
} from '../comments/fixtures.js';
import { messages } from '../messages/tables.js';
import { projectMembers } from '../projects/tables.js';
import { openedLink } from '../share/visitor-fixtures.js';
import { designVersions } from './tables.js';

/** A card and its title; the next version changes the title's words and the card's colour, nothing else. */
const svgOf = (title: string, colour: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="120" viewBox="0 0 200 120">
  <rect id="card" x="10" y="10" width="120" height="60" fill="${colour}"/>
  <rect id="footer" x="10" y="90" width="180" height="20" fill="#cccccc"/>
  <text id="title" x="20" y="50" font-family="Arial" font-size="16" fill="#000000">${title}</text>
</svg>`,
  );
const FIRST = svgOf('Hello', '#ff0000');
const SECOND = svgOf('World', '#0000ff');

let server: TestServer;
let world: World;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server);
  projectId = await newProject(world);
});
afterAll(() => server.close());

/** Uploads a version of the SVG design named `name` (the same name adds a version) as the team's owner. */
async function uploadSvg(name: string, data: Buffer, into = projectId) {
  const answer = await uploadDesigns(
    server.app,
    world.team.owner.token,
    { teamId: world.team.id, projectId: into },
    [{ name, data }],
  );
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result.images[0] as { id: string; version_id: string };
}

/** A two-version SVG design with its layers imported. */
async function twoVersions(name: string): Promise<Design> {
  const first = await uploadSvg(name, FIRST);
  await runJobsOnce(server.ctx);
  const second = await uploadSvg(name, SECOND);
  await runJobsOnce(server.ctx);
  return { projectId, imageId: first.id, versionIds: [first.version_id, second.version_id] };
}

const inspected = (who: Person, design: Design, versionId: string, teamId = world.team.id) =>
  who.api.post('/api/project/image/inspected', {
    team_id: teamId,
    image_id: design.imageId,
    version_id: versionId,
  });

function compare(who: Person, design: Design, extra = '', teamId = world.team.id) {
  return who.api.get<DesignComparison>(
    `/api/project/image/compare?team_id=${teamId}&image_id=${design.imageId}${extra}`,
  );
}

async function stageMark(who: Person, design: Design) {
  const listed = await who.api.get(`/api/project/images?project_id=${design.projectId}`);
  expect(listed.code, listed.msg).toBe(OK);
  const image = listed.result.images.find((item: { id: string }) => item.id === design.imageId);
  const detail = await who.api.get(
    `/api/project/image?project_id=${design.projectId}&image_id=${design.imageId}`,
  );
  expect(detail.code, detail.msg).toBe(OK);
  const mark = (view: { inspected_version_id: string | null; changed_since_inspected: boolean }) => ({
    inspected_version_id: view.inspected_version_id,
    changed_since_inspected: view.changed_since_inspected,
  });
  // The list and the detail say the same.
  expect(mark(detail.result)).toEqual(mark(image));
  return mark(image);
}

describe('the version a person last inspected', () => {
  it('is recorded, replaced by the next one, and read back by the stage list and the detail', async () => {
    const design = await twoVersions('Marked.svg');
    const [v1, v2] = design.versionIds;
    const other = await newDesign(world, projectId, { name: 'Untouched.png' });
    expect(await stageMark(world.member, design)).toEqual({
      inspected_version_id: null,
      changed_since_inspected: false,
    });

    const first = await inspected(world.member, design, v1);
    expect(first.code, first.msg).toBe(OK);
    expect(await stageMark(world.member, design)).toEqual({
      inspected_version_id: v1,
      changed_since_inspected: true,
    });
    // Someone else's inspection is theirs alone; a design never inspected stays unmarked.
    expect((await stageMark(world.viewer, design)).inspected_version_id).toBeNull();
    expect(await stageMark(world.member, other)).toEqual({
      inspected_version_id: null,
      changed_since_inspected: false,
    });

    expect((await inspected(world.member, design, v2)).code).toBe(OK);
    expect(await stageMark(world.member, design)).toEqual({
      inspected_version_id: v2,
      changed_since_inspected: false,
    });
  });

  it('refuses a version of another design, another team, bad input, and a read-scoped access token', async () => {
    const design = await twoVersions('Refusals.svg');
    const other = await newDesign(world, projectId, { name: 'Other.png' });
    expect((await inspected(world.member, design, other.versionIds[0])).code).toBe(
      Codes.VERSION_NOT_FOUND.code,
    );
    expect((await inspected(world.member, design, 'not-a-version')).code).toBe(Codes.VERSION_NOT_FOUND.code);
    // The team named is the caller's, the design another team's: it is not there for them.
    const strangers = await newProject(world, { team: world.strangerTeam });
    const theirs = await newDesign(world, strangers, { name: 'Theirs.png', team: world.strangerTeam });
    expect((await inspected(world.member, theirs, theirs.versionIds[0])).code).toBe(Codes.IMAGE_DELETED.code);
    // Naming the other team: the caller is not in it.
    expect((await inspected(world.member, theirs, theirs.versionIds[0], world.strangerTeam.id)).code).toBe(
      Codes.TEAM_NOT_FOUND.code,
    );
    const missing = await world.member.api.post('/api/project/image/inspected', {
      team_id: world.team.id,
      image_id: design.imageId,
    });
    expect(missing.code).toBe(Codes.INVALID_INPUT.code);

    const token = await world.member.api.post('/api/account/access_tokens', {
      name: 'Reader',
      scopes: ['read'],
    });
    expect(token.code, token.msg).toBe(OK);
    const reader = asUser(server.app, token.result.token);
    const byToken = await reader.post('/api/project/image/inspected', {
      team_id: world.team.id,
      image_id: design.imageId,
      version_id: design.versionIds[0],
    });
    // Recording decides who hears of the next version: a read-only token may not change it (19174).
    expect(byToken.code, byToken.msg).toBe(Codes.TOKEN_SCOPE_DENIED.code);
    expect((await stageMark(world.member, design)).inspected_version_id).toBeNull();
  });
});

describe('comparing two versions', () => {
  it('compares the last inspected version with the current one, else the previous one, with the real edits', async () => {
    const design = await twoVersions('Card.svg');
    const [v1, v2] = design.versionIds;
    const third = await uploadSvg('Card.svg', SECOND);
    await runJobsOnce(server.ctx);
    const v3 = third.version_id;

    // Never inspected: the version before the current one (v2 → v3, the same picture: nothing changed).
    const unchanged = await compare(world.admin, design);
    expect(unchanged.code, unchanged.msg).toBe(OK);
    expect([unchanged.result.from.version_id, unchanged.result.to.version_id]).toEqual([v2, v3]);
    expect(unchanged.result.diff.changes).toEqual([]);
    expect(unchanged.result.diff.summary.total).toBe(0);

    // Inspected v1: v1 → v3, the title's words and the card's colour.
    expect((await inspected(world.admin, design, v1)).code).toBe(OK);
    const answer = await compare(world.admin, design);
    expect(answer.code, answer.msg).toBe(OK);
    const { from, to, diff, summary } = answer.result;
    expect(answer.result.image_id).toBe(design.imageId);
    expect(from).toMatchObject({ version_id: v1, version_number: 1, width: 200, height: 120 });
    expect(to).toMatchObject({ version_id: v3, version_number: 3, width: 200, height: 120 });
    for (const side of [from, to]) {
      expect(side.image_url).toMatch(/^\/files\//);
      expect(side.json_url).toMatch(/^\/files\//);
      expect(Number.isNaN(Date.parse(side.created_at))).toBe(false);
      expect((await server.app.inject({ method: 'GET', url: side.json_url })).statusCode).toBe(200);
    }
    const changed = diff.changes.map((change) => ({
      kind: change.kind,
      name: change.name,
      properties: change.properties.map((property) => property.property).sort(),
    }));
    expect(changed.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { kind: 'changed', name: 'card', properties: ['fills'] },
      { kind: 'changed', name: 'title', properties: ['textContent'] },
    ]);
    const text = diff.changes.find((change) => change.name === 'title')?.properties[0];
    expect(text).toMatchObject({ before: 'Hello', after: 'World' });
    expect(diff.summary).toMatchObject({ added: 0, removed: 0, texts: 1, colours: 1, total: 2 });
    expect(summary['en-US']).toMatch(/1 text/);
    expect(summary['zh-CN']).toMatch(/\p{Script=Han}/u);

    // Inspected the current one: the previous one again.
    expect((await inspected(world.admin, design, v3)).code).toBe(OK);
    const after = await compare(world.admin, design);
    expect([after.result.from.version_id, after.result.to.version_id]).toEqual([v2, v3]);

    // Both named: exactly those, the older first; the other way round is refused rather than read backwards.
    const named = await compare(world.admin, design, `&from_version_id=${v1}&to_version_id=${v2}`);
    expect(named.code, named.msg).toBe(OK);
    expect([named.result.from.version_id, named.result.to.version_id]).toEqual([v1, v2]);
    expect(named.result.diff.summary).toMatchObject({ texts: 1, colours: 1, total: 2 });
    const backwards = await compare(world.admin, design, `&from_version_id=${v2}&to_version_id=${v1}`);
    expect([backwards.code, backwards.msg]).toEqual([
      Codes.COMPARE_FROM_NOT_OLDER.code,
      expect.stringMatching(/must be older than/),
    ]);
    expect(Codes.COMPARE_FROM_NOT_OLDER.zh).toMatch(/早于/);
  });

  it('refuses what cannot be compared, with its code', async () => {
    const design = await twoVersions('Refused.svg');
    const [v1, v2] = design.versionIds;
    const single = await uploadSvg('Single.svg', FIRST);
    await runJobsOnce(server.ctx);
    const singleDesign = { projectId, imageId: single.id, versionIds: [single.version_id] };
    expect((await compare(world.member, singleDesign)).code).toBe(Codes.COMPARE_SINGLE_VERSION.code);
    expect((await compare(world.member, design, `&from_version_id=${v2}&to_version_id=${v2}`)).code).toBe(
      Codes.COMPARE_SAME_VERSION.code,
    );
    // The first version has nothing before it.
    expect((await compare(world.member, design, `&to_version_id=${v1}`)).code).toBe(
      Codes.COMPARE_SAME_VERSION.code,
    );
    expect((await compare(world.member, design, `&from_version_id=${single.version_id}`)).code).toBe(
      Codes.VERSION_NOT_FOUND.code,
    );
    expect((await compare(world.member, design, '&to_version_id=made-up')).code).toBe(
      Codes.VERSION_NOT_FOUND.code,
    );

    // Another team's design, named under the caller's team or under its own.
    const strangers = await newProject(world, { team: world.strangerTeam });
    const theirs = await newDesign(world, strangers, {
      name: 'Theirs.png',
      team: world.strangerTeam,
      versions: 2,
    });
    expect((await compare(world.member, theirs)).code).toBe(Codes.IMAGE_DELETED.code);
    expect((await compare(world.member, theirs, '', world.strangerTeam.id)).code).toBe(
      Codes.TEAM_NOT_FOUND.code,
    );
    expect((await compare(world.stranger, design, '', world.strangerTeam.id)).code).toBe(
      Codes.IMAGE_DELETED.code,
    );

    // A mode-B project the caller is not in: 418, as every design call answers.
    const closed = await newProject(world, { mode: 'B', roles: [[world.author, 'member']] });
    const closedDesign = await newDesign(world, closed, { name: 'Closed.png', versions: 2 });
    const refused = await compare(world.viewer, closedDesign);
    expect(refused.code).toBe(Codes.NOT_ALLOWED.code);
    expect((await inspected(world.viewer, closedDesign, closedDesign.versionIds[0])).code).toBe(
      Codes.NOT_ALLOWED.code,
    );

    // Plain pictures have no layers to compare.
    const pictures = await newDesign(world, projectId, { name: 'Pictures.png', versions: 2 });
    await runJobsOnce(server.ctx);
    expect((await compare(world.member, pictures)).code).toBe(Codes.COMPARE_LAYERS_UNAVAILABLE.code);

    // A version whose layers are still being read: try again when processing ends.
    const pending = await uploadSvg('Refused.svg', SECOND);
    const waiting = await compare(world.member, design);
    expect(waiting.code).toBe(Codes.COMPARE_LAYERS_PROCESSING.code);
    expect(waiting.msg).toMatch(/try again when processing ends/);
    await runJobsOnce(server.ctx);
    expect((await compare(world.member, design)).result.to.version_id).toBe(pending.version_id);

    // A LayerDoc past the size read into memory (16 MB): refused, not parsed.
    const [stored] = await server.ctx.db.select().from(designVersions).where(eq(designVersions.id, v1));
    const huge = Buffer.from(JSON.stringify({ layers: [], padding: ' '.repeat(16 * 1024 * 1024) }));
    await server.ctx.files.put(stored.layersKey as string, huge);
    expect((await compare(world.member, design, `&from_version_id=${v1}`)).code).toBe(
      Codes.COMPARE_LAYERS_UNAVAILABLE.code,
    );

    // Layers that could not be read.
    await server.ctx.db
      .update(designVersions)
      .set({ layersStatus: 'failed', layersKey: null })
      .where(eq(designVersions.id, v1));
    expect((await compare(world.member, design, `&from_version_id=${v1}`)).code).toBe(
      Codes.COMPARE_LAYERS_UNAVAILABLE.code,
    );

    const missing = await world.member.api.get(`/api/project/image/compare?team_id=${world.team.id}`);
    expect(missing.code).toBe(Codes.INVALID_INPUT.code);
  });

  it("refuses a share link's visitor, who sees one version of a design", async () => {
    const design = await twoVersions('Shared.svg');
    const { api } = await openedLink(world, projectId, { scope: 'project' });
    expect(
      (await api.get(`/api/project/image/compare?team_id=${world.team.id}&image_id=${design.imageId}`)).code,
    ).toBe(Codes.SHARE_VISITOR_REFUSED.code);
    const recorded = await api.post('/api/project/image/inspected', {
      team_id: world.team.id,
      image_id: design.imageId,
      version_id: design.versionIds[0],
    });
    expect(recorded.code).toBe(Codes.SHARE_VISITOR_REFUSED.code);
  });
});

describe('the notice of a new version', () => {
  const inbox = async (who: Person, lang = 'en-US') => {
    const answer = await asUser(server.app, who.token, lang).get(
      '/api/msg_center/messages?kind=design_updated',
    );
    expect(answer.code, answer.msg).toBe(OK);
    return (answer.body.data as { list: MessageView[] }).list;
  };

  it('tells those who inspected an earlier version, in their language, once, when the layers are ready', async () => {
    const first = await uploadSvg('Notice.svg', FIRST);
    await runJobsOnce(server.ctx);
    const design = { projectId, imageId: first.id, versionIds: [first.version_id] };
    // The member and the admin inspected v1; the uploader (the owner) did too; the viewer never looked.
    for (const who of [world.member, world.admin, world.owner])
      expect((await inspected(who, design, first.version_id)).code).toBe(OK);

    const second = await uploadSvg('Notice.svg', SECOND);
    expect(await inbox(world.member)).toEqual([]);
    await runJobsOnce(server.ctx);

    const [notice] = await inbox(world.member);
    expect(notice).toMatchObject({
      kind: 'design_updated',
      method: 'updateImageVersion',
      project_id: projectId,
      image_id: design.imageId,
      title: 'New design version',
    });
    const counts = notice.message.compare?.summary;
    expect(counts).toMatchObject({ texts: 1, colours: 1, total: 2 });
    expect(notice.text).toBe(
      `"Notice" has a new version: ${describeDiffSummary(counts as LayerDiffSummary, 'en-US')}`,
    );
    expect(notice.message).toMatchObject({
      imageId: design.imageId,
      projectId,
      versionId: second.version_id,
      compare: { fromVersionId: first.version_id, toVersionId: second.version_id },
    });
    expect(notice.url).toContain('/web/#/item/project/detailDetach?');
    const link = new URLSearchParams(notice.url.split('?')[1]);
    expect(Object.fromEntries(link)).toMatchObject({
      image_id: design.imageId,
      pid: projectId,
      version_id: second.version_id,
      from_version_id: first.version_id,
      compare: '1',
    });
    const [zh] = await inbox(world.admin, 'zh-CN');
    expect(zh.text).toBe(`「Notice」有新版本：${describeDiffSummary(counts as LayerDiffSummary, 'zh-CN')}`);
    expect(await inbox(world.owner)).toEqual([]);
    expect(await inbox(world.viewer)).toEqual([]);

    // The layers job for the same file again (a retry after its lease ran out): nobody is told twice.
    const [stored] = await server.ctx.db
      .select({ fileKey: designVersions.fileKey })
      .from(designVersions)
      .where(eq(designVersions.id, second.version_id));
    await importFileLayers(server.ctx, { fileKey: stored.fileKey });
    const rows = async () =>
      (await server.ctx.db.select().from(messages).where(eq(messages.method, 'updateImageVersion'))).filter(
        (row) => row.imageId === design.imageId,
      );
    expect(await rows()).toHaveLength(1);
  });

  it('leaves out someone who can no longer see the project, and tells once when two runs race', async () => {
    const closed = await newProject(world, {
      mode: 'B',
      roles: [
        [world.author, 'member'],
        [world.member, 'member'],
      ],
    });
    const first = await uploadSvg('Closed.svg', FIRST, closed);
    await runJobsOnce(server.ctx);
    const design = { projectId: closed, imageId: first.id, versionIds: [first.version_id] };
    for (const who of [world.author, world.member]) {
      expect((await inspected(who, design, first.version_id)).code).toBe(OK);
    }
    await server.ctx.db
      .delete(projectMembers)
      .where(and(eq(projectMembers.projectId, closed), eq(projectMembers.userId, world.author.id)));
    const second = await uploadSvg('Closed.svg', SECOND, closed);
    const [stored] = await server.ctx.db
      .select({ fileKey: designVersions.fileKey })
      .from(designVersions)
      .where(eq(designVersions.id, second.version_id));
    // Two workers on the same file at once (one's lease ran out while it worked), then the queue's own run.
    await Promise.all([
      importFileLayers(server.ctx, { fileKey: stored.fileKey }),
      importFileLayers(server.ctx, { fileKey: stored.fileKey }),
    ]);
    await runJobsOnce(server.ctx);
    const about = (list: MessageView[]) => list.filter((item) => item.image_id === design.imageId);
    expect(about(await inbox(world.author))).toEqual([]);
    expect(about(await inbox(world.member))).toHaveLength(1);
  });
});
