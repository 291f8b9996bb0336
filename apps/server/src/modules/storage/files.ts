import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live. Local disk by default; the S3 store implements the same calls. */
export interface FileStore {
  put(key: string, data: Buffer): Promise<void>;
  read(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
  /** A time-limited URL for the browser: files are never public by guessable address. */
  signedUrl(key: string, expiresAt: Date): string;
  verify(key: string, expires: number, signature: string, now: Date): boolean;
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

  /** Written to a temporary name then renamed, so a crash never leaves half a file under the real key. */
  async put(key: string, data: Buffer) {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.${Date.now()}.part`;
    await writeFile(temporary, data);
    await rename(temporary, target);
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch {
      return null;
    }
  }

  async remove(key: string) {
    await rm(this.pathOf(key), { force: true });
  }

  private sign(key: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${key}\n${expires}`).digest('base64url');
  }

  signedUrl(key: string, expiresAt: Date): string {
    const expires = Math.floor(expiresAt.getTime() / 1000);
    return `/files/${key}?expires=${expires}&sig=${this.sign(key, expires)}`;
  }

  verify(key: string, expires: number, signature: string, now: Date): boolean {
    if (!isValidKey(key) || !Number.isFinite(expires) || expires * 1000 < now.getTime()) return false;
    const expected = Buffer.from(this.sign(key, expires));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
