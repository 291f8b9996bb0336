/**
 * Figure 9: design QA's comparison of a 1170×2532 screenshot with its design: the screenshot laid over the
 * design, the best offset searched (±24 px), pixelmatch, the differing pixels clustered into boxes and the
 * mask encoded, against bare pixelmatch on the same two pictures already decoded. Medians of several runs.
 */
import pixelmatch from 'pixelmatch';
import sharp from 'sharp';
import { compareScreenshot, rasterOf } from '../apps/server/src/modules/walkthrough/compare.js';

const WIDTH = 1170;
const HEIGHT = 2532;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

/** A long phone screen of cards with titles; `changed` moves one card, recolours another and retitles a third. */
function screen(changed: boolean) {
  const cards: string[] = [];
  for (let i = 0; i < 24; i++) {
    const y = 180 + i * 96 + (changed && i === 5 ? 18 : 0);
    const fill = changed && i === 11 ? '#D73333' : i % 2 ? '#F2F3F5' : '#E8F3FF';
    const title = changed && i === 17 ? 'Changed title' : `Card number ${i}`;
    cards.push(
      `<rect x="48" y="${y}" width="1074" height="80" rx="16" fill="${fill}"/>`,
      `<text x="84" y="${y + 50}" font-family="sans-serif" font-size="36" fill="#1F2329">${title}</text>`,
    );
  }
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="100%" height="100%" fill="#fff"/>` +
      `<rect width="100%" height="150" fill="#1677FF"/>${cards.join('')}</svg>`,
  );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timeRuns(run: () => Promise<unknown> | unknown) {
  const samples: number[] = [];
  await run();
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

export async function walkthroughDiff() {
  const designPng = await sharp(screen(false)).png().toBuffer();
  const shotPng = await sharp(screen(true)).png().toBuffer();
  const design = await rasterOf(designPng);
  const shot = await rasterOf(shotPng);
  const out = Buffer.alloc(WIDTH * HEIGHT * 4);
  const bare = await timeRuns(() =>
    pixelmatch(design.data, shot.data, out, WIDTH, HEIGHT, { threshold: 0.1 }),
  );
  const aligned = await timeRuns(() =>
    compareScreenshot(design, shotPng, { scale: 1, offsetX: 0, offsetY: 0 }, false),
  );
  const searched = await timeRuns(() =>
    compareScreenshot(design, shotPng, { scale: 1, offsetX: 0, offsetY: 0 }, true),
  );
  const { boxes } = await compareScreenshot(design, shotPng, { scale: 1, offsetX: 0, offsetY: 0 }, true);
  console.log(
    `9. Design QA comparison of a ${WIDTH}×${HEIGHT} screenshot (${boxes.length} boxes found; 3 changes made)`,
  );
  console.log(`   bare pixelmatch on decoded pixels        ${bare.toFixed(0)} ms`);
  console.log(
    `   Ferry at a set offset (decode, diff, boxes, mask PNG)  ${aligned.toFixed(0)} ms  ×${(aligned / bare).toFixed(2)}`,
  );
  console.log(
    `   Ferry with the offset searched (±24 px)  ${searched.toFixed(0)} ms  ×${(searched / bare).toFixed(2)}\n`,
  );
}
