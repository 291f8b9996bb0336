import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/harness.js';
import { startBenchServer } from './harness.js';
import { seedStageProject } from './seed-stage.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const VIEWPORT = { width: 1440, height: 900 };
const STAGE_THUMBNAIL = '[data-testid="design-card"] img';

/**
 * In the page: performance.now() once every thumbnail inside the viewport has decoded, else false; with the
 * files the browser chose for them (a card offers several sizes).
 */
function thumbnailsShown(selector: string) {
  const visible = [...document.querySelectorAll<HTMLImageElement>(selector)].filter((img) => {
    const box = img.getBoundingClientRect();
    return box.bottom > 0 && box.top < innerHeight && box.width > 0;
  });
  const done = visible.length > 0 && visible.every((img) => img.complete && img.naturalWidth > 0);
  return (
    done && { at: performance.now(), count: visible.length, sources: visible.map((img) => img.currentSrc) }
  );
}

interface Shown {
  at: number;
  count: number;
  sources: string[];
}

async function timeToThumbnails(
  browser: Browser,
  url: string,
  selector: string,
  token?: string,
): Promise<Shown> {
  // A fresh context each run: nothing cached, as for someone opening the project for the first time today.
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US' });
  if (token) await context.addInitScript((value) => window.localStorage.setItem('token', value), token);
  const page = await context.newPage();
  await page.goto(url);
  const handle = await page.waitForFunction(thumbnailsShown, selector, { polling: 'raf', timeout: 60_000 });
  const shown = (await handle.jsonValue()) as Shown;
  await context.close();
  return shown;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * 3c. Opening the stage of a 1,000-design project in Chromium until the first screen of thumbnails shows,
 * against a bare HTML page holding just those thumbnails' <img> tags (same signed URLs, same server for
 * the files): what the app adds to the least a browser must do to show them.
 */
export async function stageFirstRender() {
  const webDist = path.resolve(import.meta.dirname, '../apps/web/dist/index.html');
  if (!existsSync(webDist)) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  const server = await startBenchServer();
  const { token, teamId, projectId } = await seedStageProject(server, 1000, true);
  const browser = await launchBrowser();
  const stageUrl = `${server.url}/web/#/item/project/stage?tid=${teamId}&pid=${projectId}`;

  // The stage's first screen gives the bare page its pictures: the same files, as many as the stage shows.
  const warmUp = await timeToThumbnails(browser, stageUrl, STAGE_THUMBNAIL, token);
  const bare = Fastify();
  const html = `<!doctype html><html><body style="margin:0;display:grid;grid-template-columns:repeat(5,1fr);gap:20px">
    ${warmUp.sources
      .map((src) => `<img src="${src}" style="width:100%;height:170px;object-fit:contain">`)
      .join('')}</body></html>`;
  bare.get('/', async (_request, reply) => reply.type('text/html').send(html));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  const stageTimes: number[] = [];
  const bareTimes: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    bareTimes.push((await timeToThumbnails(browser, bareUrl, 'img')).at);
    stageTimes.push((await timeToThumbnails(browser, stageUrl, STAGE_THUMBNAIL, token)).at);
  }
  const stage = median(stageTimes);
  const baseline = median(bareTimes);
  console.log(
    `3c. Stage of 1,000 designs in Chromium, first ${warmUp.count} thumbnails shown (median of ${RUNS})`,
  );
  console.log(`  baseline  bare page of the same <img> tags: ${baseline.toFixed(0)} ms`);
  console.log(`  measured  /item/project/stage: ${stage.toFixed(0)} ms`);
  console.log(`  ratio     ${(stage / baseline).toFixed(2)}× the baseline's time (lower is better)`);
  await browser.close();
  await bare.close();
  await server.close();
}
