import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import {
  BookmarkLimits,
  bookmarkFileFields,
  bookmarkFileQuery,
  bookmarkNameSchema,
  hasControlChar,
  SNIFF_HEAD_BYTES,
} from '@ferry/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { bodyParts } from '../../http/multipart.js';
import { parse } from '../../http/parse.js';
import { signalProjectChange } from '../../realtime/signals.js';
import { projectAccessFor } from '../projects/policy.js';
import { projectFilesDir } from '../projects/service.js';
import { attachmentDisposition } from '../storage/files.js';
import { CONTENT_TYPES, type SniffedType, sniffType } from '../storage/sniff.js';
import {
  bookmarksOfProject,
  insertBookmarks,
  present,
  projectOfBookmark,
  removeFile,
  requireRoom,
} from './service.js';

/** The largest form: a file of the most bytes, with room for the fields and the multipart framing. */
export const MAX_FORM_BYTES = BookmarkLimits.fileMaxBytes + 64 * 1024;

/** Types told by the leading bytes that are served as such; anything else (SVG runs script) is plain bytes. */
const SAFE_TYPES: SniffedType[] = ['png', 'jpeg', 'gif', 'webp', 'bmp', 'tiff', 'pdf', 'psd'];
const OCTET_STREAM = 'application/octet-stream';

/**
 * `POST project/bookmark/file`: the form's fields (team_id, project_id, name) come before the file, so rights,
 * name and room are checked before a byte of it is stored. The file is streamed to storage under a byte limit
 * (an oversized one is dropped, never kept); its row is written after, and a failed write removes the file.
 */
export async function receiveBookmarkFile(ctx: AppContext, userId: string, request: FastifyRequest) {
  if (!request.isMultipart()) throw fail('INVALID_INPUT', NO_FILE);
  if (Number(request.headers['content-length']) > MAX_FORM_BYTES) throw fail('BOOKMARK_FILE_TOO_LARGE');
  const fields: Record<string, string> = {};
  const parts = request.parts({
    // One byte past the limit reaches the counter below, which refuses it; the parser alone would cut silently.
    limits: { fileSize: BookmarkLimits.fileMaxBytes + 1, files: 1, fields: 8, fieldSize: 4096 },
  });
  for await (const part of bodyParts(parts)) {
    if (part.type === 'field') fields[part.fieldname] = String(part.value);
    else return storeFile(ctx, userId, parse(bookmarkFileFields, fields), part);
  }
  throw fail('INVALID_INPUT', NO_FILE);
}

const NO_FILE = { zh: '请选择要上传的文件', en: 'Choose a file to upload' };

async function storeFile(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof bookmarkFileFields>,
  part: MultipartFile,
) {
  const access = await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'edit');
  const projectId = access.project.id;
  const fileName = part.filename.trim();
  if (fileName === '' || hasControlChar(fileName)) throw fail('INVALID_INPUT', NO_FILE);
  if (fileName.length > BookmarkLimits.fileNameMaxLength) throw fail('BOOKMARK_FILE_NAME_TOO_LONG');
  // Named after the file unless told: the name then passes the rule any bookmark name passes (19001).
  const name = input.name ?? parse(bookmarkNameSchema, fileName);
  await requireRoom(ctx.db, projectId, 1);

  const key = `${projectFilesDir(projectId)}bookmarks/${randomUUID()}`;
  const head: Buffer[] = [];
  let size: number;
  try {
    size = await ctx.files.putStream(key, capped(bodyParts(part.file), head));
  } catch (error) {
    if (error instanceof TooLarge || part.file.truncated) throw fail('BOOKMARK_FILE_TOO_LARGE');
    throw error;
  }
  const type = sniffType(Buffer.concat(head));
  try {
    const [row] = await insertBookmarks(ctx, userId, projectId, [
      {
        type: 'file',
        name,
        fileKey: key,
        fileName,
        fileSize: size,
        contentType: type && SAFE_TYPES.includes(type) ? CONTENT_TYPES[type] : OCTET_STREAM,
      },
    ]);
    await signalProjectChange(ctx, access.project, 'bookmarks');
    return { bookmark: present(row) };
  } catch (error) {
    await removeFile(ctx, key);
    throw error;
  }
}

class TooLarge extends Error {}

/** The file's chunks up to the limit, keeping the leading bytes for the type; one byte past it throws. */
async function* capped(chunks: AsyncIterable<Buffer>, head: Buffer[]) {
  let total = 0;
  for await (const chunk of chunks) {
    if (total < SNIFF_HEAD_BYTES) head.push(chunk.subarray(0, SNIFF_HEAD_BYTES - total));
    total += chunk.length;
    if (total > BookmarkLimits.fileMaxBytes) throw new TooLarge();
    yield chunk;
  }
}

/**
 * `GET project/bookmark/file`: the file as an attachment under its uploaded name, never shown in place: the
 * stored type is a known safe one or plain bytes, and the browser is told not to guess another.
 */
export async function sendBookmarkFile(
  ctx: AppContext,
  userId: string,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const input = parse(bookmarkFileQuery, request.query);
  const bookmark = await fileBookmark(ctx, userId, input);
  const data = bookmark.fileKey ? await ctx.files.read(bookmark.fileKey) : null;
  if (!data) throw fail('NOT_FOUND');
  return reply
    .header('content-type', bookmark.contentType ?? OCTET_STREAM)
    .header('content-disposition', attachmentDisposition(bookmark.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(data);
}

/** The file bookmark the query names, once the caller may see its project; a link or another id is 19007. */
async function fileBookmark(ctx: AppContext, userId: string, input: z.infer<typeof bookmarkFileQuery>) {
  const projectId = input.project_id ?? (await projectOfBookmark(ctx.db, input.bookmark_id));
  const access = await projectAccessFor(ctx.db, userId, input.team_id, projectId, 'view');
  const [found] = await bookmarksOfProject(ctx.db, access.project.id, [input.bookmark_id]);
  if (found.type !== 'file') throw fail('NOT_FOUND');
  return found;
}
