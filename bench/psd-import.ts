/**
 * Figure 4b: importing a PSD into a LayerDoc, against ag-psd's bare parse of the same file (layer records and
 * text engine data, no pixels): what Ferry adds on top of reading the file. Measured in this process, sides
 * alternating, medians compared; the worker-thread path the job uses is shown too (it adds a worker start).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readPsd } from 'ag-psd';
import { importLayers } from '../apps/server/src/design/import.js';
import { importPsd } from '../apps/server/src/design/psd.js';

const FILES = ['agpsd-artboards.psd', 'agpsd-layers.psd', 'agpsd-text.psd', 'agpsd-vectors.psd'];
const ROUNDS = Number(process.env.BENCH_RUNS ?? 200);

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

function timeMs(run: () => unknown) {
  const start = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export async function psdImport() {
  console.log('4b. PSD import into a LayerDoc vs ag-psd parsing the same file without pixels');
  for (const name of FILES) {
    const data = readFileSync(path.join(import.meta.dirname, '../apps/server/test-data', name));
    const bare = () =>
      readPsd(data, { skipLayerImageData: true, skipCompositeImageData: true, skipThumbnail: true });
    const ours = () => importPsd(data);
    for (let i = 0; i < 3; i++) {
      bare();
      ours();
    }
    const bareMs: number[] = [];
    const oursMs: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      bareMs.push(timeMs(bare));
      oursMs.push(timeMs(ours));
    }
    const workerStart = process.hrtime.bigint();
    await importLayers(data, 'psd');
    const workerMs = Number(process.hrtime.bigint() - workerStart) / 1e6;
    const [b, o] = [median(bareMs), median(oursMs)];
    console.log(
      `    ${name.padEnd(22)} ${(data.length / 1024).toFixed(0).padStart(4)} KB  ag-psd ${b.toFixed(2)} ms  import ${o.toFixed(2)} ms  → ${(o / b).toFixed(2)}× (job in its worker: ${workerMs.toFixed(0)} ms)`,
    );
  }
  console.log('');
}
