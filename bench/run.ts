/**
 * `npm run bench`: each figure is a ratio to a baseline measured in the same run, so the machine's speed cancels out.
 * 1. Authenticated `GET /api/account/login` against a bare Fastify hello-world (same connections and duration).
 * 2. The project list of a team of 10,000 projects against the same process answering a prebuilt payload of that size.
 * 3a. The stage's design list of a 1,000-design project, against the same process answering that payload prebuilt.
 * 3b. The variants of an 8000×8000 PNG made by the variants job code, against sharp alone making the same outputs.
 * `npm run bench -- 3b` (or several names) runs only the figures named.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { designs, designVersions } from '../apps/server/src/modules/designs/tables.js';
import { projects } from '../apps/server/src/modules/projects/tables.js';
import { teams } from '../apps/server/src/modules/teams/tables.js';
import { basic, call, measure, report, startBenchServer } from './harness.js';
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

/** A ready design with its six variants, as the variants job leaves it. */
function readyVersion(designId: string, n: number) {
  const dir = `variants/${n.toString(16).padStart(32, '0')}`;
  const file = (name: string, width: number, height: number) => ({
    key: `${dir}/${name}`,
    width,
    height,
    size: width * height,
    md5: 'd41d8cd98f00b204e9800998ecf8427e',
  });
  return {
    id: randomUUID(),
    designId,
    number: 1,
    fileKey: `uploads/bench/${n}.png`,
    variantDir: dir,
    fileType: 'png',
    status: 'ready',
    size: 1_000_000,
    width: 1440,
    height: 3200,
    variants: {
      org: file('org.png', 1440, 3200),
      webP: file('full.webp', 1440, 3200),
      p5: file('p5.webp', 72, 160),
      p25: file('p25.webp', 360, 800),
      p50: file('p50.webp', 720, 1600),
      cover: file('cover.webp', 480, 360),
    },
  };
}

async function projectImages() {
  const server = await startBenchServer();
  const registered = await call(`${server.url}/api/account/register`, 'POST', {
    email: 'stage@example.com',
    password: 'Bench-pass1',
  });
  const token = registered.result.token as string;
  const team = (await call(`${server.url}/api/account/team`, 'POST', { name: 'Stage' }, token)).result;
  const project = (await call(`${server.url}/api/project/project_info`, 'POST', { team_id: team.id }, token))
    .result;
  const rows = Array.from({ length: 1000 }, (_, n) => ({
    design: { id: randomUUID(), projectId: project.id, name: `Screen ${n}`, orderIndex: n },
    n,
  }));
  await server.ctx.db.insert(designs).values(rows.map((row) => row.design));
  const versions = rows.map((row) => readyVersion(row.design.id, row.n));
  await server.ctx.db.insert(designVersions).values(versions);
  for (const [index, row] of rows.entries()) {
    await server.ctx.db
      .update(designs)
      .set({ currentVersionId: versions[index].id })
      .where(eq(designs.id, row.design.id));
  }
  const url = `${server.url}/api/project/images?project_id=${project.id}&team_id=${team.id}`;
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
