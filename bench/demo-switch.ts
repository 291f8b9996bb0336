import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { runJobsOnce } from '../apps/server/src/jobs/worker.js';
import { apiClient } from '../e2e/api.js';
import { launchBrowser } from '../e2e/harness.js';
import { startBenchServer } from './harness.js';

const SWITCHES = Number(process.env.BENCH_SWITCHES ?? 30);
const WARM_UP = 4;
const VIEWPORT = { width: 1280, height: 900 };
/** What the player marks once a design's picture is on screen (apps/web/src/pages/prototype/player/pictures.ts). */
const PAINTED = 'ferry-demo-painted';

/** A phone screen at 2× (750 × 1624) with gradients and shapes, so decoding it is real work. */
function phoneScreen(hue: number): Promise<Buffer> {
  const rows = Array.from(
    { length: 14 },
    (_, i) =>
      `<rect x="32" y="${220 + i * 96}" width="686" height="80" rx="16" fill="hsl(${(hue + i * 17) % 360},55%,${80 - (i % 4) * 6}%)"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="1624">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 120) % 360},70%,40%)"/>
    </linearGradient></defs>
    <rect width="750" height="1624" fill="url(#g)"/>${rows}
    <rect x="32" y="1500" width="686" height="96" rx="48" fill="#fff"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * In the page: clicks `selector` (the element on screen leading to `target`) and answers the milliseconds
 * until the mark named `mark` for `target`, taken in the frame after the next picture went in.
 */
function clickUntilPainted([selector, mark, target]: [string, string, string]) {
  return new Promise<number>((resolve) => {
    let start = 0;
    const observer = new PerformanceObserver((list) => {
      const entry = list.getEntries().find((item) => (item as PerformanceMark).detail === target);
      if (!entry) return;
      observer.disconnect();
      resolve(entry.startTime - start);
    });
    observer.observe({ type: 'mark' });
    const element = document.querySelector<HTMLElement>(selector);
    if (!element) throw new Error(`nothing at ${selector}`);
    performance.clearMarks(mark);
    start = performance.now();
    element.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  });
}

/** Switches between the two designs `count` times, each by a click on what leads to the other one. */
async function switchTimes(
  page: Page,
  selectorTo: (id: string) => string,
  mark: string,
  ids: string[],
  count: number,
) {
  const times: number[] = [];
  let shown = 0;
  for (let n = 0; n < count; n += 1) {
    const target = ids[1 - shown];
    times.push(
      await page.evaluate(clickUntilPainted, [selectorTo(target), mark, target] as [string, string, string]),
    );
    shown = 1 - shown;
    // A pause between clicks, as a person makes: the switch before has settled.
    await page.waitForTimeout(30);
  }
  return times;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * 6. A click on a hotspot in the prototype demo until the next design is painted (the frame after its decoded
 * picture went in), switching between two 750 × 1624 designs; against a bare page that swaps the same two
 * pictures (decoded ahead, as the player preloads hotspot targets) on a click, measured the same way.
 */
export async function demoSwitch() {
  const webDist = path.resolve(import.meta.dirname, '../apps/web/dist/index.html');
  if (!existsSync(webDist)) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  const server = await startBenchServer();
  const api = apiClient(server.url);
  const owner = await api.register('Bench', Date.now());
  const ids = await api.teamWithProject(owner, 'Bench', { name: 'Demo', type: 'mobile' });
  const files = [
    { name: 'Home.png', data: await phoneScreen(210) },
    { name: 'Cart.png', data: await phoneScreen(20) },
  ];
  const designs = (await api.uploadDesigns(owner, ids, files)).map((design) => design.id);
  await runJobsOnce(server.ctx);
  const button = { p_x: 32, p_y: 1500, p_w: 686, p_h: 96 };
  await api.call(owner, 'POST', 'project/prototype', {
    team_id: ids.teamId,
    project_id: ids.projectId,
    positions: [
      { image_id: designs[0], next_image: designs[1], ...button },
      { image_id: designs[1], next_image: designs[0], ...button },
    ],
  });

  const browser = await launchBrowser();
  const demo = await api.signedInPage(browser, owner, VIEWPORT);
  await demo.goto(
    `${server.url}/web/#/item/project/proto/demo?tid=${ids.teamId}&pid=${ids.projectId}&image_id=${designs[0]}`,
  );
  await demo.waitForSelector(`[data-testid="demo-frame"][data-painted="${designs[0]}"]`);
  // The same two files the player shows, at the same size, for the bare page.
  const first = await demo.locator('.demo-picture').getAttribute('src');
  await demo.locator(`[data-target="${designs[1]}"]`).dispatchEvent('click');
  await demo.waitForSelector(`[data-testid="demo-frame"][data-painted="${designs[1]}"]`);
  const second = await demo.locator('.demo-picture').getAttribute('src');
  const width = await demo.locator('.demo-frame').evaluate((frame) => frame.clientWidth);
  const pictures = [first, second].map((src) => new URL(src ?? '', server.url).href);

  const bare = Fastify();
  const html = `<!doctype html><html><body style="margin:0;background:#18191c;display:flex;justify-content:center">
    <img id="pic" src="${pictures[0]}" data-id="${designs[0]}" style="width:${width}px;display:block">
    <script>
      const pictures = ${JSON.stringify(Object.fromEntries(designs.map((id, n) => [id, pictures[n]])))};
      const kept = Object.fromEntries(Object.entries(pictures).map(([id, src]) => {
        const image = new Image(); image.src = src; return [id, { image, ready: image.decode() }];
      }));
      const pic = document.getElementById('pic');
      document.addEventListener('click', (event) => {
        const next = event.target.dataset.next;
        if (!next) return;
        kept[next].ready.then(() => {
          pic.src = pictures[next];
          pic.dataset.id = next;
          pic.dataset.next = Object.keys(pictures).find((id) => id !== next);
          requestAnimationFrame(() => performance.mark('bare-painted', { detail: next }));
        });
      });
      pic.dataset.next = ${JSON.stringify(designs[1])};
    </script></body></html>`;
  bare.get('/', async (_request, reply) => reply.type('text/html').send(html));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  const barePage = await browser.newPage({ viewport: VIEWPORT });
  await barePage.goto(bareUrl);
  await barePage.waitForFunction(() => (document.getElementById('pic') as HTMLImageElement).complete);

  // The player now shows the second design: the next click leads back to the first.
  const demoTo = (id: string) => `[data-testid="demo-hotspot"][data-target="${id}"]`;
  const bareTo = (id: string) => `#pic[data-next="${id}"]`;
  const order = [designs[1], designs[0]];
  await switchTimes(demo, demoTo, PAINTED, order, WARM_UP);
  await switchTimes(barePage, bareTo, 'bare-painted', designs, WARM_UP);
  const demoTimes: number[] = [];
  const bareTimes: number[] = [];
  // In alternating rounds, so a busy moment of the machine falls on both sides alike.
  for (let round = 0; round < 3; round += 1) {
    const each = Math.ceil(SWITCHES / 3);
    bareTimes.push(...(await switchTimes(barePage, bareTo, 'bare-painted', designs, each)));
    demoTimes.push(...(await switchTimes(demo, demoTo, PAINTED, order, each)));
  }
  const measured = median(demoTimes);
  const baseline = median(bareTimes);
  console.log(
    `6. Hotspot click → next design painted in the demo player, 750×1624 designs (median of ${demoTimes.length})`,
  );
  console.log(`  baseline  bare page swapping the same two decoded pictures: ${baseline.toFixed(1)} ms`);
  console.log(`  measured  /item/project/proto/demo: ${measured.toFixed(1)} ms`);
  console.log(`  ratio     ${(measured / baseline).toFixed(2)}× the baseline's time (lower is better)`);
  await browser.close();
  await bare.close();
  await server.close();
}
