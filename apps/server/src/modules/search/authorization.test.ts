import { Codes } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsOnce } from '../../jobs/worker.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { fetchUptoken, postToStorage } from '../../test/uploads.js';
import {
  buildWorld,
  newDesign,
  newProject,
  OK,
  type Person,
  thread,
  type World,
} from '../comments/fixtures.js';
import { added, samplePdf } from '../documents/fixtures.js';
import { openedLink } from '../share/visitor-fixtures.js';
import { fixture, hitsOf, search, textLayerId, uploadFile } from './fixtures.js';

/** Global search finds strictly what the caller may see: their team, their mode-B projects, a link's designs. */

let server: TestServer;
let world: World;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server);
  projectId = await newProject(world);
});
afterAll(() => server.close());

const ALL_RIGHTS = { inspect: true, download: true, see_comments: true, comment: true };
const kindsOf = async (who: Pick<Person, 'api'>, params: Record<string, string | number | boolean>) =>
  new Set((await hitsOf(who, world, params)).map((hit) => hit.kind));

describe('members', { timeout: 120_000 }, () => {
  it("finds nothing of another team's, and refuses a stranger asking in our team", async () => {
    const theirs = await newProject(world, { team: world.strangerTeam });
    await newDesign(world, theirs, { name: 'Nebula.png', team: world.strangerTeam });
    expect(await hitsOf(world.owner, world, { keyword: 'nebula' })).toEqual([]);
    const own = await search(world.stranger, world, { keyword: 'nebula', team_id: world.strangerTeam.id });
    expect(own.result.list.map((hit) => hit.title)).toEqual(['Nebula']);
    const refused = await search(world.stranger, world, { keyword: 'nebula' });
    expect(refused.code).toBe(Codes.TEAM_NOT_FOUND.code);
    expect(refused.result).toBeFalsy();
  });

  it('shows a mode-B project and all in it to its members and the super admin only, and stops at once on removal', async () => {
    const hidden = await newProject(world, { mode: 'B', roles: [[world.author, 'member']] });
    const renamed = await world.owner.api.put('/api/project/project_info', {
      team_id: world.team.id,
      project_id: hidden,
      name: 'ObsidianVault',
    });
    expect(renamed.code, renamed.msg).toBe(OK);
    await world.owner.api.post('/api/project/sector', { project_id: hidden, name: 'Obsidian flows' });
    const design = await newDesign(world, hidden, { name: 'Obsidian home.png' });
    await thread(world.author, design, { content: 'Obsidian shadow too dark' });
    await added(world, world.owner, hidden, { name: 'Obsidian spec.pdf', data: samplePdf });

    const everything = new Set(['project', 'section', 'image', 'product', 'comment']);
    expect(await kindsOf(world.author, { keyword: 'obsidian' })).toEqual(everything);
    expect(await kindsOf(world.owner, { keyword: 'obsidian' })).toEqual(everything);
    for (const outsider of [world.member, world.admin, world.viewer]) {
      expect(await hitsOf(outsider, world, { keyword: 'obsidian' })).toEqual([]);
      expect(await hitsOf(outsider, world, { keyword: 'obsidian', project_id: hidden, trash: 1 })).toEqual(
        [],
      );
    }

    const removed = await world.owner.api.delete('/api/project/project_user', {
      team_id: world.team.id,
      project_id: hidden,
      user_id: world.author.id,
    });
    expect(removed.code, removed.msg).toBe(OK);
    expect(await hitsOf(world.author, world, { keyword: 'obsidian' })).toEqual([]);
  });

  it('keeps the recycle bin out unless asked, and deleted comments always', async () => {
    const design = await newDesign(world, projectId, { name: 'Quasar.png' });
    const remark = await thread(world.author, design, { content: 'Quasar glow' });
    const gone = await thread(world.author, design, { content: 'Pulsar glow' });
    const deleted = await world.author.api.delete('/api/project/comment', {
      project_id: projectId,
      comment_id: gone.id,
    });
    expect(deleted.code, deleted.msg).toBe(OK);
    const binned = await world.owner.api.delete('/api/project/image', {
      team_id: world.team.id,
      project_id: projectId,
      image_ids: design.imageId,
    });
    expect(binned.code, binned.msg).toBe(OK);

    expect(await hitsOf(world.member, world, { keyword: 'quasar' })).toEqual([]);
    const inBin = await hitsOf(world.member, world, { keyword: 'quasar', trash: 1 });
    expect(inBin).toHaveLength(2);
    expect(inBin).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'image', id: design.imageId, in_trash: true }),
        expect.objectContaining({ kind: 'comment', id: remark.id, in_trash: true }),
      ]),
    );
    expect(await hitsOf(world.member, world, { keyword: 'pulsar' })).toEqual([]);
    expect(await hitsOf(world.member, world, { keyword: 'pulsar', trash: 1 })).toEqual([]);
  });

  it('keeps to one project when asked, leaving folders out', async () => {
    const other = await newProject(world);
    const here = await newDesign(world, projectId, { name: 'Tundra.png' });
    await newDesign(world, other, { name: 'Tundra.png' });
    await world.owner.api.post('/api/project/folder', { team_id: world.team.id, name: 'Tundra' });
    expect(await hitsOf(world.member, world, { keyword: 'tundra' })).toHaveLength(3);
    expect(await hitsOf(world.member, world, { keyword: 'tundra', project_id: projectId })).toMatchObject([
      { kind: 'image', id: here.imageId, project_id: projectId },
    ]);
  });
});

describe("a share link's visitor", { timeout: 120_000 }, () => {
  it('finds only the designs of the link: no other design, kind, project or team', async () => {
    const linked = await newProject(world);
    const a = await newDesign(world, linked, { name: 'Comet A.png' });
    const b = await newDesign(world, linked, { name: 'Comet B.png' });
    const c = await newDesign(world, linked, { name: 'Comet C.png' });
    const picker = await uploadFile(
      world,
      linked,
      'Comet picker.svg',
      fixture('wikimediaui-language_selectors_states_expanded_layout_02.svg'),
    );
    await runJobsOnce(server.ctx);
    await world.owner.api.post('/api/project/sector', { project_id: linked, name: 'Comet lane' });
    await thread(world.author, a, { content: 'Comet tail' });
    const elsewhere = await newProject(world);
    await newDesign(world, elsewhere, { name: 'Comet D.png' });

    const some = await openedLink(world, linked, {
      scope: 'designs',
      design_ids: [a.imageId, b.imageId],
      rights: ALL_RIGHTS,
    });
    const ids = async (params: Record<string, string>) =>
      (await hitsOf(some, world, { keyword: 'comet', ...params })).map((hit) => hit.id).sort();
    expect(await ids({})).toEqual([a.imageId, b.imageId].sort());
    for (const type of ['project', 'section', 'comment', 'folder', 'product'])
      expect(await ids({ type })).toEqual([]);
    expect(await ids({ type: 'image', trash: '1' })).toEqual([a.imageId, b.imageId].sort());
    expect(await hitsOf(some, world, { keyword: 'русский' })).toEqual([]);
    expect((await search(some, world, { keyword: 'comet', project_id: elsewhere })).code).toBe(
      Codes.PROJECT_NOT_FOUND.code,
    );
    const otherTeam = await search(some, world, { keyword: 'comet', team_id: world.strangerTeam.id });
    expect(otherTeam.code).toBe(Codes.TEAM_NOT_FOUND.code);

    const whole = await openedLink(world, linked, { scope: 'project', rights: ALL_RIGHTS });
    const all = await hitsOf(whole, world, { keyword: 'comet' });
    expect(all.map((hit) => hit.id).sort()).toEqual([a.imageId, b.imageId, c.imageId, picker.imageId].sort());
    expect(all.every((hit) => hit.kind === 'image' && hit.project_id === linked)).toBe(true);
    expect(await hitsOf(whole, world, { keyword: 'русский' })).toMatchObject([
      { id: picker.imageId, matched: 'text', layer_id: await textLayerId(world, picker, 'русский') },
    ]);

    const revoked = await world.member.api.delete('/api/sharesvc/link', { link_id: some.link.id });
    expect(revoked.code, revoked.msg).toBe(OK);
    expect((await search(some, world, { keyword: 'comet' })).code).toBe(Codes.SHARE_REVOKED.code);
  });

  it('searches the version a link is fixed to, not texts or pictures uploaded since', async () => {
    const linked = await newProject(world);
    const ledger = await uploadFile(world, linked, 'Ledger.psd', fixture('agpsd-text-chinese.psd'));
    await runJobsOnce(server.ctx);
    const uptoken = await fetchUptoken(server.app, world.team.owner.token, world.team.id);
    const posted = await postToStorage(server.app, uptoken, {
      name: 'Ledger.svg',
      data: fixture('wikimediaui-language_selectors_states_expanded_layout_02.svg'),
    });
    const newer = await world.owner.api.put('/api/project/version', {
      team_id: world.team.id,
      project_id: linked,
      image_ids: [ledger.imageId],
      images: [{ key: posted.key }],
    });
    expect(newer.code, newer.msg).toBe(OK);
    await runJobsOnce(server.ctx);
    const [first] = ledger.versionIds;
    const pinned = await openedLink(world, linked, {
      scope: 'design',
      design_ids: [ledger.imageId],
      version_id: first,
    });
    expect(await hitsOf(pinned, world, { keyword: 'русский' })).toEqual([]);
    const [hit] = await hitsOf(pinned, world, { keyword: '应收' });
    expect(hit).toMatchObject({
      id: ledger.imageId,
      matched: 'text',
      version_id: first,
      snippet: '应收：2908',
    });
    const [byName] = await hitsOf(pinned, world, { keyword: 'ledger' });
    expect(byName).toMatchObject({ id: ledger.imageId, version_id: first });
    // A member sees the current version.
    expect(await hitsOf(world.member, world, { keyword: 'русский', project_id: linked })).toHaveLength(1);
  });
});
