import { createHash } from 'node:crypto';
import { projectFilesDir } from '../projects/service.js';

/**
 * Where a document version's files live, under the project's folder so a project's deletion removes them:
 * `…/documents/<document>/<version>/` holds what the conversion made, so removing it never touches the
 * original, which registration copies to `…/documents/originals/<version>.<extension>`.
 */
export const versionDirOf = (projectId: string, documentId: string, versionId: string) =>
  `${projectFilesDir(projectId)}documents/${documentId}/${versionId}/`;

export const originalKeyOf = (projectId: string, versionId: string, extension: string) =>
  `${projectFilesDir(projectId)}documents/originals/${versionId}.${extension}`;

export const pageKeys = (dir: string, page: number) => ({
  thumb: `${dir}p${page}-thumb.webp`,
  image: `${dir}p${page}.webp`,
  text: `${dir}p${page}.json`,
});

/** An Office file converted to PDF, kept so a restarted conversion draws the remaining pages only. */
export const sourcePdfKey = (dir: string) => `${dir}source.pdf`;

/**
 * One segment of an Axure export's path as a storage key segment: keys allow only [A-Za-z0-9._-], so every
 * other byte (and `_` itself, a leading dot, a second dot in a row) becomes `_XX`. The mapping is one to one;
 * a segment too long for a file name becomes `_H` and its hash (`H` is no hex digit, so no escape reads so).
 */
function keySegment(segment: string): string {
  let out = '';
  for (const byte of Buffer.from(segment, 'utf8')) {
    const char = String.fromCharCode(byte);
    const keep = /[A-Za-z0-9-]/.test(char) || (char === '.' && out !== '' && !out.endsWith('.'));
    out += keep ? char : `_${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out.length > 200 ? `_H${createHash('sha256').update(segment).digest('hex')}` : out;
}

/** The storage key of a file of an unpacked Axure export, from its normalised path (`a/b.html`). */
export const axureKey = (dir: string, filePath: string) =>
  `${dir}axure/${filePath.split('/').map(keySegment).join('/')}`;

/**
 * The path of a request inside an export, as segments; null when it leaves the folder or is not plain
 * (empty, `.`, `..`, backslashes, NUL): such requests answer 404.
 */
export function safeAxurePath(raw: string): string | null {
  const segments = raw.split('/');
  const plain = segments.every(
    (segment) => segment !== '' && segment !== '.' && segment !== '..' && !/[\\\0]/.test(segment),
  );
  return plain && segments.length > 0 ? segments.join('/') : null;
}

/** The extension a document's original keeps (its download's name, the converter's input). */
export const EXTENSION_OF_KIND = {
  pdf: 'pdf',
  word: 'docx',
  excel: 'xlsx',
  ppt: 'pptx',
  axure: 'zip',
} as const;
export const OLE_KIND_OF_EXTENSION = { doc: 'word', xls: 'excel', ppt: 'ppt' } as const;
