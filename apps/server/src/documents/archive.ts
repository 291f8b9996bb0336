import { DocumentLimits } from '@ferry/shared';
import { Unzip, UnzipInflate, unzipSync } from 'fflate';
import { DocumentFault } from './faults.js';

export type ZipKind = 'word' | 'excel' | 'ppt' | 'axure';

/** The ZIP is pushed to the streaming inflater in slices this big, so stored files are handed on as they end. */
const PUSH_BYTES = 256 * 1024;
/** Small entries may compress very well (a blank page, a run of spaces); the ratio cap starts past this size. */
const RATIO_FLOOR_BYTES = 1024 * 1024;

/**
 * A ZIP entry's name as a relative path, or an ARCHIVE_UNSAFE fault: a name that climbs (`..`), starts at a root
 * (`/`, `C:`), uses backslashes (a separator on Windows that `/`-checks never see) or holds a NUL is refused
 * whole rather than cleaned, since no honest export writes one. Empty and `.` segments are dropped.
 */
export function safeEntryPath(name: string): string {
  if (
    name.includes('\0') ||
    name.includes('\\') ||
    name.startsWith('/') ||
    /^[A-Za-z]:/.test(name) ||
    name.split('/').includes('..')
  ) {
    throw new DocumentFault('ARCHIVE_UNSAFE', `unsafe entry name ${JSON.stringify(name)}`);
  }
  return name
    .split('/')
    .filter((part) => part !== '' && part !== '.')
    .join('/');
}

interface Listing {
  /** Files (no folders), as safe relative paths. */
  files: string[];
  /** The one folder every entry sits in, with its slash ('' when there is none): stripped on unpacking. */
  top: string;
}

/**
 * The central directory's names and declared sizes, checked against the limits. fflate's filter sees each entry
 * before anything is inflated; it answers false, so nothing is. A damaged directory throws DOCUMENT_MALFORMED.
 */
function listEntries(zip: Buffer): Listing {
  const files: string[] = [];
  let entries = 0;
  let declared = 0;
  try {
    unzipSync(zip, {
      filter: (entry) => {
        entries += 1;
        declared += entry.originalSize;
        if (entries > DocumentLimits.archiveMaxEntries) {
          throw new DocumentFault('ARCHIVE_UNSAFE', `more than ${DocumentLimits.archiveMaxEntries} entries`);
        }
        if (declared > DocumentLimits.archiveMaxBytes) {
          throw new DocumentFault('ARCHIVE_UNSAFE', `over ${DocumentLimits.archiveMaxBytes} bytes unpacked`);
        }
        const path = safeEntryPath(entry.name);
        if (path !== '' && !entry.name.endsWith('/')) files.push(path);
        return false;
      },
    });
  } catch (error) {
    if (error instanceof DocumentFault) throw error;
    throw new DocumentFault('DOCUMENT_MALFORMED', `unreadable ZIP: ${(error as Error).message}`);
  }
  if (files.length === 0) throw new DocumentFault('DOCUMENT_MALFORMED', 'an empty ZIP');
  return { files, top: commonTopFolder(files) };
}

function commonTopFolder(files: string[]): string {
  const first = files[0]?.split('/')[0] ?? '';
  const top = `${first}/`;
  return files.every((file) => file.startsWith(top)) ? top : '';
}

function isAxure(paths: string[]): boolean {
  return paths.includes('data/document.js') && paths.some((path) => /\.html?$/i.test(path));
}

/**
 * What an uploaded ZIP holds, from its central directory only: an Office Open XML document (by its
 * `[Content_Types].xml` and main folder) or an Axure export (`data/document.js` and a page, perhaps in one top
 * folder). Throws ARCHIVE_UNSAFE (names, entries, declared size), DOCUMENT_MALFORMED, DOCUMENT_TYPE_UNSUPPORTED.
 */
export function zipKind(zip: Buffer): ZipKind {
  const { files, top } = listEntries(zip);
  if (files.includes('[Content_Types].xml')) {
    if (files.some((file) => file.startsWith('word/'))) return 'word';
    if (files.some((file) => file.startsWith('xl/'))) return 'excel';
    if (files.some((file) => file.startsWith('ppt/'))) return 'ppt';
  }
  if (isAxure(files) || (top && isAxure(files.map((file) => file.slice(top.length))))) return 'axure';
  throw new DocumentFault('DOCUMENT_TYPE_UNSUPPORTED', 'neither an Office document nor an Axure export');
}

/**
 * Unpacks an Axure export through `put`, one file at a time, with its single top folder stripped. Declared sizes
 * may lie, so the bytes really inflated are counted: past archiveMaxBytes in all, or an entry past archiveMaxRatio
 * times its packed size, inflating stops with ARCHIVE_UNSAFE. The names read while streaming (local headers) are
 * checked again, as they need not match the central directory.
 */
export async function unpackAxure(
  zip: Buffer,
  put: (path: string, data: Buffer) => Promise<void>,
): Promise<{ files: number; bytes: number }> {
  const { files: listed, top } = listEntries(zip);
  if (!isAxure(listed.map((file) => file.slice(top.length)))) {
    throw new DocumentFault('DOCUMENT_TYPE_UNSUPPORTED', 'not an Axure export');
  }
  const ready: { path: string; data: Buffer }[] = [];
  let fault: DocumentFault | null = null;
  let total = 0;
  let entries = 0;
  const refuse = (message: string) => {
    fault ??= new DocumentFault('ARCHIVE_UNSAFE', message);
    throw fault;
  };
  const unzip = new Unzip((file) => {
    entries += 1;
    if (entries > DocumentLimits.archiveMaxEntries) refuse('too many entries');
    const path = safeEntryPath(file.name);
    if (file.name.endsWith('/') || path === '') return;
    if (top && !`${path}/`.startsWith(top)) refuse(`${path} is outside the top folder`);
    const inner = path.slice(top.length);
    // With a data descriptor the packed size is unknown here: the whole ZIP bounds it.
    const packed = file.size ?? zip.length;
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (error, data, final) => {
      if (error) {
        fault ??= new DocumentFault('DOCUMENT_MALFORMED', `${path}: ${error.message}`);
        throw fault;
      }
      size += data.length;
      total += data.length;
      if (total > DocumentLimits.archiveMaxBytes)
        refuse(`over ${DocumentLimits.archiveMaxBytes} bytes unpacked`);
      if (size > RATIO_FLOOR_BYTES && size > packed * DocumentLimits.archiveMaxRatio) {
        refuse(`${path} inflates over ${DocumentLimits.archiveMaxRatio} times its packed size`);
      }
      chunks.push(data);
      if (final && inner !== '') ready.push({ path: inner, data: Buffer.concat(chunks) });
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  let stored = 0;
  for (let offset = 0; offset < zip.length; offset += PUSH_BYTES) {
    try {
      unzip.push(zip.subarray(offset, offset + PUSH_BYTES), offset + PUSH_BYTES >= zip.length);
    } catch (error) {
      if (fault) throw fault;
      throw new DocumentFault('DOCUMENT_MALFORMED', `unreadable ZIP: ${(error as Error).message}`);
    }
    for (let next = ready.shift(); next; next = ready.shift()) {
      await put(next.path, next.data);
      stored += 1;
    }
  }
  return { files: stored, bytes: total };
}
