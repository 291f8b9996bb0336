/**
 * `npm run bench`: each figure is a ratio to a baseline measured in the same run, so the machine's speed cancels out.
 * 1. Authenticated `GET /api/account/login` against a bare Fastify hello-world (same connections and duration).
 * 2. The project list of a team of 10,000 projects against the same process answering a prebuilt payload of that size.
 * 3a. The stage's design list of a 1,000-design project, against the same process answering that payload prebuilt.
 * 3b. The variants of an 8000×8000 PNG made by the variants job code, against sharp alone making the same outputs.
 * 3c. The stage's first thumbnails of a 1,000-design project in Chromium, against a bare page of the same images.
 * 4a. The inspect view's hover hit-test on a 5,000-layer LayerDoc (µs per pointer-move), against a linear scan.
 * 4b. PSD import into a LayerDoc, against ag-psd's bare parse of the same file.
 * 5. A notice's delivery to 1,000 sockets through two instances and Redis, against a bare `ws` broadcast.
 * `npm run bench -- 3b` (or several names) runs only the figures named.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { projects } from '../apps/server/src/modules/projects/tables.js';
import { teams } from '../apps/server/src/modules/teams/tables.js';
import { basic, call, measure, report, startBenchServer } from './harness.js';
import { hoverHitTest } from './hit-test.js';
import { psdImport } from './psd-import.js';
import { realtimeDelivery } from './realtime.js';
import { seedStageProject } from './seed-stage.js';
import { stageFirstRender } from './stage-render.js';
import { variantGeneration } from './variants.js';

async function signInCheck() {
  const baseline = Fastify();
  baseline.get('/hello', async () => ({ hello: 'world' }));
  const baselineUrl = await baseline.listen({ port: 0, host: '127.0.0.1' });
  const server = await startBenchServer();
  const registered = await call(`${server.url}/api/account/register`, 'POST', {
    email: 'bench@example.com',
    password: 'Bench-pass1',
  });
  const token = registered.result.token as string;
  await call(`${server.url}/api/account/team`, 'POST', { name: 'Bench' }, token);
  const hello = await measure(`${baselineUrl}/hello`);
  const check = await measure(`${server.url}/api/account/login`, basic(token));
  report('1. GET /api/account/login (signed in) vs bare Fastify hello-world', hello, check, 'goal ≥ 50%');
  await baseline.close();
  await server.close();
}

async function projectList() {
  const server = await startBenchServer();
  const registered = await call(`${server.url}/api/account/register`, 'POST', {
    email: 'lists@example.com',
    password: 'Bench-pass1',
  });
  const token = registered.result.token as string;
  const team = (await call(`${server.url}/api/account/team`, 'POST', { name: 'Big' }, token)).result;
  await server.ctx.db.update(teams).set({ type: 'enterprise' }).where(eq(teams.id, team.id));
  for (let start = 0; start < 10_000; start += 1000) {
    await server.ctx.db.insert(projects).values(
      Array.from({ length: 1000 }, (_, i) => ({
        id: randomUUID(),
        teamId: team.id,
        name: `Project${start + i}`,
      })),
    );
  }
  const listUrl = `${server.url}/api/account/user_projects?team_id=${team.id}&pageSize=100`;
  const payload = JSON.stringify(await call(listUrl, 'GET', undefined, token));
  // The baseline: this same process answering a prebuilt payload of that size, no database and no auth.
  const prebuilt = Fastify();
  prebuilt.get('/list', async (_request, reply) => reply.type('application/json').send(payload));
  const prebuiltUrl = await prebuilt.listen({ port: 0, host: '127.0.0.1' });
  const baseline = await measure(`${prebuiltUrl}/list`);
  await prebuilt.close();
  const measured = await measure(listUrl, basic(token));
  report(
    `2. GET /api/account/user_projects, 10,000 projects, page of 100 (${payload.length} bytes) vs the same payload prebuilt`,
    baseline,
    measured,
    'higher is better',
  );
  await server.close();
}

async function projectImages() {
  const server = await startBenchServer();
  const { token, teamId, projectId } = await seedStageProject(server, 1000);
  const url = `${server.url}/api/project/images?project_id=${projectId}&team_id=${teamId}`;
  const payload = JSON.stringify(await call(url, 'GET', undefined, token));
  const prebuilt = Fastify();
  prebuilt.get('/images', async (_request, reply) => reply.type('application/json').send(payload));
  const prebuiltUrl = await prebuilt.listen({ port: 0, host: '127.0.0.1' });
  const baseline = await measure(`${prebuiltUrl}/images`);
  await prebuilt.close();
  const measured = await measure(url, basic(token));
  report(
    `3a. GET /api/project/images, 1,000 designs (${payload.length} bytes) vs the same payload prebuilt`,
    baseline,
    measured,
    'higher is better',
  );
  await server.close();
}

const FIGURES: Record<string, () => Promise<void>> = {
  '1': signInCheck,
  '2': projectList,
  '3a': projectImages,
  '3b': variantGeneration,
  '3c': stageFirstRender,
  '4a': hoverHitTest,
  '4b': psdImport,
  '5': realtimeDelivery,
};

async function main() {
  const named = process.argv.slice(2);
  const unknown = named.filter((name) => !(name in FIGURES));
  if (unknown.length)
    throw new Error(`unknown figure ${unknown.join(', ')}; figures: ${Object.keys(FIGURES).join(', ')}`);
  const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
  console.log(`Ferry bench on ${db}, ${process.env.BENCH_SECONDS ?? 5} s per load figure\n`);
  for (const [name, figure] of Object.entries(FIGURES)) {
    if (named.length === 0 || named.includes(name)) await figure();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
