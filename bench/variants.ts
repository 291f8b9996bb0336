/**
 * Figure 3b: the variants of a large PNG made by Ferry's variants job code against sharp alone making the
 * same outputs. Each side runs in a child process of its own, so its peak RSS (the kernel's high-water mark)
 * is its own; sides alternate over BENCH_RUNS rounds and the medians are compared.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

const SIDE_PX = Number(process.env.BENCH_VARIANTS_PX ?? 8000);
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const CHILD = path.join(import.meta.dirname, 'variants-child.ts');
const SIDES = ['ferry', 'sharp', 'sharp-parallel'] as const;

interface ChildRun {
  ms: number;
  maxRssMb: number;
  outputs: Record<string, [number, number, number]>;
}

/**
 * A design board, not a flat colour: a gradient, 200 cards with shapes and text (drawn by librsvg), and three
 * photo-like areas of smoothed noise, so PNG decoding and WebP encoding do real work.
 */
export async function writeLargePng(file: string, side = SIDE_PX) {
  const columns = Math.floor((side - 400) / 760);
  const rows = Math.floor((side - 600) / 380);
  let cards = '';
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < columns; col++) {
      const x = 200 + col * 760;
      const y = 300 + row * 380;
      const hue = (row * 37 + col * 71) % 360;
      cards +=
        `<rect x="${x}" y="${y}" width="700" height="330" rx="24" fill="hsl(${hue},60%,92%)" stroke="hsl(${hue},50%,60%)" stroke-width="4"/>` +
        `<circle cx="${x + 80}" cy="${y + 80}" r="50" fill="hsl(${hue},70%,55%)"/>` +
        `<text x="${x + 160}" y="${y + 95}" font-family="sans-serif" font-size="44" fill="#222">Screen ${row * columns + col} · Checkout</text>` +
        `<text x="${x + 40}" y="${y + 200}" font-family="sans-serif" font-size="30" fill="#555">Lorem ipsum dolor sit amet, consectetur</text>` +
        `<text x="${x + 40}" y="${y + 250}" font-family="sans-serif" font-size="30" fill="#555">adipiscing elit, sed do eiusmod tempor.</text>`;
    }
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}">` +
    '<defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#eef3fb"/><stop offset="1" stop-color="#fbeee6"/></linearGradient></defs>' +
    `<rect width="100%" height="100%" fill="url(#g)"/>${cards}</svg>`;
  const board = await sharp(Buffer.from(svg), { limitInputPixels: false }).png().toBuffer();
  const photo = await sharp({
    create: { width: 1500, height: 1000, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .blur(3)
    .png()
    .toBuffer();
  const at = (fx: number, fy: number) => ({
    input: photo,
    left: Math.round(side * fx),
    top: Math.round(side * fy),
  });
  await sharp(board, { limitInputPixels: false })
    .composite([at(0.04, 0.05), at(0.52, 0.33), at(0.22, 0.7)])
    .png()
    .toFile(file);
}

const run = promisify(execFile);

async function runSide(side: (typeof SIDES)[number], input: string, outDir: string): Promise<ChildRun> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const { stdout } = await run(process.execPath, ['--import', 'tsx', CHILD, side, input, outDir], {
    maxBuffer: 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) as string);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The derived outputs (everything but Ferry's `org`, which is the PNG itself) must match in size. */
function sameOutputs(ferry: ChildRun, bare: ChildRun) {
  for (const [name, [width, height]] of Object.entries(bare.outputs)) {
    const [ferryWidth, ferryHeight] = ferry.outputs[name] ?? [];
    if (ferryWidth !== width || ferryHeight !== height)
      throw new Error(`${name}: Ferry made ${ferryWidth}×${ferryHeight}, sharp ${width}×${height}`);
  }
}

export async function variantGeneration() {
  const dir = mkdtempSync(path.join(tmpdir(), 'ferry-bench-variants-'));
  try {
    const input = path.join(dir, 'large.png');
    await writeLargePng(input);
    const results = new Map<string, ChildRun[]>(SIDES.map((side) => [side, []]));
    for (let round = 0; round < RUNS; round++) {
      for (const side of SIDES) results.get(side)?.push(await runSide(side, input, path.join(dir, side)));
    }
    const ferryRuns = results.get('ferry') as ChildRun[];
    const summary = Object.fromEntries(
      SIDES.map((side) => {
        const runs = results.get(side) as ChildRun[];
        sameOutputs(ferryRuns[0], runs[0]);
        return [side, { ms: median(runs.map((r) => r.ms)), mb: median(runs.map((r) => r.maxRssMb)) }];
      }),
    );
    const megabytes = (statSync(input).size / 1e6).toFixed(1);
    console.log(
      `3b. Variants (full WebP, p50, p25, p5, cover) of a ${SIDE_PX}×${SIDE_PX} PNG (${megabytes} MB), median of ${RUNS}`,
    );
    const line = (label: string, { ms, mb }: { ms: number; mb: number }) =>
      console.log(`  ${label.padEnd(30)} ${(ms / 1000).toFixed(2)} s, peak RSS ${mb.toFixed(0)} MB`);
    line('Ferry (jobs/variants.ts)', summary.ferry);
    line('sharp, one output at a time', summary.sharp);
    line('sharp, clones all at once', summary['sharp-parallel']);
    for (const side of ['sharp', 'sharp-parallel'] as const) {
      console.log(
        `  ratio vs ${side.padEnd(15)} time ${((summary.ferry.ms / summary[side].ms) * 100).toFixed(0)}%, ` +
          `peak RSS ${((summary.ferry.mb / summary[side].mb) * 100).toFixed(0)}% (lower is better)`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
