import { readFileSync } from 'node:fs';
import path from 'node:path';
import { findLayer, InspectLimits, type Layer, type LayerDoc, walkLayers } from '@ferry/shared';
import { type Layer as PsdLayer, writePsdBuffer } from 'ag-psd';
import { describe, expect, test } from 'vitest';
import { importPsd, readPsdArtboards } from './psd.js';

/** Real design files made by other people (apps/server/test-data/SOURCES.md). */
const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../../test-data', name));

const byName = (doc: LayerDoc, name: string): Layer => {
  const layer = [...walkLayers(doc.layers)].find((l) => l.name === name);
  if (!layer) throw new Error(`no layer named ${name}`);
  return layer;
};
const names = (doc: LayerDoc) => [...walkLayers(doc.layers)].map((l) => l.name);

/** Photoshop's light: an angle and distance become a CSS offset (x = −cos·d, y = sin·d). */
const offset = (angle: number, distance: number) => ({
  x: Math.round(-Math.cos((angle * Math.PI) / 180) * distance * 100) / 100,
  y: Math.round(Math.sin((angle * Math.PI) / 180) * distance * 100) / 100,
});

describe('PSD artboards', () => {
  // Read from the file: three artboard layers with rects (top, left, bottom, right) 0,0,722,1082;
  // 0,1182,722,2264; 799,279,1257,877.
  test('are listed with their names and rects, in file order', () => {
    expect(readPsdArtboards(fixture('agpsd-artboards.psd'))).toEqual([
      { index: 0, name: 'white board', frame: { x: 0, y: 0, width: 1082, height: 722 } },
      { index: 1, name: 'transparent board', frame: { x: 1182, y: 0, width: 1082, height: 722 } },
      { index: 2, name: 'custom board', frame: { x: 279, y: 799, width: 598, height: 458 } },
    ]);
  });

  test('a PSD without artboards lists none', () => {
    expect(readPsdArtboards(fixture('agpsd-shapes.psd'))).toEqual([]);
  });

  test('one artboard imports alone, its layers placed relative to it and the doc its size', () => {
    const doc = importPsd(fixture('agpsd-artboards.psd'), { artboard: 1 });
    expect([doc.width, doc.height]).toEqual([1082, 722]);
    // "Group 1" holds Layer 2 (left 121, top 160, right 1881, bottom 419) and Layer 3 (1886, 365, 2051, 466).
    expect(names(doc)).toEqual(['Group 1', 'Layer 2', 'Layer 3']);
    expect(byName(doc, 'Layer 2').frame).toEqual({ x: 121 - 1182, y: 160, width: 1760, height: 259 });
    expect(byName(doc, 'Layer 3').frame).toEqual({ x: 1886 - 1182, y: 365, width: 165, height: 101 });
    expect(byName(doc, 'Group 1').frame).toEqual({
      x: 121 - 1182,
      y: 160,
      width: 2051 - 121,
      height: 466 - 160,
    });
  });

  test('a layer that is no artboard cannot be imported as one', () => {
    expect(() => importPsd(fixture('agpsd-shapes.psd'), { artboard: 0 })).toThrow();
  });

  test('the whole file shows each artboard as a group with its background', () => {
    const doc = importPsd(fixture('agpsd-artboards.psd'));
    expect([doc.width, doc.height]).toEqual([2264, 1257]);
    expect(doc.layers.map((l) => [l.name, l.type, l.frame])).toEqual([
      ['white board', 'group', { x: 0, y: 0, width: 1082, height: 722 }],
      ['transparent board', 'group', { x: 1182, y: 0, width: 1082, height: 722 }],
      ['custom board', 'group', { x: 279, y: 799, width: 598, height: 458 }],
    ]);
    // Background types: 1 white, 3 transparent, 4 the colour (217, 117, 117).
    expect(doc.layers[0].fills).toEqual([{ type: 'solid', color: { r: 255, g: 255, b: 255, a: 1 } }]);
    expect(doc.layers[1].fills).toEqual([]);
    expect(doc.layers[2].fills).toEqual([{ type: 'solid', color: { r: 217, g: 117, b: 117, a: 1 } }]);
    // Photoshop's layer ids (white board 3, Layer 1 2) are the layer ids.
    expect(findLayer(doc, '2')?.name).toBe('Layer 1');
  });
});

describe('PSD text', () => {
  test('a point text layer: content, frame, size, colour and the font of the normal style sheet', () => {
    const doc = importPsd(fixture('agpsd-text.psd'));
    const text = byName(doc, 'TEST');
    expect(text.type).toBe('text');
    // Layer bounds left 36, top 45, right 96, bottom 66.
    expect(text.frame).toEqual({ x: 36, y: 45, width: 60, height: 21 });
    // Engine data: the run sets FontSize 30 and FillColor [1 1 0 0] (ARGB: red); it names no font, so the
    // normal style sheet's Font 1 applies: FontSet[1] = MyriadPro-Regular (FontSet[0] is AdobeInvisFont).
    expect(text.text).toEqual({
      content: 'TEST',
      align: 'left',
      runs: [
        {
          start: 0,
          end: 4,
          fontFamily: 'Myriad Pro',
          postScriptName: 'MyriadPro-Regular',
          fontSize: 30,
          fontWeight: 400,
          fontStyle: 'normal',
          lineHeight: null,
          letterSpacing: 0,
          color: { r: 255, g: 0, b: 0, a: 1 },
          underline: false,
          strikethrough: false,
        },
      ],
    });
  });

  test('a paragraph text box: centred, its colour, one run where the runs differ only in kerning', () => {
    const text = byName(importPsd(fixture('agpsd-text-box.psd')), 'TEST');
    expect(text.frame).toEqual({ x: 71, y: 86, width: 60, height: 21 });
    expect(text.text?.align).toBe('center');
    expect(text.text?.runs).toHaveLength(1);
    // fillColor r 30.0084, g 255, b 0.
    expect(text.text?.runs[0].color).toEqual({ r: 30, g: 255, b: 0, a: 1 });
  });
});

describe('PSD shapes and layer styles', () => {
  test('shape layers: path bounds, fill colours, rounded-rectangle and circle radii', () => {
    const doc = importPsd(fixture('agpsd-shapes.psd'));
    // 矩形 1: a path through (18, 25) (142, 25) (142, 100) (18, 100); fill r 224.0 g 63.25 b 74.62.
    const rect = byName(doc, '矩形 1');
    expect(rect.type).toBe('shape');
    expect(rect.frame).toEqual({ x: 18, y: 25, width: 124, height: 75 });
    expect(rect.fills).toEqual([{ type: 'solid', color: { r: 224, g: 63, b: 75, a: 1 } }]);
    expect(rect.radius).toBeNull();
    // 圆角矩形 1: origin box left 179 top 20 right 336 bottom 106, radii 10 px each.
    const rounded = byName(doc, '圆角矩形 1');
    expect(rounded.frame).toEqual({ x: 179, y: 20, width: 157, height: 86 });
    expect(rounded.radius).toEqual([10, 10, 10, 10]);
    // 椭圆 2: an ellipse origin 48,152 – 191,295 (a circle).
    const circle = byName(doc, '椭圆 2');
    expect(circle.frame).toEqual({ x: 48, y: 152, width: 143, height: 143 });
    expect(circle.radius).toEqual([71.5, 71.5, 71.5, 71.5]);
    // 椭圆 1 is 90 × 158: no CSS radius draws it.
    expect(byName(doc, '椭圆 1').radius).toBeNull();
  });

  test('smart objects and pixel layers are images at their bounds', () => {
    const doc = importPsd(fixture('agpsd-shapes.psd'));
    // apple: left 265 top 240 right 465 bottom 390; calendar: 58, 349, 120, 411.
    for (const [name, frame] of [
      ['apple', { x: 265, y: 240, width: 200, height: 150 }],
      ['calendar', { x: 58, y: 349, width: 62, height: 62 }],
      ['图层 0', { x: 0, y: 0, width: 500, height: 500 }],
    ] as const) {
      const layer = byName(doc, name);
      expect([layer.type, layer.frame, layer.fills]).toEqual(['image', frame, [{ type: 'image' }]]);
    }
  });

  test('layer effects: drop and inner shadows, gradient overlay; switched-off effects are left out', () => {
    const doc = importPsd(fixture('agpsd-effects.psd'));
    // Global light 132°. drop shadow: colour 144,58.16,58.16 at 75 %, global light, distance 5, size 5, spread 2 %.
    expect(byName(doc, 'drop shadow').shadows).toEqual([
      { type: 'outer', color: { r: 144, g: 58, b: 58, a: 0.75 }, ...offset(132, 5), blur: 4.9, spread: 0.1 },
    ]);
    // inner shadow: 50.19,200,67.82 at 63 %, own angle 61°, distance 14, size 4, choke 11 %.
    expect(byName(doc, 'inner shadow').shadows).toEqual([
      {
        type: 'inner',
        color: { r: 50, g: 200, b: 68, a: 0.63 },
        ...offset(61, 14),
        blur: 3.56,
        spread: 0.44,
      },
    ]);
    // other2: a radial gradient overlay at 90 %: 9.57,0,178 → 255,0,0.02 at 0.5 → 255,252,0.
    expect(byName(doc, 'other2').fills).toEqual([
      { type: 'image' },
      {
        type: 'radial',
        angle: 0,
        stops: [
          { color: { r: 10, g: 0, b: 178, a: 0.9 }, position: 0 },
          { color: { r: 255, g: 0, b: 0, a: 0.9 }, position: 0.5 },
          { color: { r: 255, g: 252, b: 0, a: 0.9 }, position: 1 },
        ],
      },
    ]);
    // "solid fill" has a colour overlay, but the layer's effects are switched off (disabled).
    expect(byName(doc, 'solid fill').fills).toEqual([{ type: 'image' }]);
  });

  test('rounded rectangle from the vectors file: 58 px radii, its path bounds', () => {
    const layer = byName(importPsd(fixture('agpsd-vectors.psd')), 'Rounded Rectangle');
    // Knots span x 95–403, y 90–398; keyOriginRRectRadii 58 each; fill 18.26, 50.28, 244.99.
    expect(layer.frame).toEqual({ x: 95, y: 90, width: 308, height: 308 });
    expect(layer.radius).toEqual([58, 58, 58, 58]);
    expect(layer.fills).toEqual([{ type: 'solid', color: { r: 18, g: 50, b: 245, a: 1 } }]);
  });
});

describe('PSD layer tree', () => {
  test('groups nest ten deep; an empty pixel layer draws nothing and is left out', () => {
    const nested = importPsd(fixture('agpsd-nested-layers.psd'));
    const deepest = findLayer(nested, '3');
    expect(deepest?.name).toBe('Layer10 (#00)');
    let depth = 0;
    let level: Layer[] | undefined = nested.layers;
    while (level?.some((l) => l.children)) {
      level = level.find((l) => l.children)?.children;
      depth++;
    }
    expect(depth).toBe(10);
    // agpsd-layers: "Layer 3" has bounds 0,0,0,0.
    expect(names(importPsd(fixture('agpsd-layers.psd')))).toEqual(['Layer 0', 'Layer 1']);
  });

  const pixels = (width: number, height: number) => ({
    width,
    height,
    data: new Uint8ClampedArray(width * height * 4).fill(255),
  });
  const square = (x: number, y: number, w: number, h: number) =>
    [x, y, x + w, y, x + w, y + h, x, y + h].map(String);
  const knots = (points: string[]) =>
    [0, 2, 4, 6].map((i) => {
      const x = Number(points[i]);
      const y = Number(points[i + 1]);
      return { linked: false, points: [x, y, x, y, x, y] };
    });

  /** A PSD made here with known numbers: hidden layers, opacity, fill opacity, stroke, text, export names. */
  function handMade(children: PsdLayer[]): Buffer {
    return writePsdBuffer({ width: 400, height: 300, children });
  }

  test('hidden layers and hidden children are absent; export names are marked', () => {
    const doc = importPsd(
      handMade([
        { name: 'backdrop', hidden: true, left: 0, top: 0, imageData: pixels(400, 300) },
        {
          name: 'icons',
          children: [
            { name: 'icon@2x.png', left: 200, top: 200, imageData: pixels(32, 32) },
            { name: 'draft', hidden: true, left: 0, top: 0, imageData: pixels(5, 5) },
            { name: 'logo', left: 240, top: 200, imageData: pixels(10, 10) },
          ],
        },
      ]),
    );
    expect(names(doc)).toEqual(['icons', 'icon@2x.png', 'logo']);
    expect(byName(doc, 'icon@2x.png').exportable).toBe(true);
    expect(byName(doc, 'logo').exportable).toBe(false);
    expect(byName(doc, 'icons').frame).toEqual({ x: 200, y: 200, width: 50, height: 32 });
  });

  test('shape opacity, fill opacity, blend mode and a dashed inside stroke', () => {
    const card = byName(
      importPsd(
        handMade([
          {
            name: 'card',
            opacity: 0.8,
            fillOpacity: 0.6,
            blendMode: 'linear dodge',
            vectorFill: { type: 'color', color: { r: 255, g: 0, b: 0 } },
            vectorStroke: {
              strokeEnabled: true,
              fillEnabled: true,
              lineWidth: { units: 'Pixels', value: 2 },
              lineAlignment: 'inside',
              lineDashSet: [
                { units: 'None', value: 3 },
                { units: 'None', value: 1 },
              ],
              content: { type: 'color', color: { r: 0, g: 0, b: 255 } },
              opacity: 1,
            },
            vectorMask: {
              paths: [{ open: false, fillRule: 'non-zero', knots: knots(square(10, 20, 100, 50)) }],
            },
          },
        ]),
      ),
      'card',
    );
    expect(card.type).toBe('shape');
    expect(card.frame).toEqual({ x: 10, y: 20, width: 100, height: 50 });
    expect(card.opacity).toBe(0.8);
    // Photoshop's Linear Dodge (Add) is CSS plus-lighter; fill opacity 60 % goes into the paint.
    expect(card.blendMode).toBe('plus-lighter');
    expect(card.fills).toEqual([{ type: 'solid', color: { r: 255, g: 0, b: 0, a: 0.6 } }]);
    // Dashes are stored in line widths: 3 and 1 × 2 px.
    expect(card.borders).toEqual([
      {
        fill: { type: 'solid', color: { r: 0, g: 0, b: 255, a: 0.6 } },
        width: 2,
        position: 'inside',
        dash: [6, 2],
      },
    ]);
  });

  test('text runs: family and weight from PostScript names, size × the text scale, leading and tracking', () => {
    const title = byName(
      importPsd(
        handMade([
          {
            name: 'title',
            left: 20,
            top: 100,
            imageData: pixels(160, 30),
            text: {
              text: '你好 Ferry',
              transform: [2, 0, 0, 2, 20, 125],
              style: {
                fontSize: 12,
                autoLeading: false,
                leading: 16,
                tracking: 100,
                fillColor: { r: 51, g: 51, b: 51 },
              },
              styleRuns: [
                { length: 3, style: { font: { name: 'PingFangSC-Medium' } } },
                {
                  length: 5,
                  style: { font: { name: 'Helvetica-BoldOblique' }, fillColor: { r: 255, g: 0, b: 0 } },
                },
              ],
              paragraphStyle: { justification: 'right' },
            },
          },
        ]),
      ),
      'title',
    );
    const common = {
      fontSize: 24,
      lineHeight: 32,
      letterSpacing: 2.4,
      underline: false,
      strikethrough: false,
    };
    expect(title.text).toEqual({
      content: '你好 Ferry',
      align: 'right',
      runs: [
        {
          start: 0,
          end: 3,
          fontFamily: 'PingFang SC',
          postScriptName: 'PingFangSC-Medium',
          fontWeight: 500,
          fontStyle: 'normal',
          color: { r: 51, g: 51, b: 51, a: 1 },
          ...common,
        },
        {
          start: 3,
          end: 8,
          fontFamily: 'Helvetica',
          postScriptName: 'Helvetica-BoldOblique',
          fontWeight: 700,
          fontStyle: 'italic',
          color: { r: 255, g: 0, b: 0, a: 1 },
          ...common,
        },
      ],
    });
  });

  test('past InspectLimits.layersMax the deepest layers are dropped and the doc says so', () => {
    const many = Array.from({ length: InspectLimits.layersMax / 2 + 1 }, (_, i) => ({
      name: `g${i}`,
      children: [{ name: `p${i}`, left: i % 300, top: 0, imageData: pixels(1, 1) }],
    }));
    const doc = importPsd(handMade(many));
    expect(doc.truncated).toBe(true);
    expect([...walkLayers(doc.layers)]).toHaveLength(InspectLimits.layersMax);
    // Every group stays; the pixel layers inside them went first.
    expect(doc.layers).toHaveLength(InspectLimits.layersMax / 2 + 1);
  });
});
