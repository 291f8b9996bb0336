import { unzipSync, type Zippable, zipSync } from 'fflate';

export interface ZipEntry {
  path: string;
  data: Buffer | string;
}

/** Compressed formats, stored as they are: deflating them again gains nothing. */
const STORED = /\.(png|jpg|webp)$/;

/** A zip of the entries, in order. */
export function zipFiles(entries: ZipEntry[]): Buffer {
  const files: Zippable = {};
  for (const { path, data } of entries) {
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    files[path] = [new Uint8Array(bytes), { level: STORED.test(path) ? 0 : 6 }];
  }
  return Buffer.from(zipSync(files));
}

/** The files of a zip by path (tests read exported zips back with it). */
export function unzipFiles(data: Buffer): Record<string, Buffer> {
  const files = unzipSync(new Uint8Array(data));
  return Object.fromEntries(Object.entries(files).map(([path, bytes]) => [path, Buffer.from(bytes)]));
}
