import { BookmarkLimits, type BookmarkView, Codes } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/context.js';
import { TestSocket } from '../../test/sockets.js';
import { buildWorld, newProject, OK, type World } from '../comments/fixtures.js';
import { createdLinks, createLinks, listed, uploaded } from './fixtures.js';

/** Project bookmarks (spec 001 §3, §7, §9): named web links kept with a project, in an order. */

let server: TestServer;
let world: World;

beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server);
});
afterAll(() => server.close());

const link = (n: number) => ({ name: `Link ${n}`, url: `https://example.com/${n}` });
const names = (bookmarks: BookmarkView[]) => bookmarks.map((bookmark) => bookmark.name);

describe('creating and listing links', () => {
  it('adds links last in the given order and lists them to anyone who sees the project', async () => {
    const project = await newProject(world);
    const first = await createdLinks(world.member, world, project, [
      { name: '  Spec  ', url: 'https://example.com/spec' },
    ]);
    expect(first[0]).toMatchObject({
      project_id: project,
      name: 'Spec',
      type: 'url',
      url: 'https://example.com/spec',
      filename: '',
      size: 0,
      order: 1,
      click_count: 0,
      created_by: world.member.id,
      bookmark_id: first[0].id,
    });
    const more = await createdLinks(world.member, world, project, [link(2), link(3)]);
    expect(more.map((b) => b.order)).toEqual([2, 3]);
    const page = await listed(world.viewer, world, project);
    expect(page).toEqual({ bookmarks: [...first, ...more], total: 3, has_next: false });
  });

  it('refuses every address but an absolute http or https one, writing nothing of the batch', async () => {
    const project = await newProject(world);
    const refused = [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://example.com/file',
      '/relative/path',
      'example.com',
      'https://exa mple.com',
      '',
    ];
    for (const url of refused) {
      const answer = await createLinks(world.member, world, project, [link(1), { name: 'Bad', url }]);
      expect(answer.code, url).toBe(Codes.BOOKMARK_URL_INVALID.code);
    }
    expect((await listed(world.owner, world, project)).total).toBe(0);
    await createdLinks(world.member, world, project, [
      { name: 'Plain', url: 'http://intranet.local:8080/a?b=c#d' },
    ]);
  });

  it('checks names and batch sizes', async () => {
    const project = await newProject(world);
    const create = (links: unknown[]) => createLinks(world.member, world, project, links);
    expect((await create([{ name: '   ', url: 'https://a.example' }])).code).toBe(Codes.INVALID_INPUT.code);
    const long = 'n'.repeat(BookmarkLimits.nameMaxLength + 1);
    expect((await create([{ name: long, url: 'https://a.example' }])).msg).toMatch(/at most 100/);
    expect((await create([{ name: 'a\nb', url: 'https://a.example' }])).code).toBe(Codes.INVALID_INPUT.code);
    expect((await create([])).code).toBe(Codes.INVALID_INPUT.code);
    const tooMany = Array.from({ length: BookmarkLimits.batchMax + 1 }, (_, n) => link(n));
    expect((await create(tooMany)).code).toBe(Codes.INVALID_INPUT.code);
    const longUrl = `https://example.com/${'a'.repeat(BookmarkLimits.urlMaxLength)}`;
    expect((await create([{ name: 'Long', url: longUrl }])).code).toBe(Codes.INVALID_INPUT.code);
    const exact = 'n'.repeat(BookmarkLimits.nameMaxLength);
    await createdLinks(world.member, world, project, [{ name: exact, url: 'https://a.example' }]);
  });

  it('holds at most 200 bookmarks per project, links and files together', async () => {
    const project = await newProject(world);
    const batch = (from: number, n: number) => Array.from({ length: n }, (_, i) => link(from + i));
    for (let from = 0; from < BookmarkLimits.perProject - 2; from += BookmarkLimits.batchMax) {
      const n = Math.min(BookmarkLimits.batchMax, BookmarkLimits.perProject - 2 - from);
      await createdLinks(world.member, world, project, batch(from, n));
    }
    await uploaded(world, world.member, project, { name: 'notes.txt', data: Buffer.from('notes') });
    // One more fits, two do not: nothing of the refused batch is written.
    expect((await createLinks(world.member, world, project, batch(500, 2))).code).toBe(
      Codes.BOOKMARK_LIMIT.code,
    );
    await createdLinks(world.member, world, project, batch(600, 1));
    expect((await createLinks(world.member, world, project, batch(700, 1))).code).toBe(
      Codes.BOOKMARK_LIMIT.code,
    );
    const page = await listed(world.owner, world, project);
    expect(page.total).toBe(BookmarkLimits.perProject);
    expect(page.bookmarks.map((b) => b.order)).toEqual(
      Array.from({ length: BookmarkLimits.perProject }, (_, n) => n + 1),
    );
  });
});

describe('pages and types', () => {
  it('pages by pageNo and pageSize with total and has_next, and filters by bookmark_types', async () => {
    const project = await newProject(world);
    await createdLinks(world.member, world, project, [link(1), link(2)]);
    await uploaded(world, world.member, project, { name: 'a.txt', data: Buffer.from('a') });
    await createdLinks(world.member, world, project, [link(4), link(5)]);

    const first = await listed(world.viewer, world, project, '&pageNo=1&pageSize=2');
    expect(names(first.bookmarks)).toEqual(['Link 1', 'Link 2']);
    expect(first).toMatchObject({ total: 5, has_next: true });
    const third = await listed(world.viewer, world, project, '&pageNo=3&pageSize=2');
    expect(names(third.bookmarks)).toEqual(['Link 5']);
    expect(third).toMatchObject({ total: 5, has_next: false });
    const past = await listed(world.viewer, world, project, '&pageNo=9&pageSize=2');
    expect(past).toEqual({ bookmarks: [], total: 5, has_next: false });
    expect((await listed(world.viewer, world, project, '&pageSize=9999999')).bookmarks).toHaveLength(5);

    const files = await listed(world.viewer, world, project, '&bookmark_types=file');
    expect(files).toMatchObject({ total: 1, has_next: false });
    expect(files.bookmarks.map((b) => [b.name, b.type])).toEqual([['a.txt', 'file']]);
    const urls = await listed(world.viewer, world, project, '&bookmark_types=url&pageSize=3');
    expect(names(urls.bookmarks)).toEqual(['Link 1', 'Link 2', 'Link 4']);
    expect(urls).toMatchObject({ total: 4, has_next: true });
    expect((await listed(world.viewer, world, project, '&bookmark_types=url,file')).total).toBe(5);

    const bad = (query: string) =>
      world.viewer.api.get(`/api/project/bookmark?project_id=${project}&team_id=${world.team.id}${query}`);
    expect((await bad('&bookmark_types=folder')).code).toBe(Codes.INVALID_INPUT.code);
    expect((await bad('&pageNo=0')).code).toBe(Codes.INVALID_INPUT.code);
  });
});

describe('editing, moving, deleting and clicking', () => {
  it('renames, changes the address, and refuses a bad one', async () => {
    const project = await newProject(world);
    const [one] = await createdLinks(world.member, world, project, [link(1)]);
    const put = (body: Record<string, unknown>) =>
      world.member.api.put<BookmarkView>('/api/project/bookmark', {
        project_id: project,
        bookmark_id: one.id,
        ...body,
      });
    const edited = await put({ name: ' Docs ', url: 'https://docs.example.com' });
    expect(edited.code, edited.msg).toBe(OK);
    expect(edited.result).toMatchObject({
      id: one.id,
      name: 'Docs',
      url: 'https://docs.example.com',
      order: 1,
    });
    expect((await put({ url: 'javascript:alert(1)' })).code).toBe(Codes.BOOKMARK_URL_INVALID.code);
    expect((await put({ name: '' })).code).toBe(Codes.INVALID_INPUT.code);
    const [file] = [await uploaded(world, world.member, project, { name: 'f.txt', data: Buffer.from('f') })];
    const onFile = await world.member.api.put('/api/project/bookmark', {
      project_id: project,
      bookmark_id: file.id,
      url: 'https://example.com',
    });
    expect(onFile.code).toBe(Codes.INVALID_INPUT.code);
    expect((await listed(world.owner, world, project)).bookmarks[0]).toMatchObject({ name: 'Docs' });
  });

  it('moves one bookmark to a new place and renumbers the rest', async () => {
    const project = await newProject(world);
    const made = await createdLinks(world.member, world, project, [1, 2, 3, 4].map(link));
    const move = async (bookmark: BookmarkView, order: number) => {
      const answer = await world.member.api.put<BookmarkView>('/api/project/bookmark', {
        project_id: project,
        bookmark_id: bookmark.id,
        order,
      });
      expect(answer.code, answer.msg).toBe(OK);
      expect(answer.result.order).toBe(Math.min(order, made.length));
      const page = await listed(world.viewer, world, project);
      expect(page.bookmarks.map((b) => b.order)).toEqual([1, 2, 3, 4]);
      return names(page.bookmarks);
    };
    expect(await move(made[3], 1)).toEqual(['Link 4', 'Link 1', 'Link 2', 'Link 3']);
    expect(await move(made[3], 3)).toEqual(['Link 1', 'Link 2', 'Link 4', 'Link 3']);
    expect(await move(made[0], 99)).toEqual(['Link 2', 'Link 4', 'Link 3', 'Link 1']);
    const zero = await world.member.api.put('/api/project/bookmark', {
      project_id: project,
      bookmark_id: made[0].id,
      order: 0,
    });
    expect(zero.code).toBe(Codes.INVALID_INPUT.code);
  });

  it('deletes bookmarks named one by one or as a list, renumbering what is left', async () => {
    const project = await newProject(world);
    const made = await createdLinks(world.member, world, project, [1, 2, 3, 4, 5].map(link));
    const one = await world.member.api.delete('/api/project/bookmark', {
      project_id: project,
      bookmark_id: made[1].id,
    });
    expect(one.code, one.msg).toBe(OK);
    expect(one.result).toEqual({ bookmarks: [made[1].id] });
    const list = await world.member.api.delete('/api/project/bookmark', {
      project_id: project,
      bookmarks: `${made[0].id},${made[3].id}`,
    });
    expect(list.result.bookmarks.sort()).toEqual([made[0].id, made[3].id].sort());
    const page = await listed(world.viewer, world, project);
    expect(page.bookmarks.map((b) => [b.name, b.order])).toEqual([
      ['Link 3', 1],
      ['Link 5', 2],
    ]);
    // Added after deletions: last again.
    const [next] = await createdLinks(world.member, world, project, [link(6)]);
    expect(next.order).toBe(3);
  });

  it('counts clicks, one each, for anyone who sees the project', async () => {
    const project = await newProject(world);
    const [one] = await createdLinks(world.member, world, project, [link(1)]);
    const click = (who = world.viewer) =>
      who.api.post('/api/project/bookmark/click', { project_id: project, bookmark_id: one.id });
    const clicks = await Promise.all([click(), click(), click(world.member), click(world.owner)]);
    expect(clicks.map((answer) => answer.code)).toEqual([OK, OK, OK, OK]);
    expect(clicks.map((answer) => answer.result.click_count).sort()).toEqual([1, 2, 3, 4]);
    expect((await click()).result).toEqual({ bookmark_id: one.id, click_count: 5 });
    // The spec sends only the bookmark: its project is found from it.
    const alone = await world.viewer.api.post('/api/project/bookmark/click', { bookmark_id: one.id });
    expect(alone.code, alone.msg).toBe(OK);
    expect(alone.result).toEqual({ bookmark_id: one.id, click_count: 6 });
    expect((await listed(world.owner, world, project)).bookmarks[0].click_count).toBe(6);
  });

  it('counts a click named by the bookmark alone only for someone who sees its project', async () => {
    const closed = await newProject(world, { mode: 'B', roles: [[world.author, 'member']] });
    const [one] = await createdLinks(world.author, world, closed, [link(1)]);
    const click = (who: typeof world.member, body: Record<string, string> = {}) =>
      who.api.post('/api/project/bookmark/click', { bookmark_id: one.id, ...body });
    const outsider = await click(world.member);
    expect([outsider.status, outsider.code]).toEqual([418, Codes.NOT_ALLOWED.code]);
    expect((await click(world.stranger)).code).toBe(Codes.PROJECT_NOT_FOUND.code);
    const elsewhere = await newProject(world);
    expect((await click(world.member, { project_id: elsewhere })).code).toBe(Codes.NOT_FOUND.code);
    expect((await click(world.member, { bookmark_id: crypto.randomUUID() })).code).toBe(Codes.NOT_FOUND.code);
    expect((await listed(world.owner, world, closed)).bookmarks[0].click_count).toBe(0);
    expect((await click(world.author)).result).toEqual({ bookmark_id: one.id, click_count: 1 });
  });
});

describe('who may read and change bookmarks', () => {
  it('lets an onlooker list and click but not create, edit or delete', async () => {
    const project = await newProject(world);
    const [mine] = await createdLinks(world.member, world, project, [link(1)]);
    const { viewer } = world;
    expect((await createLinks(viewer, world, project, [link(2)])).code).toBe(Codes.NO_PERMISSION.code);
    const put = await viewer.api.put('/api/project/bookmark', {
      project_id: project,
      bookmark_id: mine.id,
      name: 'Mine now',
    });
    expect(put.code).toBe(Codes.NO_PERMISSION.code);
    const removed = await viewer.api.delete('/api/project/bookmark', {
      project_id: project,
      bookmark_id: mine.id,
    });
    expect(removed.code).toBe(Codes.NO_PERMISSION.code);
    const click = await viewer.api.post('/api/project/bookmark/click', {
      project_id: project,
      bookmark_id: mine.id,
    });
    expect(click.code, click.msg).toBe(OK);
    expect((await listed(viewer, world, project)).bookmarks).toEqual([{ ...mine, click_count: 1 }]);
  });

  it('refuses someone of another team, whichever team they name', async () => {
    const project = await newProject(world);
    const [one] = await createdLinks(world.member, world, project, [link(1)]);
    const { stranger, strangerTeam } = world;
    for (const teamId of [world.team.id, strangerTeam.id]) {
      const expected = teamId === world.team.id ? Codes.TEAM_NOT_FOUND.code : Codes.PROJECT_NOT_FOUND.code;
      const read = await stranger.api.get(`/api/project/bookmark?project_id=${project}&team_id=${teamId}`);
      expect(read.code).toBe(expected);
      const body = { team_id: teamId, project_id: project };
      expect((await stranger.api.post('/api/project/bookmark', { ...body, bookmarks: [link(2)] })).code).toBe(
        expected,
      );
      const ref = { ...body, bookmark_id: one.id };
      expect((await stranger.api.put('/api/project/bookmark', { ...ref, name: 'x' })).code).toBe(expected);
      expect((await stranger.api.delete('/api/project/bookmark', ref)).code).toBe(expected);
      expect((await stranger.api.post('/api/project/bookmark/click', ref)).code).toBe(expected);
    }
    expect((await listed(world.owner, world, project)).bookmarks).toEqual([one]);
  });

  it('answers 19007 for a bookmark of another project, and changes nothing', async () => {
    const project = await newProject(world);
    const other = await newProject(world);
    const [mine] = await createdLinks(world.member, world, project, [link(1)]);
    const [theirs] = await createdLinks(world.member, world, other, [link(2)]);
    const ref = { project_id: project, bookmark_id: theirs.id };
    expect((await world.member.api.put('/api/project/bookmark', { ...ref, name: 'x' })).code).toBe(
      Codes.NOT_FOUND.code,
    );
    expect((await world.member.api.put('/api/project/bookmark', { ...ref, order: 1 })).code).toBe(
      Codes.NOT_FOUND.code,
    );
    const both = { project_id: project, bookmarks: [mine.id, theirs.id] };
    expect((await world.member.api.delete('/api/project/bookmark', both)).code).toBe(Codes.NOT_FOUND.code);
    expect((await world.member.api.post('/api/project/bookmark/click', ref)).code).toBe(Codes.NOT_FOUND.code);
    const notAnId = { project_id: project, bookmark_id: 'not-an-id' };
    expect((await world.member.api.delete('/api/project/bookmark', notAnId)).code).toBe(Codes.NOT_FOUND.code);
    expect((await listed(world.owner, world, project)).bookmarks).toEqual([mine]);
    expect((await listed(world.owner, world, other)).bookmarks).toEqual([theirs]);
  });
});

describe('real-time', () => {
  it('tells the sockets watching the project that its bookmarks changed, and no one else', async () => {
    const project = await newProject(world);
    const other = await newProject(world);
    const url = await server.listen();
    const watcher = await TestSocket.signedIn(url, world.viewer.token);
    const elsewhere = await TestSocket.signedIn(url, world.admin.token);
    watcher.send({ type: 'watch', teamId: world.team.id, projectId: project });
    elsewhere.send({ type: 'watch', teamId: world.team.id, projectId: other });
    await watcher.next((frame) => frame.type === 'watching');
    await elsewhere.next((frame) => frame.type === 'watching');

    const [one] = await createdLinks(world.member, world, project, [link(1)]);
    const changed = { type: 'changed', what: 'bookmarks', teamId: world.team.id, projectId: project };
    expect(await watcher.next((f) => f.type === 'changed', 'the changed frame')).toEqual(changed);
    await world.member.api.delete('/api/project/bookmark', { project_id: project, bookmark_id: one.id });
    await watcher.roundTrip();
    expect(watcher.frames.filter((f) => f.type === 'changed')).toEqual([changed, changed]);
    await elsewhere.roundTrip();
    expect(elsewhere.frames.some((f) => f.type === 'changed')).toBe(false);
    watcher.close();
    elsewhere.close();
  });
});
