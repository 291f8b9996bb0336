import { describe, expect, it } from 'vitest';
import { type Layer, type LayerDoc, walkLayers } from '../layers.js';
import {
  clone,
  describeChanges,
  EXPECTED_EDITS,
  editedScreen,
  findByKey,
  rgba,
  run,
  screen,
  shape,
  shiftLayer,
  text,
  withIds,
} from './diff.fixtures.js';
import { diffLayerDocs } from './diff.js';
import { describeDiffSummary } from './summary.js';
import type { LayerDiffSummary } from './types.js';

const NO_CHANGES: LayerDiffSummary = {
  added: 0,
  removed: 0,
  moved: 0,
  resized: 0,
  texts: 0,
  colours: 0,
  styles: 0,
  renamed: 0,
  total: 0,
};

const EDITS_SUMMARY: LayerDiffSummary = {
  added: 1,
  removed: 1,
  moved: 2,
  resized: 1,
  texts: 1,
  colours: 1,
  styles: 2,
  renamed: 0,
  total: 9,
};

/** The base screen and a copy changed by `edit` (given the copy and a finder by key). */
function versions(edit: (doc: LayerDoc, at: (key: string) => Layer) => void) {
  const before = screen();
  const after = screen();
  edit(after, (key) => findByKey(after.layers, key));
  return { before, after };
}

describe('diffLayerDocs on unchanged versions', () => {
  it('reports nothing for the same doc, a deep clone, or a JSON round trip', () => {
    const doc = withIds(screen(), 'psd-layer-ids');
    for (const other of [doc, clone(doc), JSON.parse(JSON.stringify(doc)) as LayerDoc]) {
      const diff = diffLayerDocs(doc, other);
      expect(diff.changes).toEqual([]);
      expect(diff.summary).toEqual(NO_CHANGES);
    }
  });

  it('reports nothing when numbers differ only by float noise', () => {
    const { before, after } = versions((_, at) => {
      at('card1-price').frame.x += 0.004;
      at('card0-bg').opacity = 0.9996;
      const fill = at('button-bg').fills[0];
      if (fill?.type === 'solid') fill.color.a = 0.9995;
      at('tabbar').frame.y -= 0.009;
    });
    expect(diffLayerDocs(before, after).changes).toEqual([]);
  });

  it('reports nothing when a text is split into more runs of the same style', () => {
    const { before, after } = versions((_, at) => {
      const info = at('title').text;
      if (info) info.runs = [run(0, 3), run(3, info.content.length)];
    });
    expect(diffLayerDocs(before, after).changes).toEqual([]);
  });
});

describe('diffLayerDocs finds exactly the edits made', () => {
  const schemes = [
    ['psd-layer-ids', 'id'],
    ['sketch', 'id'],
    ['svg-own-ids', 'id'],
    ['index-paths', 'name-position'],
  ] as const;
  for (const [scheme, matchedBy] of schemes) {
    it(`with ${scheme} ids (paired by ${matchedBy})`, () => {
      const diff = diffLayerDocs(withIds(screen(), scheme), withIds(editedScreen(), scheme));
      expect(diff.matchedBy).toBe(matchedBy);
      expect(describeChanges(diff.changes)).toEqual(EXPECTED_EDITS);
      expect(diff.summary).toEqual(EDITS_SUMMARY);
    });
  }

  it('gives before and after values in the LayerDoc shapes, frames and ids of both versions', () => {
    const before = withIds(screen(), 'psd-layer-ids');
    const after = withIds(editedScreen(), 'psd-layer-ids');
    const { changes } = diffLayerDocs(before, after);
    const idOf = (doc: LayerDoc, name: string) =>
      [...walkLayers(doc.layers)].find((l) => l.name === name)?.id;
    const button = changes.find((change) => change.name === 'Button Bg');
    expect(button).toMatchObject({
      kind: 'changed',
      beforeId: idOf(before, 'Button Bg'),
      afterId: idOf(after, 'Button Bg'),
      type: 'shape',
      beforeFrame: { x: 16, y: 680, width: 343, height: 48 },
      afterFrame: { x: 16, y: 680, width: 343, height: 48 },
      properties: [
        {
          property: 'fills',
          before: [{ type: 'solid', color: rgba(22, 119, 255) }],
          after: [{ type: 'solid', color: rgba(0, 180, 42) }],
        },
      ],
    });
    const tabBar = changes.find((change) => change.name === 'Tab Bar');
    expect(tabBar?.properties).toEqual([
      { property: 'position', before: { x: 0, y: 762 }, after: { x: 0, y: 742 } },
    ]);
    const thumb = changes.find((change) => change.name === 'Thumb');
    expect(thumb?.properties).toEqual([
      { property: 'size', before: { width: 64, height: 64 }, after: { width: 72, height: 72 } },
    ]);
    const removed = changes.find((change) => change.kind === 'removed');
    expect(removed).toMatchObject({ afterId: null, afterFrame: null, name: 'Back', type: 'shape' });
  });

  it('falls back to names and positions when a re-export gave every layer a new id', () => {
    const diff = diffLayerDocs(withIds(screen(), 'sketch'), withIds(editedScreen(), 'sketch-reexported'));
    expect(diff.matchedBy).toBe('name-position');
    expect(describeChanges(diff.changes)).toEqual(EXPECTED_EDITS);
  });

  it('does not trust index-path ids of a flat PSD (a layer inserted shifts every index after it)', () => {
    const leaves = (): LayerDoc => {
      const doc = screen();
      return { ...doc, layers: [...walkLayers(doc.layers)].filter((layer) => !layer.children) };
    };
    const shadow = shape('under', 'Shadow', { x: 0, y: 0, width: 10, height: 10 });
    // Ids 0, 1, 2 …: index paths, even though only the last layer moved to a new index.
    const before = withIds(leaves(), 'index-paths');
    const nearTop = leaves();
    nearTop.layers.splice(nearTop.layers.length - 1, 0, structuredClone(shadow));
    const late = diffLayerDocs(before, withIds(nearTop, 'index-paths'));
    expect(late.matchedBy).toBe('name-position');
    expect(describeChanges(late.changes)).toEqual(['added Shadow@0']);
    // A hidden layer left a gap (0, 2, 3 …): the ids that now name other layers give them away.
    const gapped = (doc: LayerDoc): LayerDoc => {
      for (const layer of doc.layers.slice(1)) layer.id = String(Number(layer.id) + 1);
      return doc;
    };
    const atBottom = leaves();
    atBottom.layers.unshift(shadow);
    const early = diffLayerDocs(gapped(clone(before)), gapped(withIds(atBottom, 'index-paths')));
    expect(early.matchedBy).toBe('name-position');
    expect(describeChanges(early.changes)).toEqual(['added Shadow@0']);
  });
});

describe('diffLayerDocs pairing', () => {
  it('reports a renamed layer as renamed when paired by id, as removed and added otherwise', () => {
    const { before, after } = versions((_, at) => {
      at('title').name = 'Page Title';
    });
    const byId = diffLayerDocs(withIds(before, 'sketch'), withIds(after, 'sketch'));
    expect(byId.changes.map((c) => c.properties)).toEqual([
      [{ property: 'name', before: 'Title', after: 'Page Title' }],
    ]);
    expect(byId.summary).toMatchObject({ renamed: 1, total: 1 });
    const byName = diffLayerDocs(withIds(before, 'index-paths'), withIds(after, 'index-paths'));
    expect(describeChanges(byName.changes)).toEqual(['added Page Title@50', 'removed Title@50']);
  });

  it('reports a layer that changed kind under the same id as removed and added', () => {
    const { before, after } = versions((_, at) => {
      at('card0-thumb').type = 'shape';
    });
    const diff = diffLayerDocs(withIds(before, 'psd-layer-ids'), withIds(after, 'psd-layer-ids'));
    expect(diff.matchedBy).toBe('id');
    expect(describeChanges(diff.changes)).toEqual(['added Thumb@120', 'removed Thumb@120']);
  });

  it('pairs namesakes by nearest position, so moving one tab reports that tab only', () => {
    const { before, after } = versions((_, at) => {
      shiftLayer(at('tab2'), 30, 0);
    });
    const diff = diffLayerDocs(withIds(before, 'index-paths'), withIds(after, 'index-paths'));
    expect(diff.changes).toHaveLength(1);
    expect(diff.changes[0]).toMatchObject({
      name: 'Tab',
      beforeFrame: { x: 198 + 20 },
      properties: [{ property: 'position', before: { x: 218, y: 768 }, after: { x: 248, y: 768 } }],
    });
  });

  it('pairs reordered namesakes by where they are, not by their order', () => {
    const { before, after } = versions((_, at) => {
      const tabs = at('tabbar').children ?? [];
      at('tabbar').children = [tabs[0], tabs[1], tabs[3], tabs[2], tabs[4]] as Layer[];
      // Both nudged, so neither stays where it was and only distance tells them apart.
      shiftLayer(at('tab1'), 4, 0);
      shiftLayer(at('tab2'), 4, 0);
    });
    const diff = diffLayerDocs(withIds(before, 'index-paths'), withIds(after, 'index-paths'));
    expect(diff.changes.map((change) => change.properties)).toEqual([
      [{ property: 'position', before: { x: 218, y: 768 }, after: { x: 222, y: 768 } }],
      [{ property: 'position', before: { x: 124, y: 768 }, after: { x: 128, y: 768 } }],
    ]);
  });

  it('pairs namesakes at one place in tree order: of two equal copies, the later one is the added one', () => {
    const { before, after } = versions((_, at) => {
      const header = at('header');
      header.children?.push(structuredClone(at('back')));
    });
    const diff = diffLayerDocs(withIds(before, 'index-paths'), withIds(after, 'index-paths'));
    expect(diff.changes).toMatchObject([{ kind: 'added', name: 'Back', afterId: '1/3' }]);
  });

  it('reports one added or removed group, not each layer inside it', () => {
    const { before, after } = versions((doc) => {
      doc.layers.splice(2, 1); // the first card
      doc.layers.push({
        ...shape('toast', 'Toast', { x: 40, y: 600, width: 295, height: 40 }),
        type: 'group',
        children: [text('toast-text', 'Toast Text', { x: 60, y: 610, width: 200, height: 20 }, 'Saved')],
      });
    });
    const diff = diffLayerDocs(withIds(before, 'psd-layer-ids'), withIds(after, 'psd-layer-ids'));
    expect(describeChanges(diff.changes)).toEqual(['added Toast@600', 'removed Card@104']);
    expect(diff.summary).toMatchObject({ added: 1, removed: 1, total: 2 });
  });
});

describe('diffLayerDocs on groups', () => {
  it('reports a child moved inside its group, not the group its move resized', () => {
    const { before, after } = versions((_, at) => {
      at('card1-thumb').frame.x += 40; // past the card's right edge: the group's bounds grow
      const card = at('card1-group');
      card.frame.width += 24;
    });
    const diff = diffLayerDocs(withIds(before, 'index-paths'), withIds(after, 'index-paths'));
    expect(describeChanges(diff.changes)).toEqual(['changed Thumb@260: position']);
  });

  it('reports a group moved with its children and, apart from that, a child recoloured and one moved further', () => {
    const { before, after } = versions((_, at) => {
      shiftLayer(at('button'), 0, 40);
      at('button-bg').fills = [{ type: 'solid', color: rgba(245, 63, 63) }];
      shiftLayer(at('header'), 5, 0);
      at('title').frame.x += 3; // inside the header's bounds: moved relative to it
    });
    for (const scheme of ['psd-layer-ids', 'index-paths'] as const) {
      const diff = diffLayerDocs(withIds(before, scheme), withIds(after, scheme));
      expect(describeChanges(diff.changes)).toEqual([
        'changed Header@0: position',
        'changed Title@50: position',
        'changed Button@720: position',
        'changed Button Bg@720: fills',
      ]);
      expect(diff.summary).toMatchObject({ moved: 3, colours: 1, total: 4 });
    }
  });

  it("reports an artboard's own resize, and its own fill, without reporting its children", () => {
    const artboard = (width: number, color = rgba(255, 255, 255)): LayerDoc => ({
      ...screen(),
      layers: [
        {
          ...shape(
            'artboard',
            'iPhone',
            { x: 0, y: 0, width, height: 812 },
            { fills: [{ type: 'solid', color }] },
          ),
          type: 'group',
          children: screen().layers,
        },
      ],
    });
    const diff = diffLayerDocs(
      withIds(artboard(375), 'psd-layer-ids'),
      withIds(artboard(414, rgba(0, 0, 0)), 'psd-layer-ids'),
    );
    expect(describeChanges(diff.changes)).toEqual(['changed iPhone@0: size,fills']);
  });
});

describe('diffLayerDocs on text and borders', () => {
  it("reports a run's weight, colour or the alignment as a text style change", () => {
    const { before, after } = versions((_, at) => {
      const product = at('card0-product').text;
      if (product) product.runs = [run(0, 2, { fontWeight: 600 }), run(2, product.content.length)];
      const price = at('card1-price').text;
      if (price) price.runs = [run(0, price.content.length, { color: rgba(245, 63, 63) })];
      const label = at('button-label').text;
      if (label) label.align = 'center';
    });
    const diff = diffLayerDocs(withIds(before, 'psd-layer-ids'), withIds(after, 'psd-layer-ids'));
    expect(describeChanges(diff.changes)).toEqual([
      'changed Product@120: textStyle',
      'changed Price@292: textStyle',
      'changed Button Label@694: textStyle',
    ]);
    expect(diff.summary).toMatchObject({ texts: 3, colours: 0, total: 3 });
    expect(diff.changes[2]?.properties[0]?.after).toMatchObject({ align: 'center' });
  });

  it('counts a border colour as a colour change and a border width as a style change', () => {
    const border = (width: number, r: number) => ({
      fill: { type: 'solid' as const, color: rgba(r, 0, 0) },
      width,
      position: 'inside' as const,
      dash: [],
    });
    const { before, after } = versions((_, at) => {
      at('card0-bg').borders = [border(1, 0)];
      at('card1-bg').borders = [border(1, 0)];
    });
    const edited = clone(after);
    findByKey(edited.layers, 'card0-bg').borders = [border(1, 200)];
    findByKey(edited.layers, 'card1-bg').borders = [border(2, 0)];
    const diff = diffLayerDocs(withIds(after, 'psd-layer-ids'), withIds(edited, 'psd-layer-ids'));
    expect(describeChanges(diff.changes)).toEqual([
      'changed Card Bg@104: borders',
      'changed Card Bg@244: borders',
    ]);
    expect(diff.summary).toMatchObject({ colours: 1, styles: 1, total: 2 });
    // The border added to both cards: a new colour and a new width on each.
    expect(diffLayerDocs(before, after).summary).toMatchObject({ colours: 2, styles: 2, total: 2 });
  });
});

describe('describeDiffSummary', () => {
  it('says the counts in English and Chinese, with plurals', () => {
    expect(describeDiffSummary(EDITS_SUMMARY, 'en-US')).toBe(
      '1 text, 1 colour, 2 styles changed; 2 layers moved, 1 resized; 1 layer added, 1 removed',
    );
    expect(describeDiffSummary(EDITS_SUMMARY, 'zh-CN')).toBe(
      '1 处文字、1 处颜色、2 处样式有变化；移动 2 个图层，调整尺寸 1 个；新增 1 个图层，删除 1 个',
    );
    const summary = { ...NO_CHANGES, texts: 3, colours: 1, added: 2, removed: 1, total: 7 };
    expect(describeDiffSummary(summary, 'en-US')).toBe(
      '3 texts, 1 colour changed; 2 layers added, 1 removed',
    );
    expect(describeDiffSummary(summary, 'zh-CN')).toBe('3 处文字、1 处颜色有变化；新增 2 个图层，删除 1 个');
    const removedOnly = { ...NO_CHANGES, removed: 1, renamed: 2, total: 3 };
    expect(describeDiffSummary(removedOnly, 'en-US')).toBe('2 layers renamed; 1 layer removed');
    expect(describeDiffSummary(removedOnly, 'zh-CN')).toBe('重命名 2 个图层；删除 1 个图层');
  });

  it('says there are no changes for an empty diff', () => {
    const { summary } = diffLayerDocs(screen(), clone(screen()));
    expect(describeDiffSummary(summary, 'en-US')).toBe('No changes');
    expect(describeDiffSummary(summary, 'zh-CN')).toBe('没有变化');
  });

  it('describes the diff of the edited screen', () => {
    const { summary } = diffLayerDocs(withIds(screen(), 'sketch'), withIds(editedScreen(), 'sketch'));
    expect(describeDiffSummary(summary, 'en-US')).toBe(
      '1 text, 1 colour, 2 styles changed; 2 layers moved, 1 resized; 1 layer added, 1 removed',
    );
  });
});
