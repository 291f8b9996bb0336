import { unzipSync, zipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { importLayers, listArtboards, listSketchArtboards } from './import.js';
import { importSketch, readSketchArtboards } from './sketch.js';
import { artboard, page, rectangle, sketchFile, solidFill, style } from './sketch-fixtures.js';
import { sketchArtboardSvg } from './sketch-picture.js';
import { forgetSketch, sketchFilesOpened, sketchTasks } from './sketch-tasks.js';

/** Three artboards on two pages; `rgb` fills the first one's rectangle. */
const boards = (rgb: [number, number, number]) =>
  sketchFile([
    page('P1', 'Screens', [
      artboard(
        'ONE',
        [0, 0, 200, 100],
        [rectangle('R1', [10, 10, 50, 50], { style: style({ fills: [solidFill(...rgb)] }) })],
      ),
      artboard('TWO', [300, 0, 120, 80], [rectangle('R2', [0, 0, 120, 20])]),
    ]),
    page('P2', 'More', [artboard('THREE', [0, 0, 64, 64], [rectangle('R3', [4, 4, 8, 8])])]),
  ]);

const fillOfFirst = (doc: { layers: { fills: unknown[] }[] }) => doc.layers[0].fills[0];

describe('the Sketch file kept opened in the worker thread', () => {
  test('consecutive artboards of one file parse it once and give the LayerDocs a fresh parse gives', () => {
    const data = boards([1, 0, 0]);
    forgetSketch();
    const before = sketchFilesOpened.count;
    const listed = sketchTasks['sketch-artboards'](data);
    const docs = listed.map((board) => sketchTasks['sketch-import'](data, board.index));
    const svg = sketchTasks['sketch-svg'](data, 1);
    expect(sketchFilesOpened.count - before).toBe(1);
    expect(listed).toEqual(readSketchArtboards(data));
    expect(docs).toEqual(listed.map((board) => importSketch(data, { artboard: board.index })));
    expect(svg).toBe(sketchArtboardSvg(data, 1));
  });

  test('a changed file of the same length is opened again, not served from the kept one', () => {
    // Stored, not deflated: the same JSON length makes the same file length.
    const stored = (data: Buffer) => Buffer.from(zipSync(unzipSync(data), { level: 0 }));
    const red = stored(boards([1, 0, 0]));
    const blue = stored(boards([0, 0, 1]));
    expect(blue.length).toBe(red.length);
    expect(blue.equals(red)).toBe(false);
    forgetSketch();
    const before = sketchFilesOpened.count;
    expect(fillOfFirst(sketchTasks['sketch-import'](red, 0))).toMatchObject({
      color: { r: 255, g: 0, b: 0 },
    });
    expect(fillOfFirst(sketchTasks['sketch-import'](blue, 0))).toMatchObject({
      color: { r: 0, g: 0, b: 255 },
    });
    expect(fillOfFirst(sketchTasks['sketch-import'](red, 0))).toMatchObject({
      color: { r: 255, g: 0, b: 0 },
    });
    expect(sketchFilesOpened.count - before).toBe(3);
  });

  test('a refused file leaves nothing kept: the previous file is opened again after it', () => {
    const data = boards([0, 1, 0]);
    forgetSketch();
    const before = sketchFilesOpened.count;
    sketchTasks['sketch-artboards'](data);
    expect(() => sketchTasks['sketch-artboards'](Buffer.from('PK\u0003\u0004 broken'))).toThrow();
    sketchTasks['sketch-import'](data, 0);
    expect(sketchFilesOpened.count - before).toBe(2);
  });

  test('through the worker: in a row, between files and after a PSD, the same LayerDocs as fresh imports', async () => {
    const red = boards([1, 0, 0]);
    const blue = boards([0, 0, 1]);
    const fresh = (data: Buffer, index: number) => importSketch(data, { artboard: index });
    const listed = await listSketchArtboards(red);
    expect(listed).toHaveLength(3);
    for (const board of listed) {
      expect(await importLayers(red, 'sketch', { artboard: board.index })).toEqual(fresh(red, board.index));
    }
    expect(await importLayers(blue, 'sketch', { artboard: 0 })).toEqual(fresh(blue, 0));
    expect(await importLayers(red, 'sketch', { artboard: 0 })).toEqual(fresh(red, 0));
    // A PSD task in between (this one refused) drops the kept file; the next Sketch import reads it again.
    await expect(listArtboards(Buffer.from('not a psd'))).rejects.toThrow();
    expect(await importLayers(blue, 'sketch', { artboard: 2 })).toEqual(fresh(blue, 2));
  });
});
