import { randomUUID } from 'node:crypto';
import {
  DesignLimits,
  isSketchFileName,
  ruleMessages,
  sketchHeadOf,
  sniffDocumentContainer,
} from '@ferry/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { AppError, fail } from '../../http/errors.js';
import { headerDimensions, isTooLarge } from '../storage/dimensions.js';
import { sniffType } from '../storage/sniff.js';
import { ownerOfKey, requireUploader } from './policy.js';
import { LocalPostPolicySigner, type PostPolicySigner, uploadDir } from './post-policy.js';
import { S3PostPolicySigner } from './s3-post-policy.js';
import { uploads } from './tables.js';

/** Enough leading bytes to tell the type and, for most formats, the declared pixel size. */
const HEAD_BYTES = 64 * 1024;

export const signerOf = (ctx: AppContext): PostPolicySigner =>
  ctx.config.s3 ? new S3PostPolicySigner(ctx.config.s3) : new LocalPostPolicySigner(ctx.secrets.uploads);

export async function uploadToken(ctx: AppContext, userId: string, teamId: string, bucket?: string) {
  await requireUploader(ctx.db, userId, teamId);
  return { uptoken: signerOf(ctx).issue({ dir: uploadDir(teamId, userId), now: ctx.now(), bucket }) };
}

/** A policy for one file: its key is chosen here, keeping only a safe extension of the given name. */
export async function uploadSignature(ctx: AppContext, userId: string, teamId: string, fileName: string) {
  await requireUploader(ctx.db, userId, teamId);
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(fileName)?.[1]?.toLowerCase();
  const key = `${uploadDir(teamId, userId)}${randomUUID()}${extension ? `.${extension}` : ''}`;
  return { key, ...signerOf(ctx).issue({ key, now: ctx.now() }) };
}

/**
 * Receives a file posted with a policy. The policy, the key and the leading bytes (type, declared size) are
 * checked before anything is written; the body is then streamed to a temporary file with a byte limit. Only
 * a complete file claims its key (its row) and is moved under it, so a refused or cut upload leaves neither
 * a file nor a row: the same key can be posted again at once.
 */
export async function receiveUpload(
  ctx: AppContext,
  fields: Record<string, string | undefined>,
  file: AsyncIterable<Buffer>,
) {
  const grant = signerOf(ctx).verify(fields, ctx.now());
  const owner = ownerOfKey(grant.key);
  if (!owner) throw fail('UPLOAD_KEY_OUTSIDE');
  const name = grant.key.slice(grant.key.lastIndexOf('/') + 1);
  if (name.length > DesignLimits.fileNameMaxLength)
    throw fail('INVALID_INPUT', ruleMessages['fileName.length']);
  // Said before the body is read; the claim below is what decides a race.
  if (await isClaimed(ctx, grant.key)) throw keyTaken();
  const iterator = file[Symbol.asyncIterator]();
  const { head, ended } = await readHead(iterator);
  if (head.length > grant.maxSize) throw fail('DESIGN_TOO_LARGE');
  if (ended && head.length < Math.max(1, grant.minSize)) throw fail('UPLOAD_SIZE_OUT_OF_RANGE');
  // Product documents come this way too: ZIP and OLE containers are stored, and only their own
  // registration (documents) takes them; designs' registration refuses them by their leading bytes, or by
  // what a ZIP holds (a Sketch file is a ZIP).
  const design = sniffType(head);
  const type = design ?? sniffDocumentContainer(head);
  // Sketch before 43 saved an SQLite database: said here, as nothing of it could ever be read.
  if (!type && isSketchFileName(grant.key) && sketchHeadOf(head) === 'sqlite') throw fail('SKETCH_TOO_OLD');
  if (!type) throw fail('IMAGE_FORMAT_UNSUPPORTED');
  const declared = design && headerDimensions(head, design);
  if (declared && isTooLarge(declared, DesignLimits.maxSidePx)) throw fail('IMAGE_TOO_BIG_TO_PROCESS');

  let claimed = false;
  const claim = async (size: number) => {
    if (size < grant.minSize) throw fail('UPLOAD_SIZE_OUT_OF_RANGE');
    // A registered design's file is never replaced, and of two uploads racing for a key the first one wins.
    const [row] = await ctx.db
      .insert(uploads)
      .values({ key: grant.key, teamId: owner.teamId, userId: owner.userId, size, fileType: type })
      .onConflictDoNothing()
      .returning({ key: uploads.key });
    if (!row) throw keyTaken();
    claimed = true;
  };
  try {
    const size = await ctx.files.putStream(
      grant.key,
      limited(head, ended ? null : iterator, grant.maxSize),
      claim,
    );
    return { key: grant.key, size, file_type: type };
  } catch (error) {
    // Claimed, then the move under the key failed: the row must not outlive the file.
    if (claimed) await ctx.db.delete(uploads).where(eq(uploads.key, grant.key));
    if (isTooLargeError(error)) throw fail('DESIGN_TOO_LARGE');
    throw error;
  }
}

const keyTaken = () =>
  fail('INVALID_INPUT', { zh: '该文件已存在', en: 'A file with this key already exists' });

async function isClaimed(ctx: AppContext, key: string) {
  const [row] = await ctx.db.select({ key: uploads.key }).from(uploads).where(eq(uploads.key, key));
  return Boolean(row);
}

async function readHead(iterator: AsyncIterator<Buffer>) {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) return { head: Buffer.concat(chunks), ended: true };
    chunks.push(next.value);
    length += next.value.length;
  }
  return { head: Buffer.concat(chunks), ended: false };
}

class TooLarge extends Error {}

async function* limited(head: Buffer, rest: AsyncIterator<Buffer> | null, maxSize: number) {
  let total = head.length;
  yield head;
  if (!rest) return;
  for (;;) {
    const next = await rest.next();
    if (next.done) return;
    total += next.value.length;
    if (total > maxSize) throw new TooLarge();
    yield next.value;
  }
}

/** Ours, or the multipart parser's own file-size limit. */
function isTooLargeError(error: unknown): boolean {
  return error instanceof TooLarge || (error as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/** `HEAD` on a key: only the uploader learns whether their file is there. */
export async function uploadedSize(ctx: AppContext, userId: string, key: string): Promise<number | null> {
  const owner = ownerOfKey(key);
  if (!owner || owner.userId !== userId) return null;
  return (await ctx.files.stat(key))?.size ?? null;
}

/**
 * In S3 mode the browser posts to the bucket, so no receiver recorded the upload: before registration, each
 * key in the caller's own upload folder that the bucket holds is recorded like the receiver would have.
 * Registration then checks the file by its content from the store, the same in both modes. A key already
 * recorded (registered or not) is left as it is.
 */
export async function recordDirectUploads(ctx: AppContext, userId: string, teamId: string, keys: string[]) {
  if (!ctx.config.s3) return;
  for (const key of new Set(keys)) {
    const owner = ownerOfKey(key);
    if (!owner || owner.userId !== userId || owner.teamId !== teamId) continue;
    const [known] = await ctx.db.select({ key: uploads.key }).from(uploads).where(eq(uploads.key, key));
    if (known) continue;
    const stored = await ctx.files.stat(key);
    const head = stored && (await ctx.files.readHead(key, HEAD_BYTES));
    if (!stored || !head) continue;
    await ctx.db
      .insert(uploads)
      .values({
        key,
        teamId,
        userId,
        size: stored.size,
        fileType: sniffType(head) ?? sniffDocumentContainer(head) ?? 'unknown',
      })
      .onConflictDoNothing();
  }
}

/** Which of these keys are the caller's own uploads to the team, stored and not yet registered. */
export async function unregisteredUploads(db: Db | Tx, userId: string, teamId: string, keys: string[]) {
  const rows = await db
    .select({ key: uploads.key })
    .from(uploads)
    .where(
      and(
        inArray(uploads.key, keys),
        eq(uploads.userId, userId),
        eq(uploads.teamId, teamId),
        isNull(uploads.registeredAt),
      ),
    );
  return new Set(rows.map((row) => row.key));
}

/**
 * One upload of the caller's own to the team, not yet registered (19044 otherwise), checked by `inspect`
 * before anything is written: a refusal removes the file and forgets the upload, so it leaves nothing behind.
 */
export async function inspectOwnUpload<T>(
  ctx: AppContext,
  userId: string,
  teamId: string,
  key: string,
  inspect: () => Promise<T>,
): Promise<T> {
  await recordDirectUploads(ctx, userId, teamId, [key]);
  const mine = await unregisteredUploads(ctx.db, userId, teamId, [key]);
  if (!mine.has(key)) throw fail('UPLOAD_NOT_FOUND');
  try {
    return await inspect();
  } catch (error) {
    if (error instanceof AppError) {
      await ctx.files.remove(key);
      await forgetUpload(ctx.db, key);
    }
    throw error;
  }
}

/**
 * A file the server itself brings in (the first-run path's sample designs), stored and recorded under the
 * user's upload folder exactly as a posted upload is, so registration takes it the same way. Answers its key;
 * the caller forgets it (`forgetUpload` and removal) when it is not registered after all.
 */
export async function storeServerUpload(
  ctx: AppContext,
  owner: { teamId: string; userId: string },
  extension: string,
  data: Buffer,
): Promise<string> {
  const fileType = sniffType(data);
  if (!fileType) throw fail('IMAGE_FORMAT_UNSUPPORTED');
  const key = `${uploadDir(owner.teamId, owner.userId)}${randomUUID()}.${extension}`;
  await ctx.files.put(key, data);
  try {
    await ctx.db.insert(uploads).values({ key, ...owner, size: data.length, fileType });
  } catch (error) {
    await ctx.files.remove(key);
    throw error;
  }
  return key;
}

/** A registered upload is a design's file now: the purge of unregistered uploads leaves it. */
export async function markRegistered(tx: Tx, key: string, at: Date) {
  await tx.update(uploads).set({ registeredAt: at }).where(eq(uploads.key, key));
}

/**
 * Forgets an upload (refused and removed, or copied elsewhere by its registration); false when it was no longer
 * recorded, e.g. a second registration of the same key racing the first.
 */
export async function forgetUpload(db: Db | Tx, key: string): Promise<boolean> {
  const gone = await db.delete(uploads).where(eq(uploads.key, key)).returning({ key: uploads.key });
  return gone.length > 0;
}
