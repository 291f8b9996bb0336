import { Codes } from '@ferry/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { libreOfficeAvailable } from '../../documents/office.js';
import { drawDocumentPages } from '../../jobs/documents.js';
import { runJobsOnce } from '../../jobs/worker.js';
import type { TestServer } from '../../test/context.js';
import { newProject, OK, type World } from '../comments/fixtures.js';
import { projects } from '../projects/tables.js';
import {
  added,
  detailOf,
  documentRows,
  docxOf,
  exists,
  pdfOfPages,
  samplePdf,
  startDocumentsWorld,
} from './fixtures.js';
import { pageKeys, versionDirOf } from './keys.js';
import { documentPages, documentVersions } from './tables.js';

/** Drawing product documents' pages, reading, renaming and deleting them (spec 001 §3–§4, §7). */

let server: TestServer;
let world: World;

beforeAll(async () => {
  ({ server, world } = await startDocumentsWorld());
});
afterAll(() => server.close());

describe('drawing pages', { timeout: 300_000 }, () => {
  it('draws every page of a PDF, then the document is ready with signed, fetchable pages', async () => {
    const project = await newProject(world);
    const doc = await added(world, world.member, project, { name: 'Pages.pdf', data: await pdfOfPages(3) });
    await runJobsOnce(server.ctx);
    const detail = await detailOf(world, world.viewer, project, doc.id);
    expect(detail.code, detail.msg).toBe(OK);
    expect(detail.result.document).toMatchObject({ status: 'ready', page_count: 3 });
    expect(detail.result.document.thumbnail_url).toMatch(/^\/files\//);
    expect(detail.result.pages.map((page) => page.page)).toEqual([1, 2, 3]);
    const page = detail.result.pages[0];
    expect(page.width).toBeGreaterThan(500);
    for (const url of [page.thumb_url, page.image_url, page.text_url]) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
    }
    const image = await server.app.inject({ method: 'GET', url: page.image_url });
    expect(image.headers['content-type']).toBe('image/webp');
    const text = (await server.app.inject({ method: 'GET', url: page.text_url })).json();
    expect(text.items.map((item: { str: string }) => item.str).join(' ')).toContain('Example');
    const download = await server.app.inject({ method: 'GET', url: detail.result.download_url as string });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('Pages.pdf');
  });

  it('goes on after the pages already stored when a run is taken up again', async () => {
    const project = await newProject(world);
    const doc = await added(world, world.member, project, { name: 'Resume.pdf', data: await pdfOfPages(3) });
    await runJobsOnce(server.ctx);
    // As if the server had been killed after page 2: page 3 and the status not written yet.
    const db = server.ctx.db;
    await db
      .delete(documentPages)
      .where(and(eq(documentPages.versionId, doc.version_id), eq(documentPages.page, 3)));
    await db
      .update(documentPages)
      .set({ text: 'kept from the first run' })
      .where(eq(documentPages.versionId, doc.version_id));
    await db
      .update(documentVersions)
      .set({ status: 'processing', pageCount: null })
      .where(eq(documentVersions.id, doc.version_id));
    // While it converts, the pages drawn so far can be read.
    const partial = await detailOf(world, world.viewer, project, doc.id);
    expect(partial.result.document.status).toBe('processing');
    expect(partial.result.pages.map((page) => page.page)).toEqual([1, 2]);
    await drawDocumentPages(server.ctx, { versionId: doc.version_id, teamId: world.team.id });
    const pages = await db
      .select()
      .from(documentPages)
      .where(eq(documentPages.versionId, doc.version_id))
      .orderBy(documentPages.page);
    expect(pages.map((page) => [page.page, page.text === 'kept from the first run'])).toEqual([
      [1, true],
      [2, true],
      [3, false],
    ]);
    expect(pages[2].text).toContain('Beautiful');
    const [version] = await db.select().from(documentVersions).where(eq(documentVersions.id, doc.version_id));
    expect(version).toMatchObject({ status: 'ready', pageCount: 3 });
  });

  it('leaves nothing of a version deleted while its pages are drawn', async () => {
    const project = await newProject(world);
    const doc = await added(world, world.member, project, { name: 'Gone.pdf', data: await pdfOfPages(3) });
    const dir = versionDirOf(project, doc.id, doc.version_id);
    const files = server.ctx.files;
    const put = files.put.bind(files);
    // The document is deleted once page 1 is stored, as page 2's files are written.
    vi.spyOn(files, 'put').mockImplementation(async (key, data) => {
      if (key === pageKeys(dir, 2).thumb) {
        const gone = await world.member.api.delete('/api/project/doc', {
          project_id: project,
          doc_id: doc.id,
        });
        expect(gone.code, gone.msg).toBe(OK);
      }
      return put(key, data);
    });
    try {
      await drawDocumentPages(server.ctx, { versionId: doc.version_id, teamId: world.team.id });
    } finally {
      vi.restoreAllMocks();
    }
    expect(
      await server.ctx.db.select().from(documentPages).where(eq(documentPages.versionId, doc.version_id)),
    ).toEqual([]);
    for (const page of [1, 2, 3]) {
      for (const key of Object.values(pageKeys(dir, page))) expect(await exists(world, key), key).toBe(false);
    }
    expect(await documentRows(world, project)).toEqual([]);
  });

  it('converts an Office file to PDF before drawing it, or marks it unavailable without LibreOffice', async () => {
    const project = await newProject(world);
    const doc = await added(world, world.member, project, {
      name: 'Memo.docx',
      data: docxOf('Quarterly memo text'),
    });
    await runJobsOnce(server.ctx);
    const detail = await detailOf(world, world.viewer, project, doc.id);
    if (await libreOfficeAvailable()) {
      expect(detail.result.document).toMatchObject({ kind: 'word', status: 'ready', page_count: 1 });
      const [page] = await server.ctx.db
        .select()
        .from(documentPages)
        .where(eq(documentPages.versionId, doc.version_id));
      expect(page.text).toContain('Quarterly memo text');
    } else {
      expect(detail.result.document).toMatchObject({ kind: 'word', status: 'unavailable', fail_code: null });
      expect(detail.result.pages).toEqual([]);
    }
    expect(detail.result.download_url).toContain('Memo.docx');
  });

  it('answers no download address where the project’s download rule refuses it', async () => {
    const project = await newProject(world);
    const doc = await added(world, world.member, project, { name: 'Private.pdf', data: samplePdf });
    await runJobsOnce(server.ctx);
    await server.ctx.db.update(projects).set({ downloadType: 'none' }).where(eq(projects.id, project));
    const seen = await detailOf(world, world.viewer, project, doc.id);
    expect(seen.result.download_url).toBeNull();
    expect(seen.result.pages).toHaveLength(1);
    expect((await detailOf(world, world.owner, project, doc.id)).result.download_url).not.toBeNull();
  });
});

describe('deleting', { timeout: 300_000 }, () => {
  it('deletes one version; the only one takes the document; the files go', async () => {
    const project = await newProject(world);
    const v1 = await added(world, world.member, project, { name: 'Two.pdf', data: samplePdf });
    const v2 = await added(world, world.member, project, { name: 'Two.pdf', data: await pdfOfPages(2) });
    await runJobsOnce(server.ctx);
    const before = await detailOf(world, world.member, project, v1.id, v1.version_id);
    const oldPage = before.result.pages[0].image_url;
    const [oldVersion] = await server.ctx.db
      .select()
      .from(documentVersions)
      .where(eq(documentVersions.id, v1.version_id));
    const url = '/api/project/doc';
    const scope = { team_id: world.team.id, project_id: project, doc_id: v1.id };
    expect((await world.viewer.api.delete(url, { ...scope, version_id: v1.version_id })).code).toBe(
      Codes.NO_PERMISSION.code,
    );
    const one = await world.member.api.delete(url, { ...scope, version_id: v1.version_id });
    expect(one.result).toEqual({ doc_id: v1.id, document_deleted: false });
    expect(await exists(world, oldVersion.fileKey)).toBe(false);
    expect((await server.app.inject({ method: 'GET', url: oldPage })).statusCode).toBe(404);
    const left = await detailOf(world, world.member, project, v1.id);
    expect(left.result.versions.map((version) => version.id)).toEqual([v2.version_id]);
    expect((await detailOf(world, world.member, project, v1.id, v1.version_id)).code).toBe(
      Codes.DOCUMENT_VERSION_NOT_FOUND.code,
    );
    const last = await world.member.api.delete(url, { ...scope, version_id: v2.version_id });
    expect(last.result).toEqual({ doc_id: v1.id, document_deleted: true });
    expect(await documentRows(world, project)).toEqual([]);
    expect((await detailOf(world, world.member, project, v1.id)).code).toBe(Codes.DOCUMENT_NOT_FOUND.code);
  });

  it('renames, refusing a name another document has (19115)', async () => {
    const project = await newProject(world);
    const a = await added(world, world.member, project, { name: 'A.pdf', data: samplePdf });
    await added(world, world.member, project, { name: 'B.pdf', data: samplePdf });
    const url = '/api/project/doc';
    const scope = { team_id: world.team.id, project_id: project, doc_id: a.id };
    expect((await world.member.api.put(url, { ...scope, name: 'B' })).code).toBe(
      Codes.DOCUMENT_NAME_EXISTS.code,
    );
    const renamed = await world.member.api.put(url, { ...scope, name: ' Renamed ' });
    expect(renamed.result).toMatchObject({ id: a.id, name: 'Renamed' });
  });
});
