/**
 * One side of bench figure 3b, in a process of its own so its peak RSS is its own:
 * `tsx bench/variants-child.ts ferry|sharp|sharp-parallel INPUT.png OUT_DIR` prints `{ ms, maxRssMb, outputs }` as JSON.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DesignLimits, VARIANT_PERCENT } from '@ferry/shared';
import sharp from 'sharp';
import { renderVariants } from '../apps/server/src/jobs/variants.js';
import { LocalFileStore } from '../apps/server/src/modules/storage/files.js';

const [side, input, outDir] = process.argv.slice(2);

/** Ferry: what the variants job does once the file is read — md5 of the original, then its variants. */
async function ferry() {
  const data = readFileSync(input);
  createHash('md5').update(data).digest('hex');
  const files = new LocalFileStore(outDir, Buffer.alloc(32));
  const variants = await renderVariants({ files }, 'uploads/bench/large.png', data, 'png');
  return Object.fromEntries(
    Object.entries(variants).map(([name, file]) => [name, [file?.width, file?.height, file?.size]]),
  );
}

/**
 * The same outputs (sizes, formats, qualities) written by sharp alone: `sharp-parallel` the way sharp's
 * documentation makes several outputs from one input (clones, all at once), `sharp` one output at a time.
 */
async function bareSharp(parallel: boolean) {
  const data = readFileSync(input);
  const image = sharp(data, { limitInputPixels: DesignLimits.maxSidePx ** 2 });
  const { width = 0 } = await image.metadata();
  const scaled = (percent: number) => Math.max(1, Math.round((width * percent) / 100));
  const { cover } = DesignLimits;
  const outputs: [string, sharp.Sharp][] = [
    ['webP', image.clone().webp({ quality: 90 })],
    [
      'p50',
      image
        .clone()
        .resize({ width: scaled(VARIANT_PERCENT.p50) })
        .webp({ quality: 80 }),
    ],
    [
      'p25',
      image
        .clone()
        .resize({ width: scaled(VARIANT_PERCENT.p25) })
        .webp({ quality: 80 }),
    ],
    [
      'p5',
      image
        .clone()
        .resize({ width: scaled(VARIANT_PERCENT.p5) })
        .webp({ quality: 80 }),
    ],
    [
      'cover',
      image
        .clone()
        .resize(cover.width, cover.height, { fit: 'cover', position: 'top' })
        .webp({ quality: 80 }),
    ],
  ];
  const write = async ([name, pipeline]: [string, sharp.Sharp]) => {
    const info = await pipeline.toFile(path.join(outDir, `${name}.webp`));
    return [name, [info.width, info.height, info.size]];
  };
  if (parallel) return Object.fromEntries(await Promise.all(outputs.map(write)));
  const done = [];
  for (const output of outputs) done.push(await write(output));
  return Object.fromEntries(done);
}

const started = performance.now();
const outputs = side === 'ferry' ? await ferry() : await bareSharp(side === 'sharp-parallel');
const ms = performance.now() - started;
const maxRssMb = process.resourceUsage().maxRSS / 1024;
console.log(JSON.stringify({ ms, maxRssMb, outputs }));
