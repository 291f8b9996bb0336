import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { findLayer, InspectLimits, type Layer, type LayerDoc, walkLayers } from '@ferry/shared';
import { describe, expect, test } from 'vitest';
import { importSvg } from './svg.js';

/** Real design files made by other people (apps/server/test-data/SOURCES.md). */
const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../../test-data', name));

const layer = (doc: LayerDoc, id: string): Layer => {
  const found = findLayer(doc, id);
  if (!found) throw new Error(`no layer ${id}`);
  return found;
};
const all = (doc: LayerDoc) => [...walkLayers(doc.layers)];

// A drawing in a 400 × 200 viewBox shown at 200 × 100 px: every length halves in the doc.
const HAND_MADE = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="100" viewBox="0 0 400 200">
  <defs>
    <style>.brand { fill: #3366cc } rect.soft { fill-opacity: .5 }</style>
    <linearGradient id="fade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="white"/>
      <stop offset="100%" stop-color="#000" stop-opacity=".4"/>
    </linearGradient>
    <filter id="lift"><feDropShadow dx="0" dy="4" stdDeviation="3" flood-color="#000" flood-opacity=".3"/></filter>
    <rect id="chip" width="20" height="10" fill="orange"/>
  </defs>
  <g id="moved" transform="translate(10 20)">
    <rect id="box" x="5" y="5" width="30" height="40" rx="4" class="brand soft"/>
  </g>
  <rect id="scaled" x="10" y="10" width="10" height="20" transform="scale(2 3)" fill="rgb(0, 128, 255)"/>
  <rect id="turned" width="20" height="10" transform="translate(100 100) rotate(90)" fill="hsl(0, 100%, 50%)"/>
  <path id="curve" d="M0 0 C 0 100 100 100 100 0" transform="translate(200 50)" fill="none" stroke="#000" stroke-width="2" stroke-dasharray="4 2"/>
  <path id="arc" d="M300 100 a 50 50 0 0 1 100 0" fill="#00ff0080"/>
  <path id="quad" d="m0 150 q 50 100 100 0" style="fill: red; opacity: 0.5"/>
  <circle id="dot" cx="250" cy="150" r="20" fill="url(#fade)" filter="url(#lift)"/>
  <use id="chip-copy" xlink:href="#chip" x="300" y="160"/>
  <text id="label" x="200" y="190" font-family="PingFangSC-Medium, PingFang SC" font-size="20" fill="#333" letter-spacing="1" text-anchor="middle"><tspan>Hello </tspan><tspan font-weight="bold">World</tspan></text>
  <rect id="gone" width="10" height="10" display="none"/>
  <rect id="unseen" width="10" height="10" visibility="hidden"/>
  <g style="display:none"><rect id="inside-gone" width="10" height="10"/></g>
</svg>`;

describe('SVG geometry', () => {
  const doc = importSvg(HAND_MADE);

  test('the viewBox maps onto the width and height', () => {
    expect([doc.width, doc.height, doc.source]).toEqual([200, 100, 'svg']);
  });

  test('a translated group moves its children; rx becomes the radius', () => {
    // (10 + 5, 20 + 5) 30 × 40, halved.
    expect(layer(doc, 'box').frame).toEqual({ x: 7.5, y: 12.5, width: 15, height: 20 });
    expect(layer(doc, 'box').radius).toEqual([2, 2, 2, 2]);
    expect(layer(doc, 'moved').frame).toEqual({ x: 7.5, y: 12.5, width: 15, height: 20 });
  });

  test('a scaled rect and a rotated rect are boxed after their transforms', () => {
    // scale(2 3): x 20–40, y 30–90.
    expect(layer(doc, 'scaled').frame).toEqual({ x: 10, y: 15, width: 10, height: 30 });
    // rotate(90) turns 20 × 10 into x −10–0, y 0–20, then moved by (100, 100).
    expect(layer(doc, 'turned').frame).toEqual({ x: 45, y: 50, width: 5, height: 10 });
  });

  test('curves are bounded by the curve, not its control points', () => {
    // The cubic peaks at t = ½: y = 0.75 × 100 (its control points reach 100).
    expect(layer(doc, 'curve').frame).toEqual({ x: 100, y: 25, width: 50, height: 37.5 });
    // A half circle of radius 50 from (300, 100) over the top to (400, 100).
    expect(layer(doc, 'arc').frame).toEqual({ x: 150, y: 25, width: 50, height: 25 });
    // The quadratic peaks at y = 150 + 50.
    expect(layer(doc, 'quad').frame).toEqual({ x: 0, y: 75, width: 50, height: 25 });
  });

  test('<use> draws the referenced shape where it says, under its own id', () => {
    const copy = layer(doc, 'chip-copy');
    expect(copy.frame).toEqual({ x: 150, y: 80, width: 10, height: 5 });
    expect(copy.fills).toEqual([{ type: 'solid', color: { r: 255, g: 165, b: 0, a: 1 } }]);
    // What sits in <defs> is not drawn there.
    expect(findLayer(doc, 'chip')).toBeUndefined();
  });

  test('display:none and visibility:hidden leave elements out', () => {
    for (const id of ['gone', 'unseen', 'inside-gone']) expect(findLayer(doc, id)).toBeUndefined();
  });
});

describe('SVG paint and text', () => {
  const doc = importSvg(HAND_MADE);

  test('class rules, rgb(), hsl(), #rrggbbaa and opacity', () => {
    expect(layer(doc, 'box').fills).toEqual([{ type: 'solid', color: { r: 51, g: 102, b: 204, a: 0.5 } }]);
    expect(layer(doc, 'scaled').fills).toEqual([{ type: 'solid', color: { r: 0, g: 128, b: 255, a: 1 } }]);
    expect(layer(doc, 'turned').fills).toEqual([{ type: 'solid', color: { r: 255, g: 0, b: 0, a: 1 } }]);
    expect(layer(doc, 'arc').fills).toEqual([{ type: 'solid', color: { r: 0, g: 255, b: 0, a: 0.502 } }]);
    expect(layer(doc, 'quad').opacity).toBe(0.5);
  });

  test('strokes are centred borders with their dashes, in doc pixels', () => {
    const curve = layer(doc, 'curve');
    expect(curve.fills).toEqual([]);
    expect(curve.borders).toEqual([
      {
        fill: { type: 'solid', color: { r: 0, g: 0, b: 0, a: 1 } },
        width: 1,
        position: 'center',
        dash: [2, 1],
      },
    ]);
  });

  test('a gradient fill keeps its direction and stops; a drop-shadow filter becomes a shadow', () => {
    const dot = layer(doc, 'dot');
    expect(dot.fills).toEqual([
      {
        type: 'linear',
        angle: 180,
        stops: [
          { color: { r: 255, g: 255, b: 255, a: 1 }, position: 0 },
          { color: { r: 0, g: 0, b: 0, a: 0.4 }, position: 1 },
        ],
      },
    ]);
    expect(dot.radius).toEqual([10, 10, 10, 10]);
    // dy 4 and a blur of 2 × 3, halved.
    expect(dot.shadows).toEqual([
      { type: 'outer', color: { r: 0, g: 0, b: 0, a: 0.3 }, x: 0, y: 2, blur: 3, spread: 0 },
    ]);
  });

  test('text: tspans become runs; the PostScript name gives family and weight; anchor gives align', () => {
    const label = layer(doc, 'label');
    expect(label.type).toBe('text');
    const common = {
      fontFamily: 'PingFang SC',
      postScriptName: 'PingFangSC-Medium',
      fontSize: 10,
      fontStyle: 'normal',
      lineHeight: null,
      letterSpacing: 0.5,
    };
    const color = { r: 51, g: 51, b: 51, a: 1 };
    expect(label.text).toEqual({
      content: 'Hello World',
      align: 'center',
      runs: [
        { start: 0, end: 6, ...common, fontWeight: 500, color, underline: false, strikethrough: false },
        { start: 6, end: 11, ...common, fontWeight: 700, color, underline: false, strikethrough: false },
      ],
    });
    // Centred on x = 100 (doc px), the baseline (y 95) inside the frame.
    const { x, y, width, height } = label.frame;
    expect(x + width / 2).toBeCloseTo(100, 5);
    expect(y).toBeLessThan(95);
    expect(y + height).toBeGreaterThanOrEqual(95);
  });
});

describe('SVG exports from design tools', () => {
  test('a Sketch export: background gradient, two-line text, a translucent circle', () => {
    const doc = importSvg(fixture('wikimediaui-illustrations-colored-background.svg'));
    expect([doc.width, doc.height]).toEqual([375, 667]);
    const shapes = all(doc);
    // <path fill="url(#a)" d="M0 0h375v667H0z"/>, gradient a: #0bd564 → #36c.
    const background = shapes.find(
      (l) => l.type === 'shape' && l.frame.width === 375 && l.frame.height === 667,
    );
    expect(background?.fills[0]).toMatchObject({
      type: 'linear',
      stops: [
        { color: { r: 11, g: 213, b: 100, a: 1 }, position: 0 },
        { color: { r: 51, g: 102, b: 204, a: 1 }, position: 1 },
      ],
    });
    // <text fill="#fff" font-size="35" font-weight="bold"> with tspans at y 326 and 366.
    const title = shapes.find((l) => l.text?.content.startsWith('New ways'));
    expect(title?.text?.content).toBe('New ways to\nexplore');
    expect(title?.text?.runs).toMatchObject([
      { fontSize: 35, fontWeight: 700, lineHeight: 40, color: { r: 255, g: 255, b: 255, a: 1 } },
    ]);
    expect(title?.frame.x).toBe(34);
    // <circle cx="188" cy="122" r="97" fill="#36c" fill-opacity=".083"/>
    const circle = shapes.find((l) => l.name === 'Circle');
    expect(circle?.frame).toEqual({ x: 91, y: 25, width: 194, height: 194 });
    expect(circle?.fills).toEqual([{ type: 'solid', color: { r: 51, g: 102, b: 204, a: 0.083 } }]);
  });

  test('Sketch shadow copies fold into their shape; nested translates place the text', () => {
    const doc = importSvg(fixture('wikimediaui-language_selectors_states_expanded_layout_02.svg'));
    expect([doc.width, doc.height]).toEqual([430, 788]);
    // Rectangle-Copy-8: <use href="#path-3" fill="#000" filter="url(#filter-5)"/> then the same path in
    // white; path-3 spans 348 × 669 and the group sits at (−8334 + 7189 + 27 + 1119 + 40, −3273 + 2174 + 1100 + 40).
    const card = all(doc).find((l) => l.name === 'Rectangle-Copy-8') as Layer;
    expect(card.children).toHaveLength(1);
    const [surface] = card.children ?? [];
    expect(surface.frame).toEqual({ x: 41, y: 41, width: 348, height: 669 });
    expect(surface.fills).toEqual([{ type: 'solid', color: { r: 255, g: 255, b: 255, a: 1 } }]);
    // filter-5: feOffset dy 1, feGaussianBlur stdDeviation 1, colour matrix alpha 0.25.
    expect(surface.shadows).toEqual([
      { type: 'outer', color: { r: 0, g: 0, b: 0, a: 0.25 }, x: 0, y: 1, blur: 2, spread: 0 },
    ]);
    // "English": tspan x 32 y 23 inside translate(0 203) and translate(12 109).
    const english = all(doc).find((l) => l.text?.content === 'English');
    expect(english?.frame.x).toBe(41 + 12 + 32);
    expect(english?.text?.runs[0]).toMatchObject({
      fontFamily: 'Helvetica Neue',
      postScriptName: 'HelveticaNeue',
      fontSize: 16,
      color: { r: 32, g: 33, b: 34, a: 1 },
    });
    // The page's 14100 × 4217 white background is clipped to the document.
    expect(
      all(doc).every(
        (l) =>
          l.frame.x >= 0 &&
          l.frame.y >= 0 &&
          l.frame.x + l.frame.width <= 430 &&
          l.frame.y + l.frame.height <= 788,
      ),
    ).toBe(true);
  });

  test('element ids name layers and, when unique, are their ids', () => {
    const doc = importSvg(fixture('wikimediaui-button_groups_states.svg'));
    const ids = all(doc).map((l) => l.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(layer(doc, 'BUTTON-GROUP').type).toBe('group');
  });
});

describe('hostile SVG', () => {
  test('scripts never run, nothing outside the file is fetched, DOCTYPE entities are not expanded', async () => {
    const requests: string[] = [];
    const server = createServer((request, response) => {
      requests.push(request.url ?? '');
      response.end('<svg xmlns="http://www.w3.org/2000/svg"><rect id="icon" width="5" height="5"/></svg>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const laughs = Array.from(
        { length: 9 },
        (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`,
      ).join('');
      const svg = `<?xml version="1.0"?>
<!DOCTYPE svg [<!ENTITY lol0 "lol">${laughs}<!ENTITY ext SYSTEM "${base}/entity">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="50" onload="globalThis.svgRan = 1">
  <script>globalThis.svgRan = 2</script>
  <script xlink:href="${base}/script.js"/>
  <style>@import url(${base}/style.css); .remote { fill: url(${base}/paint.svg#g) }</style>
  <image id="photo" href="${base}/photo.png" x="10" y="10" width="20" height="20"/>
  <use id="sprite" xlink:href="${base}/sprite.svg#icon"/>
  <rect id="painted" width="5" height="5" fill="url(${base}/paint.svg#g) #123456"/>
  <rect id="styled" class="remote" width="5" height="5"/>
  <foreignObject width="50" height="50"><iframe xmlns="http://www.w3.org/1999/xhtml" src="${base}/frame"/></foreignObject>
  <text id="words" x="0" y="40">&lol9;&ext;</text>
</svg>`;
      const doc = importSvg(svg);
      // A request the import made would reach the server before this one is answered.
      await fetch(`${base}/probe`).then((response) => response.text());
      expect(requests).toEqual(['/probe']);
      expect((globalThis as { svgRan?: number }).svgRan).toBeUndefined();
      // The image is a layer (its pixels are not needed to place it); the remote sprite draws nothing.
      expect(layer(doc, 'photo')).toMatchObject({
        type: 'image',
        frame: { x: 10, y: 10, width: 20, height: 20 },
      });
      expect(findLayer(doc, 'sprite')).toBeUndefined();
      expect(layer(doc, 'painted').fills).toEqual([{ type: 'solid', color: { r: 18, g: 52, b: 86, a: 1 } }]);
      expect(layer(doc, 'styled').fills).toEqual([]);
      // The entities stay as written: no billion laughs, no file contents.
      expect(layer(doc, 'words').text?.content).toBe('&lol9;&ext;');
    } finally {
      server.close();
    }
  });

  test('a non-SVG document is refused', () => {
    expect(() => importSvg('<html><body>hi</body></html>')).toThrow();
    expect(() => importSvg(Buffer.from([0, 1, 2, 3]))).toThrow();
  });

  test('a <use> bomb stops at the layer limit', () => {
    const levels = Array.from(
      { length: 8 },
      (_, i) => `<g id="l${i + 1}">${`<use href="#l${i}"/>`.repeat(10)}</g>`,
    );
    const doc = importSvg(
      `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><defs><rect id="l0" width="1" height="1"/>${levels.join('')}</defs><use href="#l8"/></svg>`,
    );
    expect(doc.truncated).toBe(true);
    expect(all(doc).length).toBeLessThanOrEqual(InspectLimits.layersMax);
  });

  test('a use that refers to itself or an ancestor does not loop', () => {
    const doc = importSvg(
      `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><g id="a"><rect width="2" height="2"/><use href="#a"/></g><use id="self" href="#self"/></svg>`,
    );
    expect(all(doc).map((l) => l.type)).toEqual(['group', 'shape']);
  });

  test('nesting deeper than the parser keeps is cut off without overflowing the stack', () => {
    const depth = 20_000;
    const doc = importSvg(
      `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${'<g>'.repeat(depth)}<rect width="1" height="1"/>${'</g>'.repeat(depth)}<rect id="after" width="3" height="3"/></svg>`,
    );
    expect(doc.truncated).toBe(true);
    expect(layer(doc, 'after').frame).toEqual({ x: 0, y: 0, width: 3, height: 3 });
  });
});
