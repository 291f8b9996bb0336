import {
  JobLimits,
  LAYER_DOC_VERSION,
  type Layer,
  type LayerDoc,
  plainLayer,
  type TextRun,
} from '@ferry/shared';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { drawLayerDoc } from './layerdoc-svg.js';
import { checkSvgFilters } from './svg-filter-budget.js';

const doc = (layers: Layer[], width = 100, height = 50): LayerDoc => ({
  version: LAYER_DOC_VERSION,
  source: 'psd',
  width,
  height,
  layers,
});
const red = { r: 255, g: 0, b: 0, a: 1 };
const box = { x: 10, y: 10, width: 40, height: 20 };

const textRun = (start: number, end: number, extra: Partial<TextRun> = {}): TextRun => ({
  start,
  end,
  fontFamily: 'Helvetica',
  postScriptName: 'Helvetica',
  fontSize: 12,
  fontWeight: 400,
  fontStyle: 'normal',
  lineHeight: null,
  letterSpacing: 0,
  color: { r: 0, g: 0, b: 0, a: 1 },
  underline: false,
  strikethrough: false,
  ...extra,
});

/** librsvg reads the SVG (a malformed one throws) and draws it. */
const drawn = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();

describe('drawLayerDoc', () => {
  test('boxes keep their radii, ovals are ellipses, paths are placed at their frames', () => {
    const svg = drawLayerDoc(
      doc([
        plainLayer('a', 'a', 'shape', box, { fills: [{ type: 'solid', color: red }], radius: [4, 4, 4, 4] }),
        plainLayer('b', 'b', 'shape', box, { fills: [{ type: 'solid', color: red }], radius: [1, 2, 3, 4] }),
        plainLayer('c', 'c', 'shape', box, {
          fills: [{ type: 'solid', color: red }],
          outline: { kind: 'oval' },
        }),
        plainLayer('d', 'd', 'shape', box, {
          fills: [{ type: 'solid', color: { ...red, a: 0.5 } }],
          outline: { kind: 'path', d: 'M0 0L40 20Z' },
        }),
      ]),
    );
    expect(svg).toContain('<rect x="10" y="10" width="40" height="20" rx="4" ry="4" fill="rgb(255,0,0)"/>');
    expect(svg).toContain(
      '<path d="M11 10H48A2 2 0 0 1 50 12V27A3 3 0 0 1 47 30H14A4 4 0 0 1 10 26V11A1 1 0 0 1 11 10Z"',
    );
    expect(svg).toContain('<ellipse cx="30" cy="20" rx="20" ry="10" fill="rgb(255,0,0)"/>');
    expect(svg).toContain(
      '<path transform="translate(10 10)" d="M0 0L40 20Z" fill="rgb(255,0,0)" fill-opacity="0.5"/>',
    );
  });

  test('borders sit inside, centred or outside; gradients follow CSS; shadows are filters', async () => {
    const svg = drawLayerDoc(
      doc([
        plainLayer('a', 'a', 'shape', box, {
          fills: [
            {
              type: 'linear',
              angle: 90,
              stops: [
                { color: red, position: 0 },
                { color: { r: 0, g: 0, b: 255, a: 1 }, position: 1 },
              ],
            },
          ],
          borders: [
            { fill: { type: 'solid', color: red }, width: 2, position: 'inside', dash: [] },
            { fill: { type: 'solid', color: red }, width: 2, position: 'outside', dash: [3, 1] },
          ],
          shadows: [{ type: 'outer', color: { r: 0, g: 0, b: 0, a: 0.3 }, x: 0, y: 4, blur: 8, spread: 0 }],
        }),
      ]),
    );
    // "to right" across a 40-wide box: from its left edge to its right at mid-height.
    expect(svg).toMatch(
      /<linearGradient id="g\d+" gradientUnits="userSpaceOnUse" x1="10" y1="20" x2="50" y2="20">/,
    );
    expect(svg).toContain(
      '<rect x="11" y="11" width="38" height="18" fill="none" stroke="rgb(255,0,0)" stroke-width="2"/>',
    );
    expect(svg).toContain(
      '<rect x="9" y="9" width="42" height="22" fill="none" stroke="rgb(255,0,0)" stroke-width="2" stroke-dasharray="3 1"/>',
    );
    expect(svg).toMatch(/<g filter="url\(#f\d+\)">/);
    expect(svg).toContain('<feOffset in="s0b" dx="0" dy="4" result="s0o"/>');
    await drawn(svg);
  });

  test('text is escaped, split into lines and runs, and hostile names never reach the markup', async () => {
    const content = '<script>alert("x")</script> & \u0001bye\nline two';
    const svg = drawLayerDoc(
      doc([
        plainLayer(
          'x"/><script>',
          'name <b>',
          'text',
          { x: 0, y: 0, width: 100, height: 40 },
          {
            text: {
              content,
              align: 'center',
              runs: [
                textRun(0, 30, { fontFamily: `Evil'"; font-family: x</text>`, fontWeight: 700 }),
                textRun(30, content.length, { underline: true, color: { r: 0, g: 0, b: 255, a: 1 } }),
              ],
            },
          },
        ),
      ]),
    );
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('name <b>');
    expect(svg).not.toContain('\u0001');
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; ');
    expect(svg).toContain('font-family="&apos;Evil font-family: x&lt;/text&gt;&apos;, sans-serif"');
    expect(svg.match(/<text /g)).toHaveLength(2);
    expect(svg).toContain('text-anchor="middle"');
    expect(svg).toContain('text-decoration="underline" fill="rgb(0,0,255)">line two</tspan>');
    await drawn(svg);
  });

  test('runs spanning lines are split at them; an empty line takes the size of the run before it', () => {
    const content = 'ab\ncd\n\nef';
    const svg = drawLayerDoc(
      doc([
        plainLayer(
          'T',
          'T',
          'text',
          { x: 0, y: 0, width: 100, height: 40 },
          {
            text: {
              content,
              align: 'left',
              runs: [
                textRun(0, 4, { fontSize: 10 }),
                textRun(4, 6, { fontSize: 20, lineHeight: 30 }),
                textRun(7, 9),
              ],
            },
          },
        ),
      ]),
    );
    const lines = [...svg.matchAll(/<text [^>]*y="([^"]+)"[^>]*>(.*?)<\/text>/g)].map(([, y, spans]) => [
      y,
      [...spans.matchAll(/font-size="(\d+)"[^>]*>([^<]*)</g)].map(([, size, part]) => `${size}:${part}`),
    ]);
    // 10 px lines (the frame shared by four), but 30 px for "cd" and for the empty line after it (its run's).
    expect(lines).toEqual([
      ['8.3', ['10:ab']],
      ['31.6', ['10:c', '20:d']],
      ['78.96', ['12:ef']],
    ]);
  });

  test('images are grey boxes unless their bytes are given; hidden layers and slices are not drawn', async () => {
    const png = await sharp({ create: { width: 2, height: 2, channels: 4, background: '#00f' } })
      .png()
      .toBuffer();
    const layers = [
      plainLayer('pic', 'pic', 'image', box, { fills: [{ type: 'image' }] }),
      plainLayer('gone', 'gone', 'shape', box, { visible: false, fills: [{ type: 'solid', color: red }] }),
      plainLayer('cut', 'cut', 'slice', box),
    ];
    const grey = drawLayerDoc(doc(layers));
    expect(grey).toContain('<rect x="10" y="10" width="40" height="20" fill="rgb(216,216,216)"/>');
    expect(grey).not.toContain('rgb(255,0,0)');
    const withBytes = drawLayerDoc(doc(layers), { images: new Map([['pic', png]]) });
    expect(withBytes).toContain('xlink:href="data:image/png;base64,');
    const pixels = await sharp(Buffer.from(withBytes)).removeAlpha().raw().toBuffer();
    const at = (20 * 100 + 20) * 3;
    expect([...pixels.subarray(at, at + 3)]).toEqual([0, 0, 255]);
    // Bytes that are no PNG or JPEG are not embedded.
    expect(drawLayerDoc(doc(layers), { images: new Map([['pic', Buffer.from('<svg/>')]]) })).not.toContain(
      'data:',
    );
  });

  test('groups carry opacity and blend mode; the background is painted first', () => {
    const svg = drawLayerDoc(
      doc([
        plainLayer('g', 'g', 'group', box, {
          opacity: 0.4,
          blendMode: 'screen',
          children: [plainLayer('c', 'c', 'shape', box, { fills: [{ type: 'solid', color: red }] })],
        }),
      ]),
      { background: { r: 1, g: 2, b: 3, a: 1 } },
    );
    expect(svg).toContain(
      '<rect width="100%" height="100%" fill="rgb(1,2,3)"/><g opacity="0.4" style="mix-blend-mode:screen">',
    );
  });

  test('shadows stay within the filter budget uploaded SVGs are held to, however many or large', async () => {
    const huge = { type: 'outer' as const, color: red, x: 0, y: 0, blur: 1e6, spread: 3 };
    const layers = Array.from({ length: 500 }, (_, i) =>
      plainLayer(`s${i}`, 's', 'shape', box, { fills: [{ type: 'solid', color: red }], shadows: [huge] }),
    );
    const svg = drawLayerDoc(doc(layers));
    expect(() => checkSvgFilters(Buffer.from(svg))).not.toThrow();
    const filters = svg.match(/<filter /g) ?? [];
    expect(filters.length).toBeGreaterThan(0);
    expect(filters.length).toBeLessThan(layers.length);
    expect(svg).toContain(`stdDeviation="${JobLimits.svgBlurDeviationMax}"`);
    // The region stops at the 100×50 canvas.
    expect(svg).toContain('filterUnits="userSpaceOnUse" x="0" y="0" width="100" height="50"');
    expect(svg.match(/<rect /g)).toHaveLength(layers.length);
    await drawn(svg);
  });
});
