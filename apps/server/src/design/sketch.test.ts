import { findLayer, type Layer, type LayerDoc, walkLayers } from '@ferry/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { importLayers, listSketchArtboards } from './import.js';
import { importSketch, readSketchArtboards } from './sketch.js';
import {
  artboard,
  sketchFixture as fixture,
  page,
  sampleSketch,
  shapePath,
  sketchFile,
  symbolInstance,
  symbolMaster,
} from './sketch-fixtures.js';

const layer = (doc: LayerDoc, id: string): Layer => {
  const found = findLayer(doc, id);
  if (!found) throw new Error(`no layer ${id}`);
  return found;
};

let sample: Buffer;
beforeAll(async () => {
  const png = await sharp({ create: { width: 10, height: 10, channels: 4, background: '#00ff00' } })
    .png()
    .toBuffer();
  sample = sampleSketch(png);
});

describe('Sketch fixtures', () => {
  // name-paths.sketch: no artboard; page "Page 1" holds one instance (0,0 100×100) of the master
  // "UI/Widgets/Thing" on page "Symbols": a rectangle filled #d8d8d8 (0.847) with a 1 px centre border #979797.
  test('a file without artboards gives its page with loose layers; the Symbols page is no design', () => {
    expect(readSketchArtboards(fixture('sketchutils-name-paths.sketch'))).toEqual([
      {
        index: 0,
        id: '9AD22B94-A05B-4F49-8EDD-A38D62BD6181',
        name: 'Page 1',
        pageId: '9AD22B94-A05B-4F49-8EDD-A38D62BD6181',
        pageName: 'Page 1',
        width: 100,
        height: 100,
      },
    ]);
  });

  test('a symbol instance expands into its master, ids instance/master layer', () => {
    const doc = importSketch(fixture('sketchutils-name-paths.sketch'), { artboard: 0 });
    expect([doc.source, doc.width, doc.height]).toEqual(['sketch', 100, 100]);
    const instance = layer(doc, 'EBA93D74-0716-4C0E-BF8E-F8A1F4153D21');
    expect([instance.type, instance.name]).toEqual(['group', 'UI/Widgets/Thing']);
    const rect = layer(doc, 'EBA93D74-0716-4C0E-BF8E-F8A1F4153D21/32042B3E-9E8C-4F18-B414-89B8BA69DDF3');
    expect(rect).toMatchObject({
      name: 'Rectangle',
      type: 'shape',
      vector: true,
      frame: { x: 0, y: 0, width: 100, height: 100 },
      radius: null,
      fills: [{ type: 'solid', color: { r: 216, g: 216, b: 216, a: 1 } }],
      borders: [
        {
          width: 1,
          position: 'center',
          dash: [],
          fill: { type: 'solid', color: { r: 151, g: 151, b: 151 } },
        },
      ],
    });
    expect([...walkLayers(doc.layers)]).toHaveLength(2);
  });

  // simple-textstyle.sketch: one text layer "Type something" at 328,542 (176×43), Apple-Chancery 27,
  // colour (0, 0.889, 0.167), paragraph alignment 1.
  test('text keeps its content, font, size, colour and alignment, placed from the page bounds', () => {
    const data = fixture('sketchutils-simple-textstyle.sketch');
    expect(readSketchArtboards(data).map((a) => [a.name, a.width, a.height])).toEqual([['Page 1', 176, 43]]);
    const doc = importSketch(data);
    const text = layer(doc, '501B1F6C-97D5-44E7-88CE-B76DA34BE6C6');
    expect(text.frame).toEqual({ x: 0, y: 0, width: 176, height: 43 });
    expect(text.text).toEqual({
      content: 'Type something',
      align: 'right',
      runs: [
        {
          start: 0,
          end: 14,
          fontFamily: 'Apple Chancery',
          postScriptName: 'Apple-Chancery',
          fontSize: 27,
          fontWeight: 400,
          fontStyle: 'normal',
          lineHeight: null,
          letterSpacing: 0,
          color: { r: 0, g: 227, b: 43, a: 1 },
          underline: false,
          strikethrough: false,
        },
      ],
    });
  });
});

describe('Sketch artboards and layers', () => {
  test('artboards are listed in page then layer order; hidden ones and symbol masters are not', () => {
    expect(readSketchArtboards(sample)).toEqual([
      { index: 0, id: 'HOME', name: 'HOME', pageId: 'SCREENS', pageName: 'Screens', width: 375, height: 200 },
      {
        index: 1,
        id: 'DETAIL',
        name: 'DETAIL',
        pageId: 'SCREENS',
        pageName: 'Screens',
        width: 320,
        height: 100,
      },
      { index: 2, id: 'THIRD', name: 'THIRD', pageId: 'OTHER', pageName: 'Other', width: 100, height: 100 },
    ]);
  });

  test('frames are relative to the artboard, groups included; hidden layers are left out', () => {
    const doc = importSketch(sample, { artboard: 0 });
    expect([doc.width, doc.height]).toEqual([375, 200]);
    expect(doc.layers.map((l) => l.id)).toEqual([
      'RED',
      'OVAL',
      'GROUP',
      'PICTURE',
      'SLICE',
      'TRIANGLE',
      'BUTTON-1',
    ]);
    expect(layer(doc, 'GROUP').frame).toEqual({ x: 20, y: 100, width: 200, height: 80 });
    expect(layer(doc, 'TEXT').frame).toEqual({ x: 30, y: 110, width: 150, height: 40 });
    expect(findLayer(doc, 'HIDDEN')).toBeUndefined();
    expect(layer(doc, 'RED').frame).toEqual({ x: 10, y: 20, width: 100, height: 40 });
    expect(importSketch(sample, { artboard: 1 }).layers.map((l) => [l.id, l.frame.x])).toEqual([['D1', 0]]);
  });

  test('a shape keeps its fills, inside dashed border, shadows, radii, opacity, blend mode and export mark', () => {
    const red = layer(importSketch(sample), 'RED');
    expect(red).toMatchObject({
      type: 'shape',
      vector: true,
      radius: [4, 4, 8, 8],
      opacity: 0.5,
      blendMode: 'multiply',
      exportable: true,
      fills: [{ type: 'solid', color: { r: 255, g: 0, b: 0, a: 1 } }],
      borders: [{ width: 2, position: 'inside', dash: [4, 2] }],
      shadows: [
        { type: 'outer', color: { r: 0, g: 0, b: 0, a: 0.5 }, x: 0, y: 2, blur: 4, spread: 1 },
        { type: 'inner', color: { r: 255, g: 255, b: 255, a: 1 }, x: 1, y: 1, blur: 0, spread: 0 },
      ],
    });
    expect(red.outline).toBeUndefined();
  });

  test('ovals, paths, bitmaps and slices', () => {
    const doc = importSketch(sample);
    const oval = layer(doc, 'OVAL');
    expect(oval.outline).toEqual({ kind: 'oval' });
    // A gradient from the top centre to the bottom centre is CSS's "to bottom".
    expect(oval.fills).toEqual([
      {
        type: 'linear',
        angle: 180,
        stops: [
          { color: { r: 255, g: 0, b: 0, a: 1 }, position: 0 },
          { color: { r: 0, g: 0, b: 255, a: 1 }, position: 1 },
        ],
      },
    ]);
    expect(layer(doc, 'TRIANGLE').outline).toEqual({ kind: 'path', d: 'M20 0L40 40L0 40L20 0Z' });
    expect(layer(doc, 'PICTURE')).toMatchObject({
      type: 'image',
      fills: [{ type: 'image' }],
      exportable: false,
    });
    expect(layer(doc, 'SLICE')).toMatchObject({ type: 'slice', exportable: true });
    expect(layer(doc, 'RED').exportable).toBe(true);
    expect(layer(doc, 'OVAL').exportable).toBe(false);
  });

  test('text runs keep font, weight, slant, size, colour, kerning, line height and decorations', () => {
    const text = layer(importSketch(sample), 'TEXT').text;
    expect(text?.content).toBe('Hello\nWorld');
    expect(text?.align).toBe('center');
    expect(text?.runs).toEqual([
      {
        start: 0,
        end: 6,
        fontFamily: 'Helvetica',
        postScriptName: 'Helvetica-Bold',
        fontSize: 16,
        fontWeight: 700,
        fontStyle: 'normal',
        lineHeight: 20,
        letterSpacing: 1,
        color: { r: 0, g: 0, b: 0, a: 1 },
        underline: true,
        strikethrough: false,
      },
      {
        start: 6,
        end: 11,
        fontFamily: 'Helvetica',
        postScriptName: 'Helvetica-Oblique',
        fontSize: 14,
        fontWeight: 400,
        fontStyle: 'italic',
        lineHeight: null,
        letterSpacing: 0,
        color: { r: 0, g: 0, b: 255, a: 1 },
        underline: false,
        strikethrough: true,
      },
    ]);
  });

  test('a symbol instance is its master scaled to its frame, with text overrides and a swapped nested symbol', () => {
    const doc = importSketch(sample);
    const button = layer(doc, 'BUTTON-1');
    expect(button).toMatchObject({ type: 'group', frame: { x: 250, y: 160, width: 100, height: 30 } });
    expect([...walkLayers(button.children ?? [])].map((l) => l.id)).toEqual([
      'BUTTON-1/MR',
      'BUTTON-1/MT',
      'BUTTON-1/MI',
      'BUTTON-1/MI/IB',
      'BUTTON-1/MI/IBT',
    ]);
    // The master is 50×15, the instance 100×30: every frame doubles.
    expect(layer(doc, 'BUTTON-1/MR').frame).toEqual({ x: 250, y: 160, width: 100, height: 30 });
    expect(layer(doc, 'BUTTON-1/MT').frame).toEqual({ x: 260, y: 164, width: 60, height: 22 });
    expect(layer(doc, 'BUTTON-1/MT').text?.content).toBe('Overridden');
    expect(layer(doc, 'BUTTON-1/MT').text?.runs[0]).toMatchObject({ start: 0, end: 10, fontSize: 9 });
    // MI shows SYM-ICON-B instead of SYM-ICON-A (an oval); the override through it reaches its text.
    expect(layer(doc, 'BUTTON-1/MI').frame).toEqual({ x: 330, y: 160, width: 20, height: 20 });
    expect(layer(doc, 'BUTTON-1/MI/IB')).toMatchObject({
      frame: { x: 330, y: 160, width: 20, height: 20 },
      fills: [{ type: 'solid', color: { r: 255, g: 255, b: 0, a: 1 } }],
    });
    expect(layer(doc, 'BUTTON-1/MI/IBT').text?.content).toBe('★');
    expect(findLayer(doc, 'BUTTON-1/MI/IA')).toBeUndefined();
  });

  test("a path inside a resized instance is drawn at the instance's size", () => {
    const triangle = shapePath('TRI', [0, 0, 10, 10], ['{0.5, 0}', '{1, 1}', '{0, 1}']);
    const file = sketchFile([
      page('P', 'Page', [
        artboard(
          'A',
          [0, 0, 100, 100],
          [symbolInstance('SAME', 'S', [0, 0, 10, 10]), symbolInstance('TWICE', 'S', [0, 0, 20, 20])],
        ),
      ]),
      page('Y', 'Symbols', [symbolMaster('M', 'S', [0, 0, 10, 10], [triangle])]),
    ]);
    const doc = importSketch(file);
    const pathOf = (id: string) => {
      const outline = layer(doc, id).outline;
      return outline?.kind === 'path' ? outline.d : '';
    };
    expect(pathOf('SAME/TRI')).toBe('M5 0L10 10L0 10L5 0Z');
    expect(layer(doc, 'TWICE/TRI').frame).toEqual({ x: 0, y: 0, width: 20, height: 20 });
    expect(pathOf('TWICE/TRI')).toBe('M10 0L20 20L0 20L10 0Z');
  });

  test('ids are stable across imports', () => {
    const ids = (doc: LayerDoc) => [...walkLayers(doc.layers)].map((l) => l.id);
    expect(ids(importSketch(sample))).toEqual(ids(importSketch(Buffer.from(sample))));
  });
});

describe('Sketch files through the worker thread', () => {
  test('lists and imports as import.ts answers the jobs', async () => {
    expect((await listSketchArtboards(sample)).map((a) => a.name)).toEqual(['HOME', 'DETAIL', 'THIRD']);
    const doc = await importLayers(sample, 'sketch', { artboard: 2 });
    expect([doc.source, doc.width, doc.height, doc.layers.length]).toEqual(['sketch', 100, 100, 0]);
  });

  test('a refusal keeps its code across the thread', async () => {
    const old = Buffer.concat([Buffer.from('SQLite format 3\0', 'latin1'), Buffer.alloc(512)]);
    await expect(listSketchArtboards(old)).rejects.toMatchObject({ code: 'SKETCH_TOO_OLD' });
    await expect(importLayers(sample, 'sketch', { artboard: 9 })).rejects.toThrow(/no artboard 9/);
  });
});
