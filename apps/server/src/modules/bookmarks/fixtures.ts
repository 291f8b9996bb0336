import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { BookmarkPage, BookmarkView } from '@ferry/shared';
import { expect } from 'vitest';
import { OK, type Person, type World } from '../comments/fixtures.js';

/** Helpers of the bookmark tests: calls as a person, real multipart forms, the files on disk. */

export interface FormFile {
  name: string;
  data: Buffer;
  contentType?: string;
}

/** A multipart/form-data body as a browser sends it: the fields first, then the file (when there is one). */
export function bookmarkForm(fields: Record<string, string>, file?: FormFile) {
  const boundary = `----ferry${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const authorization = (who: Person) => `Basic ${Buffer.from(`${who.token}:`).toString('base64')}`;

/** `POST project/bookmark/file` with a real multipart body; answers the unwrapped envelope. */
export async function uploadBookmark(
  world: World,
  who: Person,
  fields: Record<string, string>,
  file?: FormFile,
) {
  const form = bookmarkForm(fields, file);
  const response = await world.server.app.inject({
    method: 'POST',
    url: '/api/project/bookmark/file',
    headers: { ...form.headers, authorization: authorization(who), 'accept-language': 'en-US' },
    payload: form.payload,
  });
  const body = response.json();
  return { status: response.statusCode, code: body.code as string, msg: body.msg as string, body };
}

/** An upload that must succeed: the new bookmark. */
export async function uploaded(world: World, who: Person, projectId: string, file: FormFile, name?: string) {
  const answer = await uploadBookmark(
    world,
    who,
    { team_id: world.team.id, project_id: projectId, ...(name === undefined ? {} : { name }) },
    file,
  );
  expect(answer.code, answer.msg).toBe(OK);
  return answer.body.result.bookmark as BookmarkView;
}

/** `GET project/bookmark/file` as it reaches the browser: status, headers and the raw bytes. */
export function download(world: World, who: Person, bookmarkId: string, teamId = world.team.id) {
  return world.server.app.inject({
    method: 'GET',
    url: `/api/project/bookmark/file?bookmark_id=${bookmarkId}&team_id=${teamId}`,
    headers: { authorization: authorization(who), 'accept-language': 'en-US' },
  });
}

export async function listed(who: Person, world: World, projectId: string, query = '') {
  const answer = await who.api.get<BookmarkPage>(
    `/api/project/bookmark?project_id=${projectId}&team_id=${world.team.id}${query}`,
  );
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result;
}

export function createLinks(who: Person, world: World, projectId: string, links: unknown[]) {
  return who.api.post<{ bookmarks: BookmarkView[] }>('/api/project/bookmark', {
    team_id: world.team.id,
    project_id: projectId,
    bookmarks: links,
  });
}

export async function createdLinks(who: Person, world: World, projectId: string, links: unknown[]) {
  const answer = await createLinks(who, world, projectId, links);
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result.bookmarks;
}

/** The files stored for a project's bookmarks, on the local disk (an empty list when there are none). */
export async function storedFiles(world: World, projectId: string) {
  const folder = path.join(world.server.ctx.config.dataDir, 'files', 'project-files', projectId, 'bookmarks');
  return readdir(folder).catch(() => [] as string[]);
}

/** Temporary files left in the store's half-written folder. */
export async function temporaryFiles(world: World) {
  return readdir(path.join(world.server.ctx.config.dataDir, 'files', '.tmp')).catch(() => [] as string[]);
}
