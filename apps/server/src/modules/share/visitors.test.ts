import { Codes } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { apiRoutes } from '../../test/routes.js';
import { OK } from './fixtures.js';
import { buildVisitorWorld, openedLink, type VisitorWorld } from './visitor-fixtures.js';
import { visitorCalls } from './visits.js';

/** The authorization matrix of share-link visitors: every call, each scope and set of rights, in and out of scope. */

let server: TestServer;
let w: VisitorWorld;
beforeAll(async () => {
  server = await startTestServer();
  w = await buildVisitorWorld(server);
}, 120_000);
afterAll(() => server.close());

const REFUSED = Codes.SHARE_VISITOR_REFUSED.code;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Rights = { inspect: boolean; download: boolean; see_comments: boolean; comment: boolean };
const NONE: Rights = { inspect: false, download: false, see_comments: false, comment: false };
const ALL: Rights = { inspect: true, download: true, see_comments: true, comment: true };

describe('calls a visitor may not make', () => {
  it('refuses every signed-in call except the scoped reads, writes included, with 19093', async () => {
    const { api } = await openedLink(w.world, w.projectP, { rights: ALL });
    const routes = apiRoutes(server.app.printRoutes()).filter((route) => route.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(100);
    let checked = 0;
    for (const route of routes) {
      const url = route.url.replace(/:[^/]+/g, 'x');
      const bare = await anonymous(server.app).call(route.method as Method, url);
      // Calls open to anyone (sign-in, a link's own resolve, signed files) do not look at the token.
      if (bare.status !== 401) continue;
      const answer = await api.call(route.method as Method, url);
      const allowed = `${route.method} ${route.url}` in visitorCalls;
      if (allowed) expect(answer.code, `${route.method} ${route.url}`).not.toBe(REFUSED);
      else expect(answer.code, `${route.method} ${route.url}`).toBe(REFUSED);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(100);
  }, 60_000);
});

/** What each kind of link shows of project P. */
const scopes = () => [
  { name: 'project', body: { scope: 'project' }, sees: [w.a, w.b, w.c, w.d] },
  { name: 'section S (with S2)', body: { scope: 'sections', section_ids: [w.sectionS] }, sees: [w.c, w.d] },
  {
    name: 'designs A and B',
    body: { scope: 'designs', design_ids: [w.a.imageId, w.b.imageId] },
    sees: [w.a, w.b],
  },
  { name: 'design A, latest', body: { scope: 'design', design_ids: [w.a.imageId] }, sees: [w.a] },
  {
    name: 'design D, version 1',
    body: { scope: 'design', design_ids: [w.d.imageId], version_id: w.d.versionIds[0] },
    sees: [w.d],
  },
];

const rightSets: Rights[] = [
  NONE,
  { ...NONE, inspect: true },
  { ...NONE, inspect: true, download: true },
  { ...NONE, see_comments: true },
  // Posting into threads one cannot read is no right at all.
  { ...NONE, comment: true },
  ALL,
];

describe('reads inside and outside the scope', () => {
  it('shows each link exactly its designs, with what its rights allow, and nothing of other projects or teams', async () => {
    const everyDesign = () => [w.a, w.b, w.c, w.d];
    for (const scope of scopes()) {
      for (const rights of rightSets) {
        const label = `${scope.name} ${JSON.stringify(rights)}`;
        const { api } = await openedLink(w.world, w.projectP, { ...scope.body, rights });
        const seen = new Set(scope.sees.map((design) => design.imageId));
        const p = `project_id=${w.projectP}`;

        const card = await api.get(`/api/project/project_info?pid=${w.projectP}`);
        expect(card.code, label).toBe(OK);
        expect(card.result.abilities.can_edit, label).toBe(false);
        expect(card.result.members, label).toBeUndefined();
        for (const other of [w.projectQ, w.strangerProject])
          expect((await api.get(`/api/project/project_info?pid=${other}`)).code, label).toBe(
            Codes.PROJECT_NOT_FOUND.code,
          );

        const stage = await api.get(`/api/project/images?${p}`);
        expect(stage.code, label).toBe(OK);
        expect(new Set(stage.result.images.map((image: { id: string }) => image.id)), label).toEqual(seen);
        const sections = await api.get(`/api/project/project_sectors?${p}`);
        const listed = JSON.stringify(sections.result.sectors);
        for (const design of everyDesign())
          expect(listed.includes(design.imageId), label).toBe(seen.has(design.imageId));

        for (const design of everyDesign()) {
          const detail = await api.get(`/api/project/image?${p}&image_id=${design.imageId}`);
          if (!seen.has(design.imageId)) {
            expect(detail.code, label).toBe(Codes.IMAGE_DELETED.code);
            continue;
          }
          expect(detail.code, label).toBe(OK);
          expect(detail.result.versions).toHaveLength(1);
          const [version] = detail.result.versions;
          expect(version.download_url !== '', label).toBe(rights.download);
          if (design === w.a) expect(version.json_url !== '', label).toBe(rights.inspect);
          const comments = await api.get(`/api/project/comments?${p}&image_id=${design.imageId}`);
          expect(comments.code, label).toBe(rights.see_comments ? OK : REFUSED);
        }
        const mayPost = rights.comment && rights.see_comments;
        for (const design of everyDesign()) {
          const posted = await api.post('/api/project/comment', guestPin(w.projectP, design.imageId));
          const inScope = seen.has(design.imageId);
          expect(posted.code, `${label} post`).toBe(
            mayPost ? (inScope ? OK : Codes.IMAGE_DELETED.code) : REFUSED,
          );
        }
        for (const [project, design] of [
          [w.projectQ, w.e],
          [w.strangerProject, w.f],
        ] as const) {
          const detail = await api.get(`/api/project/image?project_id=${project}&image_id=${design.imageId}`);
          expect(detail.code, label).toBe(Codes.PROJECT_NOT_FOUND.code);
          const slices = await api.post('/api/project/slices', slicesOf(project, design.imageId));
          expect(slices.code, label).toBe(Codes.PROJECT_NOT_FOUND.code);
          const posted = await api.post('/api/project/comment', guestPin(project, design.imageId));
          expect(posted.code, label).toBe(Codes.PROJECT_NOT_FOUND.code);
        }
        // A design of P named under P's id but outside the scope, and a comment of another project.
        const thread = await api.get(`/api/project/comment?${p}&comment_id=${w.threads.e}`);
        expect(thread.code, label).toBe(rights.see_comments ? Codes.NOT_FOUND.code : REFUSED);

        const slices = await api.post('/api/project/slices', slicesOf(w.projectP, w.a.imageId));
        const mayExport = rights.inspect && rights.download && seen.has(w.a.imageId);
        if (mayExport) expect(slices.code, label).toBe(OK);
        else
          expect(slices.code, label).toBe(
            rights.inspect && rights.download ? Codes.IMAGE_DELETED.code : REFUSED,
          );
      }
    }
  }, 300_000);
});

const guestPin = (projectId: string, imageId: string) => ({
  project_id: projectId,
  image_id: imageId,
  guest_name: 'Visitor',
  content: 'Seen from outside',
  position: { x: 1, y: 1 },
});

const slicesOf = (projectId: string, imageId: string) => ({
  layer_ids: [w.aLayerId],
  project_id: projectId,
  image_id: imageId,
  platform: 'web',
  base_scale: 1,
  formats: ['png'],
});
