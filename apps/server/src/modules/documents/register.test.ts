import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Codes, DocumentLimits } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/context.js';
import { fetchUptoken, postToStorage } from '../../test/uploads.js';
import { newProject, OK, type World } from '../comments/fixtures.js';
import { projectFilesDir } from '../projects/service.js';
import { uploads } from '../uploads/tables.js';
import {
  added,
  documentRows,
  docxOf,
  elfBytes,
  exists,
  listOf,
  oleBytes,
  oversizedZip,
  pdfOfPages,
  plainZip,
  register,
  samplePdf,
  startDocumentsWorld,
  stored,
  storedDirectly,
  traversalZip,
} from './fixtures.js';
import { documents, documentVersions } from './tables.js';

/** Registering product documents: names, versions, groups, and every refusal keeping nothing (spec 001 §3, §5). */

let server: TestServer;
let world: World;

beforeAll(async () => {
  ({ server, world } = await startDocumentsWorld());
});
afterAll(() => server.close());

describe('registration', () => {
  it('adds a document named after its file, and a file of the same name as its next version', async () => {
    const project = await newProject(world);
    const first = await added(world, world.member, project, { name: 'Spec.pdf', data: samplePdf });
    expect(first).toMatchObject({
      name: 'Spec',
      kind: 'pdf',
      version: 1,
      status: 'processing',
      group_id: null,
      order: 1,
      size: samplePdf.length,
      creator: { id: world.member.id },
    });
    const second = await added(world, world.author, project, { name: 'Spec.pdf', data: await pdfOfPages(2) });
    expect(second).toMatchObject({ id: first.id, version: 2, status: 'processing' });
    const other = await added(world, world.member, project, { name: 'spec.pdf', data: samplePdf });
    expect(other.id).not.toBe(first.id);
    const list = await listOf(world, world.viewer, project);
    expect(list.ungrouped.map((doc) => [doc.name, doc.version])).toEqual([
      ['Spec', 2],
      ['spec', 1],
    ]);
  });

  it('places a new document last in the group given; an unknown group is 19111', async () => {
    const project = await newProject(world);
    const group = await world.member.api.post('/api/project/product_document_group', {
      team_id: world.team.id,
      project_id: project,
      name: 'Specs',
    });
    const doc = await added(
      world,
      world.member,
      project,
      { name: 'A.pdf', data: samplePdf },
      {
        group_id: group.result.group_id,
      },
    );
    expect(doc).toMatchObject({ group_id: group.result.group_id, order: 1 });
    const key = await stored(world, world.member, { name: 'B.pdf', data: samplePdf });
    const unknown = await register(world, world.member, project, {
      key,
      group_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.code).toBe(Codes.DOCUMENT_GROUP_NOT_FOUND.code);
  });

  it('refuses what it cannot take, keeping no row and no file', async () => {
    const project = await newProject(world);
    const refusals: [string, Buffer, string][] = [
      ['Traversal.zip', traversalZip(), Codes.ARCHIVE_UNSAFE.code],
      ['Huge.zip', oversizedZip(), Codes.ARCHIVE_UNSAFE.code],
      ['Plain.zip', plainZip(), Codes.DOCUMENT_TYPE_UNSUPPORTED.code],
      ['Broken.pdf', samplePdf.subarray(0, 200), Codes.DOCUMENT_MALFORMED.code],
      [
        'Large.pdf',
        Buffer.concat([samplePdf, Buffer.alloc(DocumentLimits.fileMaxBytes)]),
        Codes.DOCUMENT_TOO_LARGE.code,
      ],
    ];
    for (const [name, data, code] of refusals) {
      const key = await stored(world, world.member, { name, data });
      const answer = await register(world, world.member, project, { key, name });
      expect(answer.code, name).toBe(code);
      expect(await exists(world, key), name).toBe(false);
      expect(await server.ctx.db.select().from(uploads).where(eq(uploads.key, key)), name).toEqual([]);
    }
    // An executable named .pdf: the storage endpoint refuses it; one that reached the store anyway is 19104.
    const uptoken = await fetchUptoken(server.app, world.member.token, world.team.id);
    const posted = await postToStorage(server.app, uptoken, { name: 'Tool.pdf', data: elfBytes() });
    expect(posted.status).not.toBe(204);
    const key = await storedDirectly(world, world.member, elfBytes(), 'pdf');
    expect((await register(world, world.member, project, { key, name: 'Tool.pdf' })).code).toBe(
      Codes.DOCUMENT_TYPE_UNSUPPORTED.code,
    );
    expect(await exists(world, key)).toBe(false);
    expect(await documentRows(world, project)).toEqual([]);
  });

  it('takes only the caller’s own unregistered upload, once', async () => {
    const project = await newProject(world);
    const key = await stored(world, world.author, { name: 'Theirs.pdf', data: samplePdf });
    expect((await register(world, world.member, project, { key })).code).toBe(Codes.UPLOAD_NOT_FOUND.code);
    expect(await exists(world, key)).toBe(true);
    expect((await register(world, world.author, project, { key, name: 'Theirs.pdf' })).code).toBe(OK);
    expect((await register(world, world.author, project, { key, name: 'Again.pdf' })).code).toBe(
      Codes.UPLOAD_NOT_FOUND.code,
    );
  });

  it('takes an upload registered twice at once only once', async () => {
    const project = await newProject(world);
    const key = await stored(world, world.member, { name: 'Twice.pdf', data: samplePdf });
    const answers = await Promise.all(
      ['Twice.pdf', 'Twice.pdf'].map((name) => register(world, world.member, project, { key, name })),
    );
    expect(answers.map((answer) => answer.code).sort()).toEqual([OK, Codes.UPLOAD_NOT_FOUND.code].sort());
    const versions = await server.ctx.db
      .select()
      .from(documentVersions)
      .innerJoin(documents, eq(documents.id, documentVersions.documentId))
      .where(eq(documents.projectId, project));
    expect(versions).toHaveLength(1);
    // The copy the refused call made of the original is gone again: only the registered version's stays.
    const originals = path.join(
      server.ctx.config.dataDir,
      'files',
      projectFilesDir(project),
      'documents/originals',
    );
    const kept = readdirSync(originals).map(
      (name) => `${projectFilesDir(project)}documents/originals/${name}`,
    );
    expect(kept).toEqual([versions[0].document_versions.fileKey]);
  });

  it('tells Office files by their content: a ZIP by its entries, an OLE file by its extension', async () => {
    const project = await newProject(world);
    const word = await added(world, world.member, project, { name: 'Brief.docx', data: docxOf('Hello') });
    expect(word).toMatchObject({ name: 'Brief', kind: 'word', status: 'processing' });
    const sheet = await added(world, world.member, project, { name: 'Budget.xls', data: oleBytes() });
    expect(sheet).toMatchObject({ name: 'Budget', kind: 'excel' });
    const unnamed = await added(world, world.member, project, { name: 'Old', data: oleBytes() });
    expect(unnamed.kind).toBe('word');
  });

  it('keeps designs’ registration refusing ZIP files', async () => {
    const project = await newProject(world);
    const key = await stored(world, world.member, { name: 'Prototype.zip', data: plainZip() });
    const answer = await world.member.api.post('/api/project/image', {
      team_id: world.team.id,
      project_id: project,
      images: [{ key, name: 'Prototype.zip' }],
    });
    expect(answer.code).toBe(Codes.IMAGE_FORMAT_UNSUPPORTED.code);
  });

  it('keeps the original under the project folder, so the upload is gone and a project deletion takes it', async () => {
    const project = await newProject(world);
    const key = await stored(world, world.member, { name: 'Moved.pdf', data: samplePdf });
    const answer = await register(world, world.member, project, { key, name: 'Moved.pdf' });
    expect(answer.code, answer.msg).toBe(OK);
    expect(await exists(world, key)).toBe(false);
    expect(await server.ctx.db.select().from(uploads).where(eq(uploads.key, key))).toEqual([]);
    const [version] = await server.ctx.db
      .select()
      .from(documentVersions)
      .where(eq(documentVersions.documentId, answer.result.id));
    expect(version?.fileKey.startsWith(projectFilesDir(project))).toBe(true);
    expect(await exists(world, version?.fileKey ?? '')).toBe(true);
  });

  it(`refuses a new document past ${DocumentLimits.documentsPerProject} in a project; a new version still goes in`, async () => {
    const project = await newProject(world);
    const first = await added(world, world.member, project, { name: 'Kept.pdf', data: samplePdf });
    await server.ctx.db.insert(documents).values(
      Array.from({ length: DocumentLimits.documentsPerProject - 1 }, (_, index) => ({
        projectId: project,
        name: `Filler ${index}`,
        kind: 'pdf' as const,
        sortOrder: index + 2,
      })),
    );
    const key = await stored(world, world.member, { name: 'One more.pdf', data: samplePdf });
    expect((await register(world, world.member, project, { key, name: 'One more.pdf' })).code).toBe(
      Codes.DOCUMENT_LIMIT.code,
    );
    expect(await exists(world, key)).toBe(true);
    const again = await added(world, world.member, project, { name: 'Kept.pdf', data: samplePdf });
    expect(again).toMatchObject({ id: first.id, version: 2 });
  });
});
