import { readFileSync } from 'node:fs';
import path from 'node:path';
import { strToU8, type Zippable, zipSync } from 'fflate';

/**
 * Small Sketch files built in tests from the JSON Sketch writes (format 130): layers with just the fields the
 * importer reads, a document listing the pages, and a meta. Ids are given, so tests can name layers by them.
 */
export type Json = Record<string, unknown>;

/** Real Sketch files made by other people (apps/server/test-data/SOURCES.md). */
export const sketchFixture = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../../test-data', name));

const color = (red: number, green: number, blue: number, alpha = 1) => ({
  _class: 'color',
  red,
  green,
  blue,
  alpha,
});
export const sketchColor = color;

export const solidFill = (red: number, green: number, blue: number, alpha = 1): Json => ({
  _class: 'fill',
  isEnabled: true,
  fillType: 0,
  color: color(red, green, blue, alpha),
  contextSettings: { _class: 'graphicsContextSettings', blendMode: 0, opacity: 1 },
});

/** A solid black border centred on the outline (Sketch's position 1), `thickness` wide. */
export const blackBorder = (thickness: number): Json => ({
  _class: 'border',
  isEnabled: true,
  fillType: 0,
  color: color(0, 0, 0),
  position: 1,
  thickness,
});

export function style(extra: Json = {}): Json {
  return {
    _class: 'style',
    borders: [],
    fills: [],
    shadows: [],
    innerShadows: [],
    borderOptions: { _class: 'borderOptions', isEnabled: true, dashPattern: [] },
    contextSettings: { _class: 'graphicsContextSettings', blendMode: 0, opacity: 1 },
    ...extra,
  };
}

export function layer(
  _class: string,
  id: string,
  frame: [number, number, number, number],
  extra: Json = {},
): Json {
  const [x, y, width, height] = frame;
  return {
    _class,
    do_objectID: id,
    name: id,
    isVisible: true,
    rotation: 0,
    frame: { _class: 'rect', x, y, width, height },
    exportOptions: { _class: 'exportOptions', exportFormats: [] },
    style: style(),
    ...extra,
  };
}

const corner = (point: string, cornerRadius = 0) => ({
  _class: 'curvePoint',
  cornerRadius,
  point,
  curveFrom: point,
  curveTo: point,
  hasCurveFrom: false,
  hasCurveTo: false,
  curveMode: 1,
});

/** A rectangle with corner radii (top-left, top-right, bottom-right, bottom-left). */
export function rectangle(
  id: string,
  frame: [number, number, number, number],
  extra: Json = {},
  radii = [0, 0, 0, 0],
) {
  return layer('rectangle', id, frame, {
    isClosed: true,
    fixedRadius: 0,
    points: ['{0, 0}', '{1, 0}', '{1, 1}', '{0, 1}'].map((point, i) => corner(point, radii[i])),
    ...extra,
  });
}

/** A closed path through the given points (fractions of the frame). */
export function shapePath(
  id: string,
  frame: [number, number, number, number],
  points: string[],
  extra: Json = {},
) {
  return layer('shapePath', id, frame, {
    isClosed: true,
    points: points.map((point) => corner(point)),
    ...extra,
  });
}

export function text(id: string, frame: [number, number, number, number], content: string, runs: Json[]) {
  return layer('text', id, frame, {
    attributedString: { _class: 'attributedString', string: content, attributes: runs },
  });
}

/** One attributed-string run: PostScript font, size, colour 0–1, and any other attributes. */
export function run(
  location: number,
  length: number,
  font: string,
  size: number,
  rgb: number[],
  extra: Json = {},
) {
  return {
    _class: 'stringAttribute',
    location,
    length,
    attributes: {
      MSAttributedStringFontAttribute: { _class: 'fontDescriptor', attributes: { name: font, size } },
      MSAttributedStringColorAttribute: color(rgb[0], rgb[1], rgb[2]),
      ...extra,
    },
  };
}

export const artboard = (
  id: string,
  frame: [number, number, number, number],
  layers: Json[],
  extra: Json = {},
) =>
  layer('artboard', id, frame, {
    layers,
    hasBackgroundColor: false,
    backgroundColor: color(1, 1, 1),
    ...extra,
  });

export const symbolMaster = (
  id: string,
  symbolID: string,
  frame: [number, number, number, number],
  layers: Json[],
) => layer('symbolMaster', id, frame, { symbolID, layers, hasBackgroundColor: false });

export const symbolInstance = (
  id: string,
  symbolID: string,
  frame: [number, number, number, number],
  overrides: [string, string][] = [],
) =>
  layer('symbolInstance', id, frame, {
    symbolID,
    overrideValues: overrides.map(([overrideName, value]) => ({
      _class: 'overrideValue',
      overrideName,
      value,
    })),
  });

export const page = (id: string, name: string, layers: Json[]): Json => ({
  _class: 'page',
  do_objectID: id,
  name,
  frame: { _class: 'rect', x: 0, y: 0, width: 0, height: 0 },
  layers,
});

/**
 * A .sketch file (a ZIP) of these pages, plus any extra entries (images, or anything a test needs; one named
 * like a built entry, such as document.json, replaces it).
 */
export function sketchFile(pages: Json[], extra: Record<string, Uint8Array> = {}): Buffer {
  const document = {
    _class: 'document',
    do_objectID: 'DOCUMENT',
    foreignSymbols: [],
    pages: pages.map((p) => ({
      _class: 'MSJSONFileReference',
      _ref_class: 'MSImmutablePage',
      _ref: `pages/${p.do_objectID}`,
    })),
  };
  const meta = { version: 130, compatibilityVersion: 99, appVersion: '70', pagesAndArtboards: {} };
  const files: Zippable = {
    'document.json': strToU8(JSON.stringify(document)),
    'meta.json': strToU8(JSON.stringify(meta)),
    ...Object.fromEntries(pages.map((p) => [`pages/${p.do_objectID}.json`, strToU8(JSON.stringify(p))])),
    ...extra,
  };
  return Buffer.from(zipSync(files));
}

/**
 * A Sketch file with one of each thing the importer reads. Page "Screens": artboard "Home" (375×200 at 100,50,
 * light blue) with a styled rectangle, a gradient oval, a group of a two-run text and a hidden rectangle, a
 * bitmap, a slice, a triangle path and an instance of "Button" (master 50×15, drawn 100×30) whose text is
 * overridden and whose nested icon is swapped (and its text overridden through it); a hidden artboard; artboard
 * "Detail". Page "Symbols": the masters. Page "Other": artboard "Third".
 */
export function sampleSketch(png: Uint8Array): Buffer {
  const home = artboard(
    'HOME',
    [100, 50, 375, 200],
    [
      rectangle(
        'RED',
        [10, 20, 100, 40],
        {
          style: style({
            fills: [solidFill(1, 0, 0)],
            borders: [blackBorder(2)],
            borderOptions: { _class: 'borderOptions', isEnabled: true, dashPattern: [4, 2] },
            shadows: [
              {
                _class: 'shadow',
                isEnabled: true,
                color: sketchColor(0, 0, 0, 0.5),
                offsetX: 0,
                offsetY: 2,
                blurRadius: 4,
                spread: 1,
              },
            ],
            innerShadows: [
              {
                _class: 'innerShadow',
                isEnabled: true,
                color: sketchColor(1, 1, 1),
                offsetX: 1,
                offsetY: 1,
                blurRadius: 0,
                spread: 0,
              },
            ],
            contextSettings: { _class: 'graphicsContextSettings', blendMode: 2, opacity: 0.5 },
          }),
          exportOptions: {
            _class: 'exportOptions',
            exportFormats: [{ _class: 'exportFormat', fileFormat: 'png', scale: 2 }],
          },
        },
        [4, 4, 8, 8],
      ),
      layer('oval', 'OVAL', [150, 20, 50, 50], {
        points: [],
        style: style({
          fills: [
            {
              _class: 'fill',
              isEnabled: true,
              fillType: 1,
              color: sketchColor(0, 0, 0),
              gradient: {
                _class: 'gradient',
                gradientType: 0,
                from: '{0.5, 0}',
                to: '{0.5, 1}',
                stops: [
                  { _class: 'gradientStop', position: 0, color: sketchColor(1, 0, 0) },
                  { _class: 'gradientStop', position: 1, color: sketchColor(0, 0, 1) },
                ],
              },
            },
          ],
        }),
      }),
      layer('group', 'GROUP', [20, 100, 200, 80], {
        layers: [
          text('TEXT', [10, 10, 150, 40], 'Hello\nWorld', [
            run(0, 6, 'Helvetica-Bold', 16, [0, 0, 0], {
              kerning: 1,
              underlineStyle: 1,
              paragraphStyle: {
                _class: 'paragraphStyle',
                alignment: 2,
                maximumLineHeight: 20,
                minimumLineHeight: 20,
              },
            }),
            run(6, 5, 'Helvetica-Oblique', 14, [0, 0, 1], { strikethroughStyle: 1 }),
          ]),
          rectangle('HIDDEN', [0, 0, 10, 10], { isVisible: false }),
        ],
      }),
      layer('bitmap', 'PICTURE', [250, 100, 50, 50], {
        image: { _class: 'MSJSONFileReference', _ref_class: 'MSImageData', _ref: 'images/pic.png' },
      }),
      layer('slice', 'SLICE', [0, 0, 375, 200]),
      shapePath('TRIANGLE', [300, 20, 40, 40], ['{0.5, 0}', '{1, 1}', '{0, 1}'], {
        style: style({ fills: [solidFill(0, 0.5, 0)] }),
      }),
      symbolInstance(
        'BUTTON-1',
        'SYM-BUTTON',
        [250, 160, 100, 30],
        [
          ['MT_stringValue', 'Overridden'],
          ['MI_symbolID', 'SYM-ICON-B'],
          ['MI/IBT_stringValue', '★'],
          ['MI/IB_image', 'images/none.png'],
        ],
      ),
    ],
    { hasBackgroundColor: true, backgroundColor: sketchColor(0.8, 0.9, 1) },
  );
  const masters = [
    symbolMaster(
      'M-BUTTON',
      'SYM-BUTTON',
      [0, 0, 50, 15],
      [
        rectangle('MR', [0, 0, 50, 15], { style: style({ fills: [solidFill(0, 0, 0.6)] }) }),
        text('MT', [5, 2, 30, 11], 'Button', [run(0, 6, 'Helvetica', 9, [1, 1, 1])]),
        symbolInstance('MI', 'SYM-ICON-A', [40, 0, 10, 10]),
      ],
    ),
    symbolMaster(
      'M-ICON-A',
      'SYM-ICON-A',
      [100, 0, 10, 10],
      [layer('oval', 'IA', [0, 0, 10, 10], { points: [] })],
    ),
    symbolMaster(
      'M-ICON-B',
      'SYM-ICON-B',
      [200, 0, 10, 10],
      [
        rectangle('IB', [0, 0, 10, 10], { style: style({ fills: [solidFill(1, 1, 0)] }) }),
        text('IBT', [0, 0, 10, 10], 'icon', [run(0, 4, 'Helvetica', 8, [0, 0, 0])]),
      ],
    ),
  ];
  return sketchFile(
    [
      page('SCREENS', 'Screens', [
        home,
        artboard('GONE', [500, 0, 100, 100], [], { isVisible: false }),
        artboard('DETAIL', [600, 0, 320, 100], [rectangle('D1', [0, 0, 320, 50])]),
      ]),
      page('SYMBOLS', 'Symbols', masters),
      page('OTHER', 'Other', [artboard('THIRD', [0, 0, 100, 100], [])]),
    ],
    { 'images/pic.png': png },
  );
}
