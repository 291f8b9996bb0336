import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Codes, DocumentLimits, JobLimits, VARIANT_NAMES } from '@ferry/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsOnce } from '../../jobs/worker.js';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { type BuiltTeam, buildTeam } from '../../test/factories.js';
import { fetchUptoken, postToStorage, uploadDesigns } from '../../test/uploads.js';
import { expectEachDesignCounted } from './limit-fixtures.js';
import { designs, designVersions } from './tables.js';

/** A real PDF (a Google Docs export, one Letter page) and an encrypted one: documents/test-data/SOURCES.md. */
const fixture = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../../documents/test-data', name));
const googleDoc = fixture('pypdf-google-doc-document.pdf');

/**
 * Three pages told apart by their pictures: the Google Docs page (A4, portrait), a landscape Letter page of
 * text and a small square page filled red with a white 3.
 */
async function threePagePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const [copied] = await doc.copyPages(await PDFDocument.load(googleDoc), [0]);
  doc.addPage(copied);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([792, 612]).drawText('Second page', { x: 72, y: 500, size: 40, font });
  const third = doc.addPage([300, 300]);
  third.drawRectangle({ x: 0, y: 0, width: 300, height: 300, color: rgb(0.9, 0.1, 0.1) });
  third.drawText('3', { x: 140, y: 140, size: 24, font, color: rgb(1, 1, 1) });
  return Buffer.from(await doc.save());
}

let server: TestServer;
let team: BuiltTeam;
let projectId: string;
let deck: Buffer;
const owner = () => asUser(server.app, team.owner.token);

beforeAll(async () => {
  server = await startTestServer();
  team = await buildTeam(server.ctx);
  projectId = (await owner().post('/api/project/project_info', { team_id: team.id })).result.id;
  deck = await threePagePdf();
});
afterAll(() => server.close());

const upload = (files: { name: string; data: Buffer }[]) =>
  uploadDesigns(server.app, team.owner.token, { teamId: team.id, projectId }, files);

interface VersionView {
  status: string;
  width: number;
  height: number;
  version: number;
  layers_status: string;
  urls: Record<string, string>;
}

async function currentVersion(imageId: string): Promise<VersionView> {
  const detail = await owner().get(`/api/project/image?image_id=${imageId}&project_id=${projectId}`);
  expect(detail.code, detail.msg).toBe('00000');
  return detail.result.versions.find((version: { current: boolean }) => version.current);
}

/** The Google Docs page (A4, 595.9 × 842.3 pt) drawn at two pixels a point. */
const A4 = [1192, 1684];

/** A variant as the browser fetches it: its size and whether any pixel differs from the rest. */
async function fetched(url: string) {
  const response = await server.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  const picture = sharp(response.rawPayload);
  const { width = 0, height = 0 } = await picture.metadata();
  const { channels } = await picture.stats();
  return { width, height, blank: channels.every((channel) => channel.min === channel.max), channels };
}

const sizeOf = async (url: string) => {
  const { width, height } = await fetched(url);
  return [width, height];
};

describe('a PDF dropped on the stage', () => {
  let created: { id: string; name: string; type: string; status: string }[];

  it('becomes one design per page, in page order, named after the file and the page', async () => {
    const answer = await upload([{ name: 'Deck.pdf', data: deck }]);
    expect(answer.code, answer.msg).toBe('00000');
    created = answer.result.images;
    expect(created.map((image) => image.name)).toEqual(['Deck - p1', 'Deck - p2', 'Deck - p3']);
    expect(created.every((image) => image.type === 'pdf' && image.status === 'processing')).toBe(true);
    const rows = await server.ctx.db
      .select()
      .from(designVersions)
      .where(
        inArray(
          designVersions.designId,
          created.map((image) => image.id),
        ),
      );
    expect(new Set(rows.map((row) => row.fileKey)).size).toBe(1);
    expect(rows.map((row) => row.pdfPage).sort()).toEqual([1, 2, 3]);
  });

  it('draws each page into its picture and the usual variants, at two pixels a point', async () => {
    await runJobsOnce(server.ctx);
    const sizes = [A4, [1584, 1224], [600, 600]];
    for (const [index, image] of created.entries()) {
      const view = await currentVersion(image.id);
      expect(view).toMatchObject({ status: 'ready', width: sizes[index][0], height: sizes[index][1] });
      // A flat picture: no layers to inspect.
      expect(view.layers_status).toBe('none');
      for (const name of VARIANT_NAMES) {
        const variant = await fetched(view.urls[name]);
        expect(variant.blank, `${image.name} ${name}`).toBe(false);
      }
      expect(await sizeOf(view.urls.org)).toEqual(sizes[index]);
      expect(await sizeOf(view.urls.p50)).toEqual(sizes[index].map((side) => side / 2));
    }
    // The third page is the red one: its picture is red, not the first page's.
    const [red, green] = (await fetched((await currentVersion(created[2].id)).urls.webP)).channels;
    expect(red.mean).toBeGreaterThan(200);
    expect(green.mean).toBeLessThan(60);
  });

  it('shows the pages on the stage like any design', async () => {
    const list = await owner().get(`/api/project/images?project_id=${projectId}`);
    expect(list.code, list.msg).toBe('00000');
    const shown: { name: string; width: number; height: number; urls: Record<string, string> }[] =
      list.result.images;
    const pages = shown.filter((image) => image.name.startsWith('Deck - p'));
    for (const page of pages) expect((await fetched(page.urls.p25)).blank).toBe(false);
    expect(pages.map(({ name, width, height }) => [name, width, height])).toEqual([
      ['Deck - p1', ...A4],
      ['Deck - p2', 1584, 1224],
      ['Deck - p3', 600, 600],
    ]);
  });

  it('adds new versions to the pages when the PDF is uploaded again', async () => {
    const again = await upload([{ name: 'Deck.pdf', data: deck }]);
    expect(again.code, again.msg).toBe('00000');
    expect(again.result.images.map((image: { id: string }) => image.id)).toEqual(created.map((c) => c.id));
    await runJobsOnce(server.ctx);
    expect(await currentVersion(created[1].id)).toMatchObject({ version: 2, width: 1584, height: 1224 });
  });

  it('names a one-page PDF after the file alone', async () => {
    const answer = await upload([{ name: 'Letter.pdf', data: googleDoc }]);
    expect(answer.code, answer.msg).toBe('00000');
    expect(answer.result.images.map((image: { name: string }) => image.name)).toEqual(['Letter']);
    await runJobsOnce(server.ctx);
    const [width, height] = A4;
    expect(await currentVersion(answer.result.images[0].id)).toMatchObject({ width, height });
  });

  it('draws a page too large for two pixels a point within the design pixel limits', async () => {
    const doc = await PDFDocument.create();
    // 200 × 100 inches, the largest page PDF allows.
    doc.addPage([14_400, 7200]).drawCircle({ x: 7200, y: 3600, size: 3000, color: rgb(0, 0.4, 0.8) });
    const answer = await upload([{ name: 'Banner.pdf', data: Buffer.from(await doc.save()) }]);
    expect(answer.code, answer.msg).toBe('00000');
    await runJobsOnce(server.ctx);
    const view = await currentVersion(answer.result.images[0].id);
    expect(view.status).toBe('ready');
    expect(view.width * view.height).toBeLessThanOrEqual(JobLimits.vectorMaxPixels);
    expect(view.width / view.height).toBeCloseTo(2, 2);
    expect((await fetched(view.urls.org)).blank).toBe(false);
  });

  it('takes the first page of a PDF given as a new version', async () => {
    const before = await currentVersion(created[2].id);
    const uptoken = await fetchUptoken(server.app, team.owner.token, team.id);
    const posted = await postToStorage(server.app, uptoken, { name: 'Deck.pdf', data: deck });
    const answer = await owner().put('/api/project/version', {
      team_id: team.id,
      project_id: projectId,
      image_ids: [created[2].id],
      images: [{ key: posted.key }],
    });
    expect(answer.code, answer.msg).toBe('00000');
    await runJobsOnce(server.ctx);
    const view = await currentVersion(created[2].id);
    const [width, height] = A4;
    expect(view).toMatchObject({ status: 'ready', version: before.version + 1, width, height });
  });
});

describe('a PDF that cannot be a design', () => {
  async function refusedUpload(name: string, data: Buffer) {
    const uptoken = await fetchUptoken(server.app, team.owner.token, team.id);
    const posted = await postToStorage(server.app, uptoken, { name, data });
    expect(posted.status).toBe(204);
    const answer = await owner().post('/api/project/image', {
      team_id: team.id,
      project_id: projectId,
      images: [{ key: posted.key, name }],
    });
    const kept = await server.ctx.db
      .select({ id: designs.id })
      .from(designs)
      .where(and(eq(designs.projectId, projectId), eq(designs.name, name.replace(/\.pdf$/, ''))));
    return { code: answer.code, kept: kept.length, stored: await server.ctx.files.stat(posted.key) };
  }

  it('refuses an encrypted PDF (19108), keeping nothing', async () => {
    const refused = await refusedUpload('Locked.pdf', fixture('encrypted-password-x.pdf'));
    expect(refused).toEqual({ code: Codes.DOCUMENT_ENCRYPTED.code, kept: 0, stored: null });
  });

  it('refuses a damaged PDF (19109), keeping nothing', async () => {
    const refused = await refusedUpload('Cut.pdf', googleDoc.subarray(0, 3000));
    expect(refused).toEqual({ code: Codes.DOCUMENT_MALFORMED.code, kept: 0, stored: null });
  });

  it(`refuses a PDF of more than ${DocumentLimits.maxPages} pages (19113), keeping nothing`, async () => {
    const doc = await PDFDocument.create();
    for (let n = 0; n <= DocumentLimits.maxPages; n += 1) doc.addPage([100, 100]);
    const refused = await refusedUpload('Long.pdf', Buffer.from(await doc.save()));
    expect(refused).toEqual({ code: Codes.DOCUMENT_TOO_MANY_PAGES.code, kept: 0, stored: null });
  });

  it('counts every page against the design limit (11023)', async () => {
    // Three pages: one place too few is refused; with one design fewer they all go in.
    await expectEachDesignCounted(server, { name: 'Deck.pdf', data: deck }, 3);
  });
});
