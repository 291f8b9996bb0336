import { describe, expect, it } from 'vitest';
import { buildLayerIndex, hitTestLinear, pickLayer } from './layerIndex.js';
import { type Layer, type LayerDoc, type LayerType, plainLayer } from './layers.js';

function layer(id: string, x: number, y: number, width: number, height: number, extra: Partial<Layer> = {}) {
  const type: LayerType = extra.children ? 'group' : 'shape';
  return plainLayer(id, id, type, { x, y, width, height }, extra);
}

const doc = (layers: Layer[], width = 400, height = 300): LayerDoc => ({
  version: 1,
  source: 'psd',
  width,
  height,
  layers,
});

/** background, a card group (card bg, title, icon inside a nested group), a hidden badge, a top overlay. */
const screen = doc([
  layer('bg', 0, 0, 400, 300),
  layer('card', 20, 20, 200, 100, {
    children: [
      layer('card-bg', 20, 20, 200, 100),
      layer('title', 30, 30, 80, 20, { type: 'text' }),
      layer('icons', 150, 30, 60, 60, { children: [layer('icon', 160, 40, 20, 20)] }),
    ],
  }),
  layer('badge', 30, 30, 10, 10, { visible: false }),
  layer('hidden-group', 0, 0, 400, 300, { visible: false, children: [layer('under', 0, 0, 5, 5)] }),
  layer('overlay', 300, 200, 50, 50),
  layer('empty', 10, 10, 0, 50),
]);

describe('hit testing a layer doc', () => {
  const index = buildLayerIndex(screen);

  it('answers the smallest visible leaf under the point, or its top-level layer', () => {
    expect(index.hitTest(35, 35, { enterGroups: true })?.id).toBe('title');
    expect(index.hitTest(35, 35)?.id).toBe('card');
    expect(index.hitTest(165, 45, { enterGroups: true })?.id).toBe('icon');
    // Between the children of a group only the group's own leaves count: here the card's background.
    expect(index.hitTest(120, 100, { enterGroups: true })?.id).toBe('card-bg');
    expect(index.hitTest(5, 5, { enterGroups: true })?.id).toBe('bg');
    expect(index.hitTest(5, 5)?.id).toBe('bg');
    expect(index.hitTest(310, 210)?.id).toBe('overlay');
  });

  it('leaves out hidden layers, layers without area, and points outside every frame', () => {
    expect(index.hitTest(2, 2, { enterGroups: true })?.id).toBe('bg');
    expect(index.hitTest(10, 20, { enterGroups: true })?.id).toBe('bg');
    expect(index.hitTest(-1, 5)).toBeNull();
    expect(index.hitTest(400, 10)).toBeNull();
    expect(index.hitTest(10, 300)).toBeNull();
    expect(index.size).toBe(5);
  });

  it('counts the left and top edges in and the right and bottom edges out', () => {
    expect(index.hitTest(160, 40, { enterGroups: true })?.id).toBe('icon');
    expect(index.hitTest(180, 45, { enterGroups: true })?.id).toBe('card-bg');
    expect(index.hitTest(165, 60, { enterGroups: true })?.id).toBe('card-bg');
  });

  it('takes the one painted last among leaves of equal size', () => {
    const twins = buildLayerIndex(doc([layer('lower', 10, 10, 20, 20), layer('upper', 10, 10, 20, 20)]));
    expect(twins.hitTest(15, 15)?.id).toBe('upper');
    expect(
      hitTestLinear(doc([layer('lower', 10, 10, 20, 20), layer('upper', 10, 10, 20, 20)]), 15, 15)?.id,
    ).toBe('upper');
  });

  it('knows each layer and its ancestors', () => {
    expect(index.ancestorsOf('icon').map((each) => each.id)).toEqual(['card', 'icons']);
    expect(index.ancestorsOf('bg')).toEqual([]);
    expect(index.layer('icons')?.type).toBe('group');
    expect(index.layer('badge')).toBeUndefined();
  });

  it('indexes an empty doc', () => {
    const empty = buildLayerIndex(doc([]));
    expect(empty.hitTest(1, 1)).toBeNull();
    expect(empty.size).toBe(0);
  });
});

describe('the click rule', () => {
  const index = buildLayerIndex(screen);
  const pick = (x: number, y: number, selected: string | null, deep = false) =>
    pickLayer(index, x, y, selected, deep)?.id ?? null;

  it('selects the top-level layer, then one level deeper per click inside the selection', () => {
    expect(pick(35, 35, null)).toBe('card');
    expect(pick(35, 35, 'card')).toBe('title');
    expect(pick(35, 35, 'title')).toBe('title');
    // The icons group holds one layer only: the click passes through it.
    expect(pick(165, 45, 'card')).toBe('icon');
    expect(pick(165, 45, 'icons')).toBe('icon');
  });

  it('passes through groups that only wrap: one child, or the whole artboard', () => {
    const page = buildLayerIndex(
      doc([
        layer('page', 0, 0, 400, 300, {
          children: [
            layer('only', 0, 0, 400, 300, {
              children: [
                layer('page-bg', 0, 0, 400, 300),
                layer('header', 0, 0, 400, 40, {
                  children: [layer('logo', 10, 10, 20, 20), layer('menu', 360, 10, 30, 20)],
                }),
              ],
            }),
          ],
        }),
      ]),
    );
    expect(page.isWrapper(page.layer('page')!)).toBe(true);
    expect(page.isWrapper(page.layer('only')!)).toBe(true);
    expect(page.isWrapper(page.layer('header')!)).toBe(false);
    expect(pickLayer(page, 15, 15, null, false)?.id).toBe('header');
    expect(pickLayer(page, 15, 15, 'header', false)?.id).toBe('logo');
    expect(pickLayer(page, 200, 200, 'logo', false)?.id).toBe('page-bg');
    // Selected from the layer list, a wrapper still leads into its parts.
    expect(pickLayer(page, 15, 15, 'page', false)?.id).toBe('header');
  });

  it('stays at the depth reached when clicking a sibling, and goes back to the top outside the group', () => {
    expect(pick(35, 35, 'icon')).toBe('title');
    expect(pick(165, 45, 'title')).toBe('icon');
    expect(pick(310, 210, 'icon')).toBe('overlay');
    expect(pick(5, 5, 'title')).toBe('bg');
  });

  it('selects the leaf at once when deep', () => {
    expect(pick(165, 45, null, true)).toBe('icon');
    expect(pick(390, 5, 'card', true)).toBe('bg');
    expect(pick(-5, 5, 'card', true)).toBeNull();
  });
});

/** A deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function randomDoc(seed: number, count: number): LayerDoc {
  const next = random(seed);
  let made = 0;
  const build = (depth: number): Layer[] => {
    const layers: Layer[] = [];
    while (made < count && layers.length < 12) {
      made++;
      const width = Math.round(next() * (next() < 0.1 ? 1000 : 120));
      const height = Math.round(next() * (next() < 0.1 ? 800 : 120));
      const x = Math.round(next() * 1100) - 50;
      const y = Math.round(next() * 900) - 50;
      const visible = next() > 0.05;
      if (depth < 4 && next() < 0.25) {
        layers.push(layer(`g${made}`, x, y, width, height, { visible, children: build(depth + 1) }));
      } else {
        layers.push(
          layer(`l${made}`, x, y, width, height, { visible, type: next() < 0.3 ? 'text' : 'shape' }),
        );
      }
      if (depth > 0 && next() < 0.2) break;
    }
    return layers;
  };
  const layers: Layer[] = [];
  while (made < count) layers.push(...build(0));
  return doc(layers, 1000, 800);
}

describe('the grid and the linear scan', () => {
  it('give the same answer on random docs', () => {
    for (const [seed, count] of [
      [1, 10],
      [2, 200],
      [3, 1000],
      [4, 5000],
    ]) {
      const random = randomDoc(seed, count);
      const index = buildLayerIndex(random);
      const next = randomNumbers(seed);
      for (let probe = 0; probe < 2000; probe++) {
        const x = Math.round(next() * 1200) - 100 + (probe % 3 === 0 ? 0.5 : 0);
        const y = Math.round(next() * 1000) - 100;
        for (const enterGroups of [true, false]) {
          const expected = index.hitTestLinear(x, y, { enterGroups });
          expect(index.hitTest(x, y, { enterGroups })).toBe(expected);
          expect(hitTestLinear(random, x, y, { enterGroups })).toBe(expected);
        }
      }
    }
  });
});

const randomNumbers = (seed: number) => random(seed * 7919 + 17);
