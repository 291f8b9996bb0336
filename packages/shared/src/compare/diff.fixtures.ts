import {
  type Frame,
  type Layer,
  type LayerDoc,
  plainLayer,
  type Rgba,
  type TextRun,
  walkLayers,
} from '../layers.js';
import type { LayerChange } from './types.js';

/**
 * A phone screen (header, three cards, a pay button, a tab bar of four namesake tabs) for the compare tests,
 * built with keys as ids; `withIds` then gives it the ids a source would.
 */

export const rgba = (r: number, g: number, b: number, a = 1): Rgba => ({ r, g, b, a });

export function run(start: number, end: number, extra: Partial<TextRun> = {}): TextRun {
  return {
    start,
    end,
    fontFamily: 'PingFang SC',
    postScriptName: 'PingFangSC-Regular',
    fontSize: 14,
    fontWeight: 400,
    fontStyle: 'normal',
    lineHeight: 20,
    letterSpacing: 0,
    color: rgba(31, 35, 41),
    underline: false,
    strikethrough: false,
    ...extra,
  };
}

export const text = (key: string, name: string, frame: Frame, content: string, extra: Partial<Layer> = {}) =>
  plainLayer(key, name, 'text', frame, {
    text: { content, align: 'left', runs: [run(0, content.length)] },
    ...extra,
  });

export const shape = (key: string, name: string, frame: Frame, extra: Partial<Layer> = {}) =>
  plainLayer(key, name, 'shape', frame, { fills: [{ type: 'solid', color: rgba(255, 255, 255) }], ...extra });

export function group(key: string, name: string, children: Layer[], extra: Partial<Layer> = {}): Layer {
  const left = Math.min(...children.map((c) => c.frame.x));
  const top = Math.min(...children.map((c) => c.frame.y));
  const right = Math.max(...children.map((c) => c.frame.x + c.frame.width));
  const bottom = Math.max(...children.map((c) => c.frame.y + c.frame.height));
  return plainLayer(
    key,
    name,
    'group',
    { x: left, y: top, width: right - left, height: bottom - top },
    {
      children,
      ...extra,
    },
  );
}

const cardShadow = { type: 'outer' as const, color: rgba(0, 0, 0, 0.08), x: 0, y: 2, blur: 8, spread: 0 };

function card(index: number): Layer {
  const y = 104 + index * 140;
  const k = (part: string) => `card${index}-${part}`;
  return group(k('group'), 'Card', [
    shape(
      k('bg'),
      'Card Bg',
      { x: 16, y, width: 343, height: 124 },
      { radius: [8, 8, 8, 8], shadows: [cardShadow] },
    ),
    text(k('product'), 'Product', { x: 32, y: y + 16, width: 200, height: 22 }, `Item ${index}`),
    text(k('price'), 'Price', { x: 32, y: y + 48, width: 80, height: 20 }, '¥ 9.90'),
    plainLayer(
      k('thumb'),
      'Thumb',
      'image',
      { x: 279, y: y + 16, width: 64, height: 64 },
      { fills: [{ type: 'image' }] },
    ),
  ]);
}

function tab(index: number): Layer {
  const x = 10 + index * 94;
  return group(`tab${index}`, 'Tab', [
    shape(`tab${index}-icon`, 'Icon', { x: x + 35, y: 768, width: 24, height: 24 }, { fills: [] }),
    text(
      `tab${index}-label`,
      'Label',
      { x: x + 20, y: 794, width: 54, height: 14 },
      ['Home', 'Shop', 'Cart', 'Me'][index] ?? '',
    ),
  ]);
}

export function screen(): LayerDoc {
  return {
    version: 1,
    source: 'psd',
    width: 375,
    height: 812,
    layers: [
      shape(
        'bg',
        'Background',
        { x: 0, y: 0, width: 375, height: 812 },
        { fills: [{ type: 'solid', color: rgba(245, 245, 245) }] },
      ),
      group('header', 'Header', [
        shape('header-bg', 'Header Bg', { x: 0, y: 0, width: 375, height: 88 }),
        shape('back', 'Back', { x: 16, y: 52, width: 24, height: 24 }, { fills: [] }),
        text('title', 'Title', { x: 150, y: 50, width: 75, height: 24 }, 'Orders'),
      ]),
      card(0),
      card(1),
      card(2),
      group('button', 'Button', [
        shape(
          'button-bg',
          'Button Bg',
          { x: 16, y: 680, width: 343, height: 48 },
          {
            radius: [24, 24, 24, 24],
            fills: [{ type: 'solid', color: rgba(22, 119, 255) }],
          },
        ),
        text('button-label', 'Button Label', { x: 150, y: 694, width: 75, height: 20 }, 'Pay now'),
      ]),
      group('tabbar', 'Tab Bar', [
        shape('tabbar-bg', 'Tab Bg', { x: 0, y: 762, width: 375, height: 50 }),
        tab(0),
        tab(1),
        tab(2),
        tab(3),
      ]),
    ],
  };
}

export const clone = (doc: LayerDoc): LayerDoc => structuredClone(doc);

export function findByKey(layers: Layer[], key: string): Layer {
  for (const layer of walkLayers(layers)) if (layer.id === key) return layer;
  throw new Error(`no layer ${key}`);
}

/** Moves a layer and everything inside it. */
export function shiftLayer(layer: Layer, dx: number, dy: number) {
  layer.frame.x += dx;
  layer.frame.y += dy;
  for (const child of layer.children ?? []) shiftLayer(child, dx, dy);
}

/**
 * Known edits: the title's text, the pay button's colour, card 1's price moved, card 0's thumbnail resized,
 * a badge added to the header and its back icon removed, card 2's radius, card 0's shadow, the tab bar moved.
 */
export function editedScreen(): LayerDoc {
  const doc = screen();
  const at = (key: string) => findByKey(doc.layers, key);
  const title = at('title');
  if (title.text) title.text.content = 'My orders';
  at('button-bg').fills = [{ type: 'solid', color: rgba(0, 180, 42) }];
  at('card1-price').frame.x += 10;
  Object.assign(at('card0-thumb').frame, { width: 72, height: 72 });
  const header = at('header');
  header.children = header.children?.filter((layer) => layer.id !== 'back');
  header.children?.push(text('badge', 'Badge', { x: 300, y: 50, width: 40, height: 20 }, 'New'));
  at('card2-bg').radius = [12, 12, 12, 12];
  at('card0-bg').shadows = [{ ...cardShadow, blur: 16 }];
  shiftLayer(at('tabbar'), 0, -20);
  return doc;
}

/** What the edits above must report, in the newer version's order, then the removed layers. */
export const EXPECTED_EDITS = [
  'changed Title@50: textContent',
  'added Badge@50',
  'changed Card Bg@104: shadows',
  'changed Thumb@120: size',
  'changed Price@292: position',
  'changed Card Bg@384: radius',
  'changed Button Bg@680: fills',
  'changed Tab Bar@742: position',
  'removed Back@52',
];

/** "kind name@y: properties", y of the newer frame (the older one's for removed layers). */
export function describeChanges(changes: LayerChange[]): string[] {
  return changes.map((change) => {
    const frame = change.afterFrame ?? change.beforeFrame;
    const properties = change.properties.map((p) => p.property).join(',');
    return `${change.kind} ${change.name}@${frame?.y}${properties ? `: ${properties}` : ''}`;
  });
}

type IdScheme = 'psd-layer-ids' | 'index-paths' | 'sketch' | 'sketch-reexported' | 'svg-own-ids';

const layerIds = new Map<string, number>();

/** The doc with the ids its source would give: keys become Photoshop ids, index paths, Sketch ids … */
export function withIds(doc: LayerDoc, scheme: IdScheme): LayerDoc {
  const result = clone(doc);
  const assign = (layers: Layer[], parentPath: string) =>
    layers.forEach((layer, index) => {
      const path = parentPath ? `${parentPath}/${index}` : String(index);
      const key = layer.id;
      if (!layerIds.has(key)) layerIds.set(key, 1000 + layerIds.size * 7);
      if (scheme === 'psd-layer-ids') layer.id = String(layerIds.get(key));
      if (scheme === 'index-paths') layer.id = path;
      if (scheme === 'sketch') layer.id = `5E0B${key}-A1`;
      if (scheme === 'sketch-reexported') layer.id = `77C2${key}-B9`;
      // An exported SVG repeats the tabs' ids, so the importer names those elements by their paths.
      if (scheme === 'svg-own-ids') layer.id = /^tab\d-/.test(key) ? path : key;
      if (layer.children) assign(layer.children, path);
    });
  assign(result.layers, '');
  if (scheme.startsWith('sketch')) result.source = 'sketch';
  if (scheme === 'svg-own-ids') result.source = 'svg';
  return result;
}
