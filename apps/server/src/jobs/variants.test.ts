import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designVersions } from '../modules/designs/tables.js';
import { asUser } from '../test/api.js';
import { startTestServer, type TestServer } from '../test/context.js';
import { type BuiltTeam, buildTeam } from '../test/factories.js';
import { uploadDesigns } from '../test/uploads.js';
import { runJobsOnce } from './worker.js';

/** Real design files made by other people (apps/server/test-data/SOURCES.md). */
const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../../test-data', name));

let server: TestServer;
let team: BuiltTeam;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  team = await buildTeam(server.ctx);
  projectId = (
    await asUser(server.app, team.owner.token).post('/api/project/project_info', { team_id: team.id })
  ).result.id;
});
afterAll(() => server.close());

async function variantsOf(name: string, data: Buffer) {
  const answer = await uploadDesigns(server.app, team.owner.token, { teamId: team.id, projectId }, [
    { name, data },
  ]);
  expect(answer.code, answer.msg).toBe('00000');
  await runJobsOnce(server.ctx);
  const [version] = await server.ctx.db
    .select()
    .from(designVersions)
    .where(eq(designVersions.id, answer.result.images[0].version_id));
  return version;
}

/** Each variant's recorded size, checked against the stored file itself. */
async function sizes(version: typeof designVersions.$inferSelect) {
  const out: Record<string, [number, number]> = {};
  for (const [name, file] of Object.entries(version.variants)) {
    if (!file) continue;
    const stored = (await server.ctx.files.read(file.key)) as Buffer;
    const metadata = await sharp(stored).metadata();
    expect([metadata.width, metadata.height, stored.length]).toEqual([file.width, file.height, file.size]);
    out[name] = [file.width, file.height];
  }
  return out;
}

describe('the variants job on real files', () => {
  it('flattens a PSD (ag-psd layers, 300×200) into every variant', async () => {
    const version = await variantsOf('layers.psd', fixture('agpsd-layers.psd'));
    expect(version).toMatchObject({ status: 'ready', fileType: 'psd', width: 300, height: 200 });
    expect(version.md5).toMatch(/^[0-9a-f]{32}$/);
    expect(await sizes(version)).toEqual({
      org: [300, 200],
      webP: [300, 200],
      p50: [150, 100],
      p25: [75, 50],
      p5: [15, 10],
      cover: [480, 360],
    });
  });

  it('renders an SVG exported from Sketch (817×424)', async () => {
    const version = await variantsOf('chrome.svg', fixture('wikimediaui-principles-content-chrome.svg'));
    expect(version).toMatchObject({ status: 'ready', fileType: 'svg', width: 817, height: 424 });
    expect(await sizes(version)).toMatchObject({ org: [817, 424], p25: [204, 106], p5: [41, 21] });
  });

  it('keeps a JPEG as its own org variant and scales it', async () => {
    const jpeg = await sharp(fixture('wikimediaui-principles-content-chrome.svg')).jpeg().toBuffer();
    const version = await variantsOf('chrome.jpg', jpeg);
    expect(version.variants.org?.key).toBe(version.fileKey);
    expect(await sizes(version)).toMatchObject({ org: [817, 424], p50: [409, 212], cover: [480, 360] });
  });

  it('draws a one-page PDF (A4) at two pixels a point into every variant', async () => {
    const version = await variantsOf('doc.pdf', fixture('pypdf-google-doc-document.pdf'));
    expect(version).toMatchObject({
      status: 'ready',
      fileType: 'pdf',
      pdfPage: 1,
      width: 1192,
      height: 1684,
    });
    expect(await sizes(version)).toMatchObject({ org: [1192, 1684], p50: [596, 842], cover: [480, 360] });
  });

  it('marks a design whose file cannot be decoded as failed instead of leaving it processing', async () => {
    const version = await variantsOf('broken.psd', fixture('agpsd-layers.psd').subarray(0, 4000));
    expect(version).toMatchObject({ status: 'failed', variants: {} });
    // Kept with the catalogue code the stage shows ("could not be read"), then the reader's detail.
    expect(version.error).toMatch(/^19084 \S/);
  });
});
