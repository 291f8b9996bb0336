/**
 * Figure 4d: importing a large Sketch file as the server does: its artboards listed (registration), then each
 * artboard's LayerDoc (the layers job, one import per design version, all naming the same file), through the
 * worker thread as the job calls it. Baseline: fflate unzipping the same file and JSON.parse of every JSON
 * entry once, what any reader of the file pays. Rounds alternate two files of the same size, so each round's
 * listing opens its file afresh (as a new upload's would); sides alternate, medians compared. Beside it, the
 * floor: every artboard converted in this process from one archive opened once.
 */
import { walkLayers } from '@ferry/shared';
import { unzipSync } from 'fflate';
import { importLayers, listSketchArtboards } from '../apps/server/src/design/import.js';
import { importSketchArchive, readSketchArtboards } from '../apps/server/src/design/sketch.js';
import { openSketch } from '../apps/server/src/design/sketch-archive.js';
import {
  artboard,
  blackBorder,
  type Json,
  layer,
  page,
  rectangle,
  run,
  shapePath,
  sketchFile,
  solidFill,
  style,
  symbolInstance,
  symbolMaster,
  text,
} from '../apps/server/src/design/sketch-fixtures.js';

const ARTBOARDS = 20;
const GROUPS_PER_ARTBOARD = 5;
/** Each group and its children: 5 × (1 + 48) + 5 symbol instances = 250 layers an artboard. */
const CHILDREN_PER_GROUP = 48;
const INSTANCES_PER_ARTBOARD = 5;
const ROUNDS = Number(process.env.BENCH_RUNS ?? 15);

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

function timeMs(work: () => unknown) {
  const start = process.hrtime.bigint();
  work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const bordered = (rgb: [number, number, number]) =>
  style({
    fills: [solidFill(...rgb)],
    borders: [blackBorder(1)],
  });

/** The n-th leaf of a group: a bordered rectangle, a two-run text or a triangle, in turn. */
function leaf(id: string, n: number): Json {
  const frame: [number, number, number, number] = [(n % 8) * 44, Math.floor(n / 8) * 30, 40, 24];
  if (n % 3 === 0) return rectangle(id, frame, { style: bordered([0.2, 0.4, 0.8]) }, [4, 4, 4, 4]);
  if (n % 3 === 1) {
    const content = `Label ${n} — price ¥${n * 3}`;
    return text(id, frame, content, [
      run(0, 8, 'Helvetica-Bold', 14, [0, 0, 0]),
      run(8, content.length - 8, 'Helvetica', 12, [0.3, 0.3, 0.3]),
    ]);
  }
  return shapePath(id, frame, ['{0.5, 0}', '{1, 1}', '{0, 1}'], {
    style: style({ fills: [solidFill(1, 0.5, 0)] }),
  });
}

/** 20 artboards of 250 layers on two pages, and a card symbol (used 100 times) on a symbols page. */
export function largeSketch(name = 'A'): Buffer {
  const boards = Array.from({ length: ARTBOARDS }, (_, a) => {
    const groups = Array.from({ length: GROUPS_PER_ARTBOARD }, (_, g) =>
      layer('group', `A${a}G${g}`, [0, 200 + g * 400, 375, 380], {
        layers: Array.from({ length: CHILDREN_PER_GROUP }, (_, n) => leaf(`A${a}G${g}L${n}`, n)),
      }),
    );
    const cards = Array.from({ length: INSTANCES_PER_ARTBOARD }, (_, i) =>
      symbolInstance(
        `A${a}C${i}`,
        'SYM-CARD',
        [10 + i * 70, 20, 64, 90],
        [['TITLE_stringValue', `Card ${a}.${i}`]],
      ),
    );
    return artboard(`BOARD-${a}`, [a * 500, 0, 375, 2200], [...cards, ...groups]);
  });
  const card = symbolMaster(
    'M-CARD',
    'SYM-CARD',
    [0, 0, 64, 90],
    [
      rectangle('BG', [0, 0, 64, 90], { style: bordered([1, 1, 1]) }, [8, 8, 8, 8]),
      layer('oval', 'AVATAR', [16, 8, 32, 32], {
        points: [],
        style: style({ fills: [solidFill(0.9, 0.7, 0.1)] }),
      }),
      text('TITLE', [4, 48, 56, 16], 'Card', [run(0, 4, 'Helvetica-Bold', 12, [0, 0, 0])]),
      text('BODY', [4, 66, 56, 20], 'Details', [run(0, 7, 'Helvetica', 10, [0.4, 0.4, 0.4])]),
    ],
  );
  const half = ARTBOARDS / 2;
  return sketchFile([
    page('PAGE-A', `Screens ${name}`, boards.slice(0, half)),
    page('PAGE-B', 'Screens B', boards.slice(half)),
    page('PAGE-SYMBOLS', 'Symbols', [card]),
  ]);
}

async function timeAsyncMs(work: () => Promise<unknown>) {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export async function sketchImport() {
  console.log(
    '4d. Sketch import (artboards listed, every artboard’s LayerDoc, in the worker) vs fflate unzip + JSON.parse',
  );
  const files = [largeSketch('A'), largeSketch('B')];
  const [data] = files;
  const bare = () => {
    const entries = unzipSync(data);
    for (const [name, bytes] of Object.entries(entries)) {
      if (name.endsWith('.json')) JSON.parse(new TextDecoder().decode(bytes));
    }
  };
  let layers = 0;
  // The job path: listed, then each artboard imported through the worker thread, as the layers job calls it.
  const jobPath = async (file: Buffer) => {
    const boards = await listSketchArtboards(file);
    layers = 0;
    for (const [index] of boards.entries()) {
      const doc = await importLayers(file, 'sketch', { artboard: index });
      layers += [...walkLayers(doc.layers)].length;
    }
  };
  const openedOnce = () => {
    const archive = openSketch(data);
    const boards = readSketchArtboards(data);
    for (const [index] of boards.entries()) importSketchArchive(archive, index);
  };
  for (let i = 0; i < 2; i++) {
    bare();
    await jobPath(files[i % 2]);
    openedOnce();
  }
  const bareMs: number[] = [];
  const jobMs: number[] = [];
  const onceMs: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    bareMs.push(timeMs(bare));
    jobMs.push(await timeAsyncMs(() => jobPath(files[i % 2])));
    onceMs.push(timeMs(openedOnce));
  }
  const [b, j, once] = [median(bareMs), median(jobMs), median(onceMs)];
  const json = Object.values(unzipSync(data)).reduce((sum, bytes) => sum + bytes.length, 0);
  console.log(
    `    ${ARTBOARDS} artboards × 250 layers, symbol used ${ARTBOARDS * INSTANCES_PER_ARTBOARD}×: ${(data.length / 1024).toFixed(0)} KB zipped, ${(json / 1024).toFixed(0)} KB JSON (${layers} layers imported, symbols expanded)`,
  );
  console.log(
    `    p50 of ${ROUNDS}: unzip + JSON.parse ${b.toFixed(1)} ms  list + import every artboard in the worker ${j.toFixed(1)} ms  → ${(j / b).toFixed(2)}×`,
  );
  console.log(
    `    floor, every artboard converted in this process from one archive opened once: ${once.toFixed(1)} ms → ${(once / b).toFixed(2)}×`,
  );
  console.log('');
}
