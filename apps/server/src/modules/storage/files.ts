import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/** Where uploaded files live: local disk by default, an S3 bucket (s3-store.ts) when S3_* is set. */
export interface FileStore {
  put(key: string, data: Buffer): Promise<void>;
  /**
   * Writes a stream under the key; when the stream fails nothing is left under the key. Answers the size.
   * `beforeCommit` runs once every byte is written and before the file appears under the key: when it
   * throws, the file is dropped (an upload claims its key there, so a cut one never holds it).
   */
  putStream(
    key: string,
    source: AsyncIterable<Buffer>,
    beforeCommit?: (size: number) => Promise<void>,
  ): Promise<number>;
  /** The size of a stored file, or null when there is none. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes temporary files older than the given time (left by a crash). */
  sweepTemporary(olderThan: Date): Promise<number>;
  read(key: string): Promise<Buffer | null>;
  /** The first `length` bytes (fewer for a shorter file), or null when there is no such file. */
  readHead(key: string, length: number): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix` (a folder: ends with `/`). */
  removeUnder(prefix: string): Promise<void>;
  /**
   * A time-limited URL for the browser: files are never public by guessable address. With `downloadName` the
   * file is served as an attachment of that name.
   */
  signedUrl(key: string, expiresAt: Date, options?: SignedUrlOptions): string;
  verify(key: string, expires: number, signature: string, now: Date, downloadName?: string): boolean;
  /** The key behind one of this store's signed URLs, or null for any other URL. */
  keyOfUrl(url: string): string | null;
  /**
   * Keys under `prefix` last written before `before`, a page at a time. Only stores the browser writes to
   * directly (S3) have it: there a posted file has no row until it is registered.
   */
  listWrittenBefore?(prefix: string, before: Date): AsyncIterable<string[]>;
}

export interface SignedUrlOptions {
  downloadName?: string;
}

/**
 * `Content-Disposition` of a download: an ASCII fallback name for old clients, the real one (RFC 5987) for
 * the rest. Quotes, backslashes and control characters never reach the header.
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The key at the start of a URL's path after `prefix`, decoded; null when the path does not start so. */
export function keyAfter(url: string, prefix: string): string | null {
  const path = url.split('?')[0];
  if (!path.startsWith(prefix)) return null;
  const key = path.slice(prefix.length);
  try {
    return decodeURIComponent(key);
  } catch {
    return key;
  }
}

const KEY_PATTERN = /^[a-z0-9-]+(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/;

export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.includes('..');
}

export class LocalFileStore implements FileStore {
  constructor(
    private readonly root: string,
    private readonly secret: Buffer,
  ) {}

  private pathOf(key: string): string {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(this.root, key);
  }

  /** Half-written files live here (a name no key can have) until they are renamed into place. */
  private get temporaryDir() {
    return path.join(this.root, '.tmp');
  }

  private async temporaryFor(key: string): Promise<{ target: string; temporary: string }> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    await mkdir(this.temporaryDir, { recursive: true });
    return { target, temporary: path.join(this.temporaryDir, `${randomUUID()}.part`) };
  }

  /** Written to a temporary name then renamed, so a crash never leaves half a file under the real key. */
  async put(key: string, data: Buffer) {
    const { target, temporary } = await this.temporaryFor(key);
    await writeFile(temporary, data);
    await rename(temporary, target);
  }

  async putStream(
    key: string,
    source: AsyncIterable<Buffer>,
    beforeCommit?: (size: number) => Promise<void>,
  ): Promise<number> {
    const { target, temporary } = await this.temporaryFor(key);
    const output = createWriteStream(temporary);
    let size = 0;
    try {
      await pipeline(
        source,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            size += chunk.length;
            yield chunk;
          }
        },
        output,
      );
      await beforeCommit?.(size);
      await rename(temporary, target);
      return size;
    } catch (error) {
      // A source that fails at once can beat the file's own opening: removed before it is created, it
      // would be left behind.
      if (!output.closed) await once(output, 'close').catch(() => undefined);
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    if (!isValidKey(key)) return null;
    try {
      const found = await stat(this.pathOf(key));
      return found.isFile() ? { size: found.size } : null;
    } catch {
      return null;
    }
  }

  /** Removes temporary files a crashed process left behind. */
  async sweepTemporary(olderThan: Date): Promise<number> {
    const names = await readdir(this.temporaryDir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.temporaryDir, name);
      const found = await stat(file).catch(() => null);
      if (found && found.mtime < olderThan) {
        await rm(file, { force: true });
        removed++;
      }
    }
    return removed;
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch {
      return null;
    }
  }

  async readHead(key: string, length: number): Promise<Buffer | null> {
    const handle = await open(this.pathOf(key), 'r').catch(() => null);
    if (!handle) return null;
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async remove(key: string) {
    await rm(this.pathOf(key), { force: true });
  }

  async removeUnder(prefix: string) {
    if (!prefix.endsWith('/')) throw new Error(`not a folder: ${prefix}`);
    const folder = this.pathOf(prefix.slice(0, -1));
    await rm(folder, { recursive: true, force: true });
  }

  /** The download name, when there is one, is signed too: nobody can rename someone else's link. */
  private sign(key: string, expires: number, downloadName?: string): string {
    const signed = downloadName ? `${key}\n${expires}\n${downloadName}` : `${key}\n${expires}`;
    return createHmac('sha256', this.secret).update(signed).digest('base64url');
  }

  signedUrl(key: string, expiresAt: Date, options: SignedUrlOptions = {}): string {
    const expires = Math.floor(expiresAt.getTime() / 1000);
    const name = options.downloadName;
    const download = name ? `&download=${encodeURIComponent(name)}` : '';
    return `/files/${key}?expires=${expires}${download}&sig=${this.sign(key, expires, name)}`;
  }

  keyOfUrl(url: string): string | null {
    const at = url.indexOf('/files/');
    return at >= 0 ? keyAfter(url.slice(at), '/files/') : null;
  }

  verify(key: string, expires: number, signature: string, now: Date, downloadName?: string): boolean {
    if (!isValidKey(key) || !Number.isFinite(expires) || expires * 1000 < now.getTime()) return false;
    const expected = Buffer.from(this.sign(key, expires, downloadName));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
