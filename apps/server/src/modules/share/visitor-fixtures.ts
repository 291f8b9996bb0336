import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { runJobsOnce } from '../../jobs/worker.js';
import { anonymous, asUser } from '../../test/api.js';
import type { TestServer } from '../../test/context.js';
import { uploadDesigns } from '../../test/uploads.js';
import { buildWorld, type Design, newDesign, newProject, thread, type World } from '../comments/fixtures.js';
import { designs } from '../designs/tables.js';
import { someLeaf } from '../inspect/slices.fixture.js';
import { sectors } from '../sections/tables.js';
import { OK, seedSection, shared } from './fixtures.js';
import { visitorOf } from './policy.js';

/**
 * The share-visitor tests' world: project P with an SVG design A (layers read), B ungrouped, C in section S
 * and D (two versions) in S's sub-section S2; project Q of the same team and a project of another team, each
 * with a design; threads on A and on both versions of D.
 */
export async function buildVisitorWorld(server: TestServer) {
  const world = await buildWorld(server);
  const projectP = await newProject(world);
  const svg = readFileSync(
    path.resolve(import.meta.dirname, '../../../test-data/wikimediaui-button_groups_states.svg'),
  );
  const uploaded = await uploadDesigns(
    server.app,
    world.team.owner.token,
    { teamId: world.team.id, projectId: projectP },
    [{ name: 'Buttons.svg', data: svg }],
  );
  expect(uploaded.code, uploaded.msg).toBe(OK);
  const a: Design = {
    projectId: projectP,
    imageId: uploaded.result.images[0].id,
    versionIds: [uploaded.result.images[0].version_id],
  };
  const b = await newDesign(world, projectP, { name: 'B.png' });
  const c = await newDesign(world, projectP, { name: 'C.png' });
  const d = await newDesign(world, projectP, { name: 'D.png', versions: 2 });
  const sectionS = await seedSection(server, projectP, 'S');
  const sectionS2 = await seedSection(server, projectP, 'S2');
  await server.ctx.db.update(sectors).set({ parentId: sectionS }).where(eq(sectors.id, sectionS2));
  await server.ctx.db.update(designs).set({ sectorId: sectionS }).where(eq(designs.id, c.imageId));
  await server.ctx.db.update(designs).set({ sectorId: sectionS2 }).where(eq(designs.id, d.imageId));
  await runJobsOnce(server.ctx);

  const projectQ = await newProject(world);
  const e = await newDesign(world, projectQ, { name: 'E.png' });
  const strangerProject = await newProject(world, { team: world.strangerTeam });
  const f = await newDesign(world, strangerProject, { name: 'F.png', team: world.strangerTeam });

  const threads = {
    a: (await thread(world.owner, a, { content: 'On A' })).id as string,
    d1: (await thread(world.owner, d, { content: 'On D v1', version_id: d.versionIds[0] })).id as string,
    d2: (await thread(world.owner, d, { content: 'On D v2', version_id: d.versionIds[1] })).id as string,
    e: (await thread(world.owner, e, { content: 'On E' })).id as string,
  };
  const detail = await world.owner.api.get(`/api/project/image?project_id=${projectP}&image_id=${a.imageId}`);
  const doc = JSON.parse(
    (await server.app.inject({ method: 'GET', url: detail.result.versions[0].json_url })).body,
  );
  const aLayerId = someLeaf(doc).id;
  return { world, aLayerId, projectP, projectQ, strangerProject, sectionS, a, b, c, d, e, f, threads };
}

export type VisitorWorld = Awaited<ReturnType<typeof buildVisitorWorld>>;

/** A link made by the world's member, opened: the visitor's API, with the link's view. */
export async function openedLink(world: World, projectId: string, body: Record<string, unknown>) {
  const link = await shared(world.member, world, projectId, body);
  const opened = await anonymous(world.server.app).post('/api/share/url/resolve', { code: link.code });
  expect(opened.code, opened.msg).toBe(OK);
  return { link, api: asUser(world.server.app, opened.result.token as string), token: opened.result.token };
}

/** The visitor of a token, or null for any refusal. */
export const findVisitor = (db: Db | Tx, token: string, now: Date) =>
  visitorOf(db, token, now).catch((error: unknown) => {
    if (error instanceof AppError) return null;
    throw error;
  });
