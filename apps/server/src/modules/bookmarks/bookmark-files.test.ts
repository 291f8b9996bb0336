import { BookmarkLimits, Codes } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/context.js';
import { pngImage } from '../../test/files.js';
import { buildWorld, newProject, OK, type World } from '../comments/fixtures.js';
import { projects } from '../projects/tables.js';
import {
  bookmarkForm,
  createdLinks,
  download,
  listed,
  storedFiles,
  temporaryFiles,
  uploadBookmark,
  uploaded,
} from './fixtures.js';
import { bookmarks } from './tables.js';

/** File bookmarks: uploaded through a multipart form, kept in storage, downloaded as attachments. */

let server: TestServer;
let world: World;

beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server);
});
afterAll(() => server.close());

const fields = (projectId: string, extra: Record<string, string> = {}) => ({
  team_id: world.team.id,
  project_id: projectId,
  ...extra,
});

describe('uploading and downloading a file', () => {
  it('stores the file, names the bookmark after it, and gives back the same bytes as an attachment', async () => {
    const project = await newProject(world);
    const data = Buffer.from('%PDF-1.4\n% not really a document, but it starts like one\n');
    const bookmark = await uploaded(world, world.member, project, { name: '需求 说明.pdf', data });
    expect(bookmark).toMatchObject({
      type: 'file',
      name: '需求 说明.pdf',
      filename: '需求 说明.pdf',
      url: '',
      size: data.length,
      order: 1,
      created_by: world.member.id,
    });
    expect(await storedFiles(world, project)).toHaveLength(1);

    // An onlooker may download.
    const response = await download(world, world.viewer, bookmark.id);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(data)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="__ __.pdf"; filename*=UTF-8''${encodeURIComponent('需求 说明.pdf')}`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('takes a name from the form, and serves what is not a known safe type as plain bytes', async () => {
    const project = await newProject(world);
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const page = await uploaded(world, world.member, project, { name: 'page.html', data: html }, ' Mock ');
    expect(page).toMatchObject({ name: 'Mock', filename: 'page.html', size: html.length });
    const served = await download(world, world.owner, page.id);
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="page.html"/);
    expect(served.payload).toBe(html.toString());

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const drawing = await uploaded(world, world.member, project, { name: 'logo.svg', data: svg });
    expect((await download(world, world.owner, drawing.id)).headers['content-type']).toBe(
      'application/octet-stream',
    );
    const png = pngImage();
    const picture = await uploaded(world, world.member, project, { name: 'dot.png', data: png });
    const pictureAnswer = await download(world, world.owner, picture.id);
    expect(pictureAnswer.headers['content-type']).toBe('image/png');
    expect(pictureAnswer.rawPayload.equals(png)).toBe(true);
  });

  it('refuses a download of a link, of another team, or of a missing bookmark', async () => {
    const project = await newProject(world);
    const [link] = await createdLinks(world.member, world, project, [
      { name: 'L', url: 'https://a.example' },
    ]);
    const file = await uploaded(world, world.member, project, { name: 'a.txt', data: Buffer.from('a') });
    const codeOf = async (response: Awaited<ReturnType<typeof download>>) => response.json().code;
    expect(await codeOf(await download(world, world.member, link.id))).toBe(Codes.NOT_FOUND.code);
    expect(await codeOf(await download(world, world.member, 'not-an-id'))).toBe(Codes.NOT_FOUND.code);
    const stranger = await download(world, world.stranger, file.id, world.strangerTeam.id);
    expect(stranger.headers['content-disposition']).toBeUndefined();
    expect(await codeOf(stranger)).toBe(Codes.PROJECT_NOT_FOUND.code);
    expect(await codeOf(await download(world, world.stranger, file.id))).toBe(Codes.TEAM_NOT_FOUND.code);
  });
});

describe('refused uploads leave no row and no file', () => {
  it('refuses a file name over 100 characters with the spec’s wording', async () => {
    const project = await newProject(world);
    const name = `${'长'.repeat(BookmarkLimits.fileNameMaxLength - 3)}.txt`;
    const answer = await uploadBookmark(world, world.member, fields(project), {
      name,
      data: Buffer.from('x'),
    });
    expect(answer.code).toBe(Codes.BOOKMARK_FILE_NAME_TOO_LONG.code);
    expect(answer.msg).toBe('Upload failed: the file name is too long. Rename the file and try again');
    const zh = await server.app.inject({
      method: 'POST',
      url: '/api/project/bookmark/file',
      ...withAuth(bookmarkForm(fields(project), { name, data: Buffer.from('x') }), 'zh-CN'),
    });
    expect(zh.json().msg).toBe('上传失败：文件名称过长，请修改后重试');
    expect((await listed(world.owner, world, project)).total).toBe(0);
    expect(await storedFiles(world, project)).toEqual([]);
    // Exactly 100 characters is fine.
    const fits = `${'长'.repeat(BookmarkLimits.fileNameMaxLength - 4)}.txt`;
    await uploaded(world, world.member, project, { name: fits, data: Buffer.from('x') });
  });

  it('refuses a file whose name, taken as the bookmark’s, breaks the name rule', async () => {
    const project = await newProject(world);
    const answer = await uploadBookmark(world, world.member, fields(project), {
      name: 'a\tb.txt',
      data: Buffer.from('x'),
    });
    expect(answer.code, answer.msg).toBe(Codes.INVALID_INPUT.code);
    expect((await listed(world.owner, world, project)).total).toBe(0);
    expect(await storedFiles(world, project)).toEqual([]);
    // Named in the form, the file's own name needs no more than to be a file name.
    const named = await uploaded(
      world,
      world.member,
      project,
      { name: 'a\tb.txt', data: Buffer.from('x') },
      'Spec',
    );
    expect(named).toMatchObject({ name: 'Spec', filename: 'a\tb.txt' });
  });

  it('refuses a file over 20 MB, by its declared length or while it streams', async () => {
    const project = await newProject(world);
    const over = Buffer.alloc(BookmarkLimits.fileMaxBytes + 1, 1);
    const streamed = await uploadBookmark(world, world.member, fields(project), {
      name: 'big.bin',
      data: over,
    });
    expect(streamed.code).toBe(Codes.BOOKMARK_FILE_TOO_LARGE.code);
    const huge = Buffer.alloc(BookmarkLimits.fileMaxBytes + 128 * 1024, 1);
    const declared = await uploadBookmark(world, world.member, fields(project), {
      name: 'big.bin',
      data: huge,
    });
    expect(declared.code).toBe(Codes.BOOKMARK_FILE_TOO_LARGE.code);
    expect((await listed(world.owner, world, project)).total).toBe(0);
    expect(await storedFiles(world, project)).toEqual([]);
    expect(await temporaryFiles(world)).toEqual([]);
    // The limit itself fits.
    const exact = Buffer.alloc(BookmarkLimits.fileMaxBytes, 2);
    const kept = await uploaded(world, world.member, project, { name: 'exact.bin', data: exact });
    expect(kept.size).toBe(BookmarkLimits.fileMaxBytes);
  });

  it('refuses an onlooker, another team, a form without a file and a project at its limit', async () => {
    const project = await newProject(world);
    const file = { name: 'a.txt', data: Buffer.from('a') };
    expect((await uploadBookmark(world, world.viewer, fields(project), file)).code).toBe(
      Codes.NO_PERMISSION.code,
    );
    const stranger = await uploadBookmark(
      world,
      world.stranger,
      { team_id: world.strangerTeam.id, project_id: project },
      file,
    );
    expect(stranger.code).toBe(Codes.PROJECT_NOT_FOUND.code);
    expect((await uploadBookmark(world, world.member, fields(project))).code).toBe(Codes.INVALID_INPUT.code);
    expect((await uploadBookmark(world, world.member, { team_id: world.team.id }, file)).code).toBe(
      Codes.INVALID_INPUT.code,
    );
    expect(await storedFiles(world, project)).toEqual([]);

    const full = BookmarkLimits.perProject;
    await server.ctx.db.insert(bookmarks).values(
      Array.from({ length: full }, (_, n) => ({
        projectId: project,
        type: 'url' as const,
        name: `L${n}`,
        url: 'https://a.example',
        sortOrder: n + 1,
      })),
    );
    expect((await uploadBookmark(world, world.member, fields(project), file)).code).toBe(
      Codes.BOOKMARK_LIMIT.code,
    );
    expect(await storedFiles(world, project)).toEqual([]);
    expect((await listed(world.owner, world, project)).total).toBe(full);
  });

  it('answers that the project is gone when it goes while the file streams, and removes the file', async () => {
    const project = await newProject(world);
    // The project goes while the file streams: the insert then fails on the project's foreign key.
    const store = server.ctx.files;
    const original = store.putStream.bind(store);
    store.putStream = async (key, source, beforeCommit) => {
      const size = await original(key, source, beforeCommit);
      await server.ctx.db.delete(projects).where(eq(projects.id, project));
      return size;
    };
    try {
      const answer = await uploadBookmark(world, world.member, fields(project), {
        name: 'a.txt',
        data: Buffer.from('a'),
      });
      expect(answer.code, answer.msg).toBe(Codes.PROJECT_NOT_FOUND.code);
    } finally {
      store.putStream = original;
    }
    expect(await storedFiles(world, project)).toEqual([]);
  });
});

describe('files go with their bookmark and their project', () => {
  it('deleting a bookmark removes its file from storage', async () => {
    const project = await newProject(world);
    const a = await uploaded(world, world.member, project, { name: 'a.txt', data: Buffer.from('a') });
    const b = await uploaded(world, world.member, project, { name: 'b.txt', data: Buffer.from('b') });
    expect(await storedFiles(world, project)).toHaveLength(2);
    const removed = await world.member.api.delete('/api/project/bookmark', {
      project_id: project,
      bookmark_id: a.id,
    });
    expect(removed.code, removed.msg).toBe(OK);
    expect(await storedFiles(world, project)).toHaveLength(1);
    expect((await download(world, world.member, b.id)).payload).toBe('b');
    expect((await download(world, world.member, a.id)).json().code).toBe(Codes.NOT_FOUND.code);
  });

  it('deleting the project removes its bookmarks’ files', async () => {
    const created = await world.owner.api.post('/api/project/project_info', {
      team_id: world.team.id,
      name: 'Doomed',
    });
    const project = created.result.id as string;
    await uploaded(world, world.owner, project, { name: 'a.txt', data: Buffer.from('a') });
    expect(await storedFiles(world, project)).toHaveLength(1);
    const deleted = await world.owner.api.delete('/api/project/project_info', {
      team_id: world.team.id,
      project_id: project,
      p_name: 'Doomed',
    });
    expect(deleted.code, deleted.msg).toBe(OK);
    expect(await storedFiles(world, project)).toEqual([]);
  });

  it('deletes the project when storage fails to remove its cover, and still removes the files', async () => {
    const created = await world.owner.api.post('/api/project/project_info', {
      team_id: world.team.id,
      name: 'Covered',
    });
    const project = created.result.id as string;
    await uploaded(world, world.owner, project, { name: 'a.txt', data: Buffer.from('a') });
    await server.ctx.db
      .update(projects)
      .set({ coverKey: `covers/${project}.png` })
      .where(eq(projects.id, project));
    const store = server.ctx.files;
    const original = store.remove.bind(store);
    store.remove = async () => {
      throw new Error('storage is down');
    };
    try {
      const deleted = await world.owner.api.delete('/api/project/project_info', {
        team_id: world.team.id,
        project_id: project,
        p_name: 'Covered',
      });
      expect(deleted.code, deleted.msg).toBe(OK);
    } finally {
      store.remove = original;
    }
    expect(await storedFiles(world, project)).toEqual([]);
  });
});

function withAuth(form: ReturnType<typeof bookmarkForm>, lang: string) {
  const authorization = `Basic ${Buffer.from(`${world.member.token}:`).toString('base64')}`;
  return { headers: { ...form.headers, authorization, 'accept-language': lang }, payload: form.payload };
}
