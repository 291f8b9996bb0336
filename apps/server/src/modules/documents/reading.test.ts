import { Codes, type DocumentSearchAnswer } from '@ferry/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsOnce } from '../../jobs/worker.js';
import type { TestServer } from '../../test/context.js';
import { eventsAsSent } from '../../test/events.js';
import { TestSocket } from '../../test/sockets.js';
import { newProject, OK, type World } from '../comments/fixtures.js';
import { events } from '../events/tables.js';
import { openedLink } from '../share/visitor-fixtures.js';
import { AXURE_CSP } from './axure.js';
import {
  added,
  axureZip,
  detailOf,
  listOf,
  pdfOfPages,
  register,
  samplePdf,
  startDocumentsWorld,
  stored,
} from './fixtures.js';
import { documentVersions } from './tables.js';

/** Reading product documents: search, who may read and write, Axure exports, notices (spec 001 §6–§7, 002 §4). */

let server: TestServer;
let world: World;
let project: string;
let pages: { id: string };
let axure: { id: string; version_id: string };

beforeAll(async () => {
  ({ server, world } = await startDocumentsWorld());
  project = await newProject(world, { roles: [[world.member, 'member']] });
  pages = await added(world, world.member, project, { name: 'Guide.pdf', data: await pdfOfPages(7) });
  await added(world, world.member, project, { name: 'Rate_50% plan.pdf', data: samplePdf });
  axure = await added(world, world.member, project, { name: 'Prototype.zip', data: axureZip() });
  await runJobsOnce(server.ctx);
}, 180_000);
afterAll(() => server.close());

const search = async (keyword: string, who = world.viewer) => {
  const answer = await who.api.get<DocumentSearchAnswer>(
    `/api/project/project_product_search?team_id=${world.team.id}&project_id=${project}&keyword=${encodeURIComponent(keyword)}`,
  );
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result.list;
};

describe('search', () => {
  it('finds documents by name, case-insensitively', async () => {
    const found = await search('guide');
    expect(found.map((hit) => [hit.name, hit.name_match])).toEqual([['Guide', true]]);
  });

  it('finds page text of the newest ready version, at most 5 pages per document, with a snippet', async () => {
    const found = await search('BEAUTIFUL is better');
    const guide = found.find((hit) => hit.doc_id === pages.id);
    expect(guide?.name_match).toBe(false);
    expect(guide?.matches.map((match) => match.page)).toEqual([1, 2, 3, 4, 5]);
    expect(guide?.matches[0].snippet).toMatch(/Beautiful is better/);
    expect(guide?.matches[0].snippet.length).toBeLessThan(120);
    expect(found.map((hit) => hit.name).sort()).toEqual(['Guide', 'Rate_50% plan']);
  });

  it('takes % and _ as themselves', async () => {
    expect((await search('%')).map((hit) => hit.name)).toEqual(['Rate_50% plan']);
    expect((await search('_5')).map((hit) => hit.name)).toEqual(['Rate_50% plan']);
    expect(await search('e_a')).toEqual([]);
    expect(await search('nothing like this')).toEqual([]);
  });
});

describe('who may read and write', () => {
  it('lets onlookers read but not write', async () => {
    expect((await listOf(world, world.viewer, project)).ungrouped).toHaveLength(3);
    expect((await detailOf(world, world.viewer, project, pages.id)).code).toBe(OK);
    // An onlooker gets no upload token; naming someone else's upload is refused before it is looked at.
    const key = await stored(world, world.member, { name: 'Mine.pdf', data: samplePdf });
    expect((await register(world, world.viewer, project, { key })).code).toBe(Codes.NO_PERMISSION.code);
    expect(await server.ctx.files.stat(key)).not.toBeNull();
    const rename = await world.viewer.api.put('/api/project/doc', {
      team_id: world.team.id,
      project_id: project,
      doc_id: pages.id,
      name: 'Taken over',
    });
    expect(rename.code).toBe(Codes.NO_PERMISSION.code);
  });

  it('refuses another team’s member', async () => {
    const asStranger = (url: string) => world.stranger.api.get(url);
    const list = await asStranger(`/api/project/product_documents?project_id=${project}`);
    expect(list.code).toBe(Codes.PROJECT_NOT_FOUND.code);
    const detail = await asStranger(`/api/project/doc?project_id=${project}&doc_id=${pages.id}`);
    expect(detail.code).toBe(Codes.PROJECT_NOT_FOUND.code);
    const inTheirTeam = await asStranger(
      `/api/project/doc?team_id=${world.strangerTeam.id}&project_id=${project}&doc_id=${pages.id}`,
    );
    expect(inTheirTeam.code).toBe(Codes.PROJECT_NOT_FOUND.code);
  });

  it('refuses a share link’s visitor', async () => {
    const { api } = await openedLink(world, project, { scope: 'project' });
    const answer = await api.get(`/api/project/product_documents?project_id=${project}`);
    expect(answer.code).toBe(Codes.SHARE_VISITOR_REFUSED.code);
    const detail = await api.get(`/api/project/doc?project_id=${project}&doc_id=${pages.id}`);
    expect(detail.code).toBe(Codes.SHARE_VISITOR_REFUSED.code);
  });
});

describe('Axure exports', () => {
  const fetch = (url: string) => server.app.inject({ method: 'GET', url });

  it('serves the unpacked export in a sandbox, with a sitemap page of ours', async () => {
    const detail = await detailOf(world, world.viewer, project, axure.id);
    expect(detail.result.document).toMatchObject({ kind: 'axure', status: 'ready' });
    expect(detail.result.pages).toEqual([]);
    const links = detail.result.axure;
    expect(links?.start_url).toBe(`${links?.base_url}index.html`);
    const home = await fetch(`${links?.base_url}home.html`);
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('home page');
    expect(home.headers['content-security-policy']).toBe(
      "sandbox allow-scripts allow-popups; default-src 'self' 'unsafe-inline' 'unsafe-eval' data: blob:; connect-src 'self'",
    );
    expect(home.headers['content-security-policy']).toBe(AXURE_CSP);
    expect(home.headers['x-content-type-options']).toBe('nosniff');
    expect(home.headers['set-cookie']).toBeUndefined();
    expect(home.headers['content-type']).toMatch(/^text\/html/);
    const css = await fetch(`${links?.base_url}resources/css/axure.css`);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    const script = await fetch(`${links?.base_url}data/document.js`);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);

    const sitemap = await fetch(links?.sitemap_url as string);
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-security-policy']).toBe(AXURE_CSP);
    expect(sitemap.body).toContain('window.$axure');
    expect(sitemap.body).toContain('ferrySitemap: nodes');
    expect(sitemap.body).toContain('<script src="data/document.js"></script>');
  });

  it('refuses paths out of the folder, missing files, and bad or expired signatures', async () => {
    const links = (await detailOf(world, world.viewer, project, axure.id)).result.axure;
    const base = links?.base_url as string;
    for (const path of [
      '..%2F..%2Fetc%2Fpasswd',
      '%2E%2E/index.html',
      'data/..%2F..%2Fx',
      'missing.html',
      'a%5Cb.html',
    ]) {
      expect((await fetch(`${base}${path}`)).statusCode, path).toBe(404);
    }
    const [, , version, expires, signature] = base.split('/');
    const forged = `/axure/${version}/${expires}/${signature.slice(0, -2)}xx/home.html`;
    expect((await fetch(forged)).statusCode).toBe(403);
    const later = `/axure/${version}/${Number(expires) + 1}/${signature}/home.html`;
    expect((await fetch(later)).statusCode).toBe(403);
    const otherVersion = `/axure/${pages.id}/${expires}/${signature}/home.html`;
    expect((await fetch(otherVersion)).statusCode).toBe(403);
    server.advance(3 * 24 * 3600 * 1000);
    expect((await fetch(`${base}home.html`)).statusCode).toBe(403);
    server.advance(-3 * 24 * 3600 * 1000);
  });
});

describe('notices', () => {
  it('tells the project’s people of a new document and of a new version', async () => {
    const noticeProject = await newProject(world, {
      roles: [
        [world.member, 'member'],
        [world.author, 'member'],
      ],
    });
    const noticesOf = () =>
      eventsAsSent(server.ctx.db, sql`${events.payload}->>'projectId' = ${noticeProject}`);
    const doc = await added(world, world.member, noticeProject, { name: 'News.pdf', data: samplePdf });
    const again = await added(world, world.member, noticeProject, { name: 'News.pdf', data: samplePdf });
    const [first, second] = await noticesOf();
    expect(first.payload).toMatchObject({
      method: 'addProduct',
      content: 'News',
      projectId: noticeProject,
      versionId: doc.version_id,
      fromUserId: world.member.id,
      toType: 'project',
    });
    expect(first.payload.url).toContain(`docId=${doc.id}`);
    expect([...first.payload.toIds].sort()).toEqual([world.owner.id, world.author.id].sort());
    expect(second.payload).toMatchObject({
      method: 'updateProduct',
      content: 'News',
      versionId: again.version_id,
    });
    const messages = await world.author.api.get(`/api/msg_center/messages?team_id=${world.team.id}`);
    expect(JSON.stringify(messages.body)).toContain('News');
    const [version] = await server.ctx.db
      .select()
      .from(documentVersions)
      .where(eq(documentVersions.id, again.version_id));
    expect(version.number).toBe(2);
  });
});

describe('signals', () => {
  it('tells the sockets watching the project when a document is added and when its pages are drawn', async () => {
    const watched = await newProject(world);
    const watcher = await TestSocket.signedIn(await server.listen(), world.viewer.token);
    watcher.send({ type: 'watch', teamId: world.team.id, projectId: watched });
    await watcher.next((frame) => frame.type === 'watching');
    await added(world, world.member, watched, { name: 'Signal.pdf', data: samplePdf });
    const changed = { type: 'changed', what: 'documents', teamId: world.team.id, projectId: watched };
    expect(await watcher.next((frame) => frame.type === 'changed', 'the changed frame')).toEqual(changed);
    await runJobsOnce(server.ctx);
    await watcher.roundTrip();
    expect(watcher.frames.filter((frame) => frame.type === 'changed')).toEqual([changed, changed]);
    watcher.close();
  }, 60_000);
});
