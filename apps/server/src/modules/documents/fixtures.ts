import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DocumentDetail, DocumentListAnswer, DocumentSummary } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { expect } from 'vitest';
import { startTestServer, type TestServer } from '../../test/context.js';
import { fetchUptoken, postToStorage } from '../../test/uploads.js';
import { buildWorld, OK, type Person, type World } from '../comments/fixtures.js';
import { uploads } from '../uploads/tables.js';
import { documents } from './tables.js';

/** Helpers of the product-document tests: files uploaded the browser's way, registered, listed. */

/** A real server and the comments' world (a team with its owner, members and viewer), for one test file. */
export async function startDocumentsWorld(): Promise<{ server: TestServer; world: World }> {
  const server = await startTestServer();
  return { server, world: await buildWorld(server) };
}

/** The project's document rows (none once a refusal or a deletion left nothing). */
export const documentRows = (world: World, projectId: string) =>
  world.server.ctx.db.select().from(documents).where(eq(documents.projectId, projectId));

export const samplePdf = readFileSync(
  path.join(import.meta.dirname, 'test-data/pypdf-google-doc-document.pdf'),
);

/** A PDF of `pages` copies of the sample's one page (text "Example document … Beautiful is better than ugly"). */
export async function pdfOfPages(pages: number): Promise<Buffer> {
  const source = await PDFDocument.load(samplePdf);
  const out = await PDFDocument.create();
  for (let n = 0; n < pages; n++) {
    const [page] = await out.copyPages(source, [0]);
    out.addPage(page);
  }
  return Buffer.from(await out.save());
}

const text = (value: string) => new TextEncoder().encode(value);

/** A minimal Axure export: start pages and `data/document.js` calling `$axure.loadDocument` with a sitemap. */
export function axureZip(): Buffer {
  const documentJs = `$axure.loadDocument((function() {
  var _ = function() { var o = {}; for (var i = 0; i < arguments.length; i += 2) o[arguments[i]] = arguments[i + 1]; return o; };
  $axure.utils && $axure.utils.noop && $axure.utils.noop();
  return _("configuration", _("showPageNotes", true), "sitemap", _("rootNodes", [
    _("pageName", "Home", "type", "Wireframe", "url", "home.html", "children", [
      _("pageName", "Detail", "type", "Wireframe", "url", "detail.html")
    ])
  ]));
})());`;
  return Buffer.from(
    zipSync({
      'Prototype/index.html': text('<!doctype html><title>Prototype</title><p>start</p>'),
      'Prototype/home.html': text('<!doctype html><title>Home</title><p>home page</p>'),
      'Prototype/detail.html': text('<!doctype html><title>Detail</title>'),
      'Prototype/data/document.js': text(documentJs),
      'Prototype/resources/css/axure.css': text('body { margin: 0 }'),
    }),
  );
}

/** An archive naming a path outside its folder. */
export const traversalZip = () =>
  Buffer.from(
    zipSync({ 'index.html': text('<p>x</p>'), 'data/document.js': text('x'), '../evil.html': text('evil') }),
  );

/** An Axure-like archive whose entry claims to unpack to about 4 GB (the local and central headers say so). */
export function oversizedZip(): Buffer {
  const zip = Buffer.from(zipSync({ 'index.html': text('<p>x</p>'), 'data/document.js': text('x') }));
  for (let at = 0; at + 4 <= zip.length; at++) {
    const signature = zip.readUInt32LE(at);
    if (signature === 0x04034b50) zip.writeUInt32LE(0xfffffff0, at + 22);
    if (signature === 0x02014b50) zip.writeUInt32LE(0xfffffff0, at + 24);
  }
  return zip;
}

/** A ZIP that is neither an Office file nor an Axure export. */
export const plainZip = () => Buffer.from(zipSync({ 'notes.txt': text('hello') }));

/** An ELF executable's first bytes. */
export const elfBytes = () =>
  Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(256)]);

/** Posts a file to the storage endpoint with the caller's upload token; answers its key. */
export async function stored(world: World, who: Person, file: { name: string; data: Buffer }) {
  const uptoken = await fetchUptoken(world.server.app, who.token, world.team.id);
  const posted = await postToStorage(world.server.app, uptoken, file);
  expect(posted.status, `${posted.code} ${posted.msg}`).toBe(204);
  return posted.key;
}

/**
 * A file put straight into the caller's upload folder with its row, as a bucket upload is recorded: the way a
 * file the storage endpoint would refuse by its first bytes can still reach registration.
 */
export async function storedDirectly(world: World, who: Person, data: Buffer, extension: string) {
  const uptoken = await fetchUptoken(world.server.app, who.token, world.team.id);
  const key = `${uptoken.dir}${randomUUID()}.${extension}`;
  await world.server.ctx.files.put(key, data);
  await world.server.ctx.db
    .insert(uploads)
    .values({ key, teamId: world.team.id, userId: who.id, size: data.length, fileType: 'unknown' });
  return key;
}

export function register(world: World, who: Person, projectId: string, body: Record<string, unknown>) {
  return who.api.post<DocumentSummary>('/api/project/doc', {
    team_id: world.team.id,
    project_id: projectId,
    ...body,
  });
}

/** Upload then registration, which must succeed. */
export async function added(
  world: World,
  who: Person,
  projectId: string,
  file: { name: string; data: Buffer },
  body: Record<string, unknown> = {},
) {
  const key = await stored(world, who, file);
  const answer = await register(world, who, projectId, { key, name: file.name, ...body });
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result;
}

export async function listOf(world: World, who: Person, projectId: string) {
  const answer = await who.api.get<DocumentListAnswer>(
    `/api/project/product_documents?team_id=${world.team.id}&project_id=${projectId}`,
  );
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result;
}

export function detailOf(world: World, who: Person, projectId: string, docId: string, versionId?: string) {
  const version = versionId ? `&version_id=${versionId}` : '';
  return who.api.get<DocumentDetail>(
    `/api/project/doc?team_id=${world.team.id}&project_id=${projectId}&doc_id=${docId}${version}`,
  );
}

/** Whether a stored file exists under the key. */
export const exists = async (world: World, key: string) => (await world.server.ctx.files.stat(key)) !== null;

/** A minimal Word file: the parts LibreOffice needs to open it, one paragraph of `words`. */
export function docxOf(words: string): Buffer {
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': text(
        `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
          '</Types>',
      ),
      '_rels/.rels': text(
        `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
          '</Relationships>',
      ),
      'word/document.xml': text(
        `${xml}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">` +
          `<w:body><w:p><w:r><w:t>${words}</w:t></w:r></w:p></w:body></w:document>`,
      ),
    }),
  );
}

/** An OLE compound file's signature and nothing that opens: enough to be told apart by its leading bytes. */
export const oleBytes = () =>
  Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
