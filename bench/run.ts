/**
 * `npm run bench`: each figure is a ratio to a baseline measured in the same run, so the machine's speed cancels out.
 * Figures 1–3a run the server in a child process (harness.ts startServerProcess) and the baseline in another
 * child of the same kind, so autocannon here never shares an event loop with either; the two sides are
 * measured in turns (BENCH_ROUNDS, default 3, of BENCH_SECONDS each) and their medians compared.
 * 1. Authenticated `GET /api/account/login` against a bare Fastify hello-world (same connections and duration).
 * 2. The project list of a team of 10,000 projects against a bare Fastify answering the same payload prebuilt.
 * 3a. The stage's design list of a 1,000-design project, against a bare Fastify answering that payload prebuilt.
 * 3b. The variants of an 8000×8000 PNG made by the variants job code, against sharp alone making the same outputs.
 * 3c. The stage's first thumbnails of a 1,000-design project in Chromium, against a bare page of the same images.
 * 4a. The inspect view's hover hit-test on a 5,000-layer LayerDoc (µs per pointer-move), against a linear scan.
 * 4b. PSD import into a LayerDoc, against ag-psd's bare parse of the same file.
 * 4c. Comparing two versions of a 5,000-layer LayerDoc (diffLayerDocs, ~2% edited), against JSON-parsing both.
 * 4d. A 20-artboard Sketch file's artboards listed and every artboard imported into a LayerDoc through the worker
 *     thread (as registration and the layers job do), against fflate unzipping it and JSON.parse of its entries.
 * 5. A notice's delivery to 1,000 sockets through two instances and Redis, against a bare `ws` broadcast.
 * 6. A hotspot click in the prototype demo until the next design is painted, against a bare page of the same
 *    two pictures swapped on a click.
 * 7. A 100-page PDF drawn for the document view (page 1 viewable, pages per second), against pdf.js and its canvas
 *    drawing the same pages in a script.
 * 8. `global/search` over 10,000 projects, 100,000 designs and 1,000,000 text layers (p50/p95 for 1-, 2- and
 *    4-character Chinese and Latin keywords, as a member and as the super admin), against the bare trigram
 *    query without permission filtering; PostgreSQL full-text search over the same texts beside it.
 * 9. Design QA's comparison of a 1170×2532 screenshot (offset search, diff, clustering, mask), against bare
 *    pixelmatch on the same two pictures already decoded.
 * `npm run bench -- 3b` (or several names) runs only the figures named.
 */

import { compareVersions } from './compare.js';
import { demoSwitch } from './demo-switch.js';
import { basic, call, compare, report, startServerProcess } from './harness.js';
import { hoverHitTest } from './hit-test.js';
import { pdfPages } from './pdf-pages.js';
import { psdImport } from './psd-import.js';
import { realtimeDelivery } from './realtime.js';
import { globalSearchFigure } from './search.js';
import type { StageProject } from './seed-stage.js';
import { sketchImport } from './sketch-import.js';
import { stageFirstRender } from './stage-render.js';
import { variantGeneration } from './variants.js';
import { walkthroughDiff } from './walkthrough-diff.js';

async function signInCheck() {
  const bare = await startServerProcess('bare');
  const server = await startServerProcess('ferry');
  const registered = await call(`${server.url}/api/account/register`, 'POST', {
    email: 'bench@example.com',
    password: 'Bench-pass1',
  });
  const token = registered.result.token as string;
  await call(`${server.url}/api/account/team`, 'POST', { name: 'Bench' }, token);
  const { baseline, measured } = await compare(
    `${bare.url}/hello`,
    `${server.url}/api/account/login`,
    basic(token),
  );
  report(
    '1. GET /api/account/login (signed in) vs bare Fastify hello-world',
    baseline,
    measured,
    'goal ≥ 50%',
  );
  await bare.close();
  await server.close();
}

/**
 * A list against the same bytes served prebuilt by a bare Fastify child: what the app adds to sending them.
 * The list is read once before measuring, as any page opened twice would be.
 */
async function listAgainstPrebuilt(label: string, url: string, token: string) {
  const bare = await startServerProcess('bare');
  const payload = JSON.stringify(await call(url, 'GET', undefined, token));
  await bare.run('set-payload', payload);
  const { baseline, measured } = await compare(`${bare.url}/payload`, url, basic(token));
  await bare.close();
  report(`${label} (${payload.length} bytes) vs the same payload prebuilt`, baseline, measured, 'goal ≥ 50%');
}

async function projectList() {
  const server = await startServerProcess('ferry');
  const { token, teamId } = await server.run<{ token: string; teamId: string }>('seed-projects', 10_000);
  await listAgainstPrebuilt(
    '2. GET /api/account/user_projects, 10,000 projects, page of 100',
    `${server.url}/api/account/user_projects?team_id=${teamId}&pageSize=100`,
    token,
  );
  await server.close();
}

async function projectImages() {
  const server = await startServerProcess('ferry');
  const { token, teamId, projectId } = await server.run<StageProject>('seed-stage', 1000);
  await listAgainstPrebuilt(
    '3a. GET /api/project/images, 1,000 designs',
    `${server.url}/api/project/images?project_id=${projectId}&team_id=${teamId}`,
    token,
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
  '4c': compareVersions,
  '4d': sketchImport,
  '5': realtimeDelivery,
  '6': demoSwitch,
  '7': pdfPages,
  '8': globalSearchFigure,
  '9': walkthroughDiff,
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
