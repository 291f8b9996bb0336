import { Codes, InspectLimits, SketchLimits, walkLayers } from '@ferry/shared';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { UndecodableDesign } from './raster.js';
import { importSketch, readSketchArtboards } from './sketch.js';
import { openSketch } from './sketch-archive.js';
import {
  artboard,
  type Json,
  layer,
  page,
  rectangle,
  sketchFile,
  symbolInstance,
  symbolMaster,
  text,
} from './sketch-fixtures.js';

/** What a refusal says: its code (a catalogue entry, so the jobs can map it) and its message. */
function refusal(read: () => unknown): { code: string | undefined; message: string } {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(UndecodableDesign);
    const { code, message } = error as UndecodableDesign;
    if (code) expect(Codes[code]).toBeDefined();
    return { code, message };
  }
  throw new Error('the file was read');
}

const oneArtboard = (layers: Json[], masters: Json[] = []) =>
  sketchFile([page('P', 'Page', [artboard('A', [0, 0, 100, 100], layers)]), page('S', 'Symbols', masters)]);

/**
 * Sets the declared unpacked size of one entry in a ZIP's central directory (header 0x02014b50: the size is at
 * +24, the name's length at +28, the name at +46), as a ZIP bomb declares what it will inflate to.
 */
function declareSize(zip: Buffer, name: string, size: number): Buffer {
  const out = Buffer.from(zip);
  for (
    let at = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    at >= 0;
    at = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4)
  ) {
    const length = out.readUInt16LE(at + 28);
    if (out.toString('utf8', at + 46, at + 46 + length) === name) {
      out.writeUInt32LE(size, at + 24);
      return out;
    }
  }
  throw new Error(`no entry ${name}`);
}

/** The same ZIP with one entry stored (method 0) instead of deflated. */
function storeEntry(zip: Buffer, name: string): Buffer {
  const files = unzipSync(zip);
  return Buffer.from(
    zipSync(
      Object.fromEntries(Object.entries(files).map(([n, b]) => [n, n === name ? [b, { level: 0 }] : b])),
    ),
  );
}

describe('Sketch files refused before they cost anything', () => {
  test('a Sketch 42 or older file (SQLite) asks to be saved again in Sketch 43 or later', () => {
    const old = Buffer.concat([Buffer.from('SQLite format 3\0', 'latin1'), Buffer.alloc(4096)]);
    const { code, message } = refusal(() => readSketchArtboards(old));
    expect(code).toBe('SKETCH_TOO_OLD');
    expect(message).toMatch(/Sketch 43 or later/);
    expect(Codes.SKETCH_TOO_OLD.en).toMatch(/Sketch 43 or later/);
    expect(Codes.SKETCH_TOO_OLD.zh).toMatch(/Sketch 43/);
  });

  test('bytes that are not a ZIP are unreadable; a ZIP without a document is not a Sketch file', () => {
    expect(refusal(() => readSketchArtboards(Buffer.from('{"not": "a sketch file"}'))).code).toBe(
      'DESIGN_UNREADABLE',
    );
    const noDocument = Buffer.from(zipSync({ 'meta.json': strToU8('{}') }));
    expect(refusal(() => readSketchArtboards(noDocument)).code).toBe('SKETCH_NOT_SKETCH');
    const truncated = oneArtboard([]).subarray(0, 60);
    expect(refusal(() => readSketchArtboards(truncated)).code).toBe('DESIGN_UNREADABLE');
  });

  test('a ZIP declaring more unpacked bytes than the limits is refused from its directory alone', () => {
    const file = sketchFile([page('P', 'Page', [artboard('A', [0, 0, 10, 10], [])])], {
      'images/huge.png': new Uint8Array(16),
    });
    // Inflating 2 GB would take seconds and the memory; the directory check answers at once.
    const bomb = declareSize(file, 'images/huge.png', 0x7fff0000);
    const started = Date.now();
    const { code, message } = refusal(() => readSketchArtboards(bomb));
    expect([code, message]).toEqual(['SKETCH_TOO_COMPLEX', expect.stringMatching(/unpacks to more than/)]);
    expect(Date.now() - started).toBeLessThan(1000);
    const bigJson = declareSize(file, 'pages/P.json', SketchLimits.jsonMaxBytes + 1);
    expect(refusal(() => readSketchArtboards(bigJson)).message).toMatch(/JSON is larger than/);
    expect(readSketchArtboards(file)).toHaveLength(1);
  });

  test('an entry that inflates past the size it declares is refused as soon as it passes it', () => {
    // 8 MB of spaces deflate to a few KB; the page declares 200 bytes (a ZIP bomb lying low).
    const padded =
      JSON.stringify(page('P', 'Page', [artboard('A', [0, 0, 10, 10], [])])) + ' '.repeat(8 << 20);
    const file = sketchFile([page('P', 'Page', [])], { 'pages/P.json': strToU8(padded) });
    const bomb = declareSize(file, 'pages/P.json', 200);
    expect(refusal(() => readSketchArtboards(bomb))).toEqual({
      code: 'SKETCH_TOO_COMPLEX',
      message: expect.stringMatching(/pages\/P\.json is larger than the 200 bytes it declares/),
    });
    expect(Codes.SKETCH_TOO_COMPLEX.code).toBe('19079');
    expect(readSketchArtboards(file)).toHaveLength(1);
  });

  test('a stored entry is held to the size it declares, and its real size counts toward the limits', () => {
    const file = sketchFile([page('P', 'Page', [artboard('A', [0, 0, 10, 10], [])])], {
      'images/big.png': new Uint8Array(5000),
    });
    const storedPage = storeEntry(file, 'pages/P.json');
    expect(readSketchArtboards(storedPage)).toHaveLength(1);
    const lyingPage = declareSize(storedPage, 'pages/P.json', 2);
    expect(refusal(() => readSketchArtboards(lyingPage))).toEqual({
      code: 'SKETCH_TOO_COMPLEX',
      message: expect.stringMatching(/pages\/P\.json is larger than the 2 bytes it declares/),
    });
    // An image declaring 16 bytes but holding 5000 is not handed out under a 1000-byte budget.
    const storedImage = storeEntry(file, 'images/big.png');
    expect(openSketch(storedImage).image('images/big.png', 10_000)?.byteLength).toBe(5000);
    const lyingImage = declareSize(storedImage, 'images/big.png', 16);
    expect(openSketch(lyingImage).image('images/big.png', 1000)).toBeNull();
    expect(openSketch(lyingImage).image('images/big.png', 10_000)).toBeNull();
  });

  test('a ZIP of too many entries is refused', () => {
    const entries: Record<string, Uint8Array> = {};
    for (let i = 0; i <= SketchLimits.entriesMax; i++) entries[`images/${i}.png`] = new Uint8Array(0);
    const file = sketchFile([page('P', 'Page', [artboard('A', [0, 0, 10, 10], [])])], entries);
    expect(refusal(() => readSketchArtboards(file)).message).toMatch(/more than 20000 entries/);
  });

  test('JSON nested past the limit is refused before it is parsed; layers nested past theirs too', () => {
    const nest = (levels: number): Json => {
      let inner: Json = rectangle('LEAF', [0, 0, 1, 1]);
      for (let i = 0; i < levels; i++) inner = layer('group', `G${i}`, [0, 0, 1, 1], { layers: [inner] });
      return inner;
    };
    const deepJson = oneArtboard([nest(SketchLimits.jsonDepthMax)]);
    expect(refusal(() => readSketchArtboards(deepJson))).toEqual({
      code: 'SKETCH_TOO_COMPLEX',
      message: expect.stringMatching(/nests deeper than 300 levels/),
    });
    // 120 groups fit in the JSON's depth but not in the layers'.
    const deepLayers = oneArtboard([nest(120)]);
    expect(readSketchArtboards(deepLayers)).toHaveLength(1);
    expect(refusal(() => importSketch(deepLayers)).message).toMatch(/layers nest deeper than 100/);
    expect(importSketch(oneArtboard([nest(90)])).layers).toHaveLength(1);
  });

  test('a symbol that contains itself, directly or through another, is refused', () => {
    const direct = oneArtboard(
      [symbolInstance('I', 'SELF', [0, 0, 10, 10])],
      [symbolMaster('M', 'SELF', [0, 0, 10, 10], [symbolInstance('INNER', 'SELF', [0, 0, 10, 10])])],
    );
    expect(refusal(() => importSketch(direct))).toEqual({
      code: 'SKETCH_TOO_COMPLEX',
      message: 'symbol "M" contains itself',
    });
    const indirect = oneArtboard(
      [symbolInstance('I', 'A', [0, 0, 10, 10])],
      [
        symbolMaster('MA', 'A', [0, 0, 10, 10], [symbolInstance('TO-B', 'B', [0, 0, 10, 10])]),
        symbolMaster('MB', 'B', [0, 0, 10, 10], [symbolInstance('TO-A', 'A', [0, 0, 10, 10])]),
      ],
    );
    expect(refusal(() => importSketch(indirect)).message).toBe('symbol "MA" contains itself');
    // The same master twice side by side is no cycle.
    const twice = oneArtboard(
      [symbolInstance('I1', 'A', [0, 0, 10, 10]), symbolInstance('I2', 'A', [20, 0, 10, 10])],
      [symbolMaster('MA', 'A', [0, 0, 10, 10], [rectangle('R', [0, 0, 10, 10])])],
    );
    expect(importSketch(twice).layers.map((l) => l.children?.[0]?.id)).toEqual(['I1/R', 'I2/R']);
  });

  test("a long text in a master used by many instances is refused past the import's byte budget", () => {
    const master = symbolMaster(
      'M',
      'LONG',
      [0, 0, 10, 10],
      [text('T', [0, 0, 10, 10], 'x'.repeat(1 << 20), [])],
    );
    const instances = (count: number) =>
      Array.from({ length: count }, (_, i) => symbolInstance(`I${i}`, 'LONG', [0, 0, 10, 10]));
    // 1 MB of text copied into each instance: 60 fit in the 64 MB budget, 65 do not.
    expect(SketchLimits.producedBytesMax).toBe(64 * 1024 * 1024);
    expect(importSketch(oneArtboard(instances(60), [master])).layers).toHaveLength(60);
    expect(refusal(() => importSketch(oneArtboard(instances(65), [master])))).toEqual({
      code: 'SKETCH_TOO_COMPLEX',
      message: expect.stringMatching(/paths and texts come to more than 67108864 bytes/),
    });
  });

  test('a do_objectID used twice still gives unique layer ids, the first keeping its own', () => {
    const doc = importSketch(oneArtboard([rectangle('SAME', [0, 0, 1, 1]), rectangle('SAME', [5, 0, 1, 1])]));
    const ids = doc.layers.map((l) => l.id);
    expect(ids[0]).toBe('SAME');
    expect(new Set(ids).size).toBe(2);
  });

  test('an absurd frame is refused; a file with nothing to show is refused as empty', () => {
    const far = oneArtboard([rectangle('FAR', [1e12, 0, 10, 10])]);
    expect(refusal(() => importSketch(far)).message).toMatch(/more than 1000000 px away/);
    const empty = sketchFile([page('P', 'Page', [])]);
    expect(refusal(() => readSketchArtboards(empty)).code).toBe('SKETCH_EMPTY');
    expect(refusal(() => importSketch(empty)).code).toBe('SKETCH_EMPTY');
  });

  test('symbols that multiply (ten of the next, six deep: a million layers) stop at the budget, truncated', () => {
    const masters = Array.from({ length: 6 }, (_, level) =>
      symbolMaster(
        `M${level}`,
        `S${level}`,
        [0, 0, 10, 10],
        level === 5
          ? [rectangle('LEAF', [0, 0, 1, 1])]
          : Array.from({ length: 10 }, (_, i) => symbolInstance(`I${i}`, `S${level + 1}`, [i, 0, 1, 1])),
      ),
    );
    const started = Date.now();
    const doc = importSketch(oneArtboard([symbolInstance('TOP', 'S0', [0, 0, 100, 100])], masters));
    expect(doc.truncated).toBe(true);
    expect([...walkLayers(doc.layers)].length).toBe(InspectLimits.layersMax);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
