/**
 * Figure 4c: comparing two versions of a 5,000-layer design (diffLayerDocs), the second with about 2% of its
 * layers edited and some added and removed. Measured twice: paired by id (Photoshop layer ids) and by name
 * and position (index-path ids). The baseline is what reading both versions already costs:
 * JSON-parsing the two docs. p50 of BENCH_RUNS runs (default 30) of each, wall clock and this process's CPU
 * time (which a busy machine inflates less).
 */
import { diffLayerDocs, type Layer, type LayerDoc, plainLayer, type Rgba, walkLayers } from '@ferry/shared';

const LAYERS = 5_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const GOAL_MS = 50;

/** A seeded generator, so both versions and every run see the same design. */
function seeded(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

const colour = (random: () => number): Rgba => ({
  r: Math.floor(random() * 256),
  g: Math.floor(random() * 256),
  b: Math.floor(random() * 256),
  a: 1,
});

/**
 * A long page of sections, each a group of cards; a card is a group of a background (radius, shadow, border),
 * a title and a caption text, an icon group of two shapes, and an image. Names repeat as they do in real files
 * ("Card", "Title" …), so name-and-position pairing meets large buckets of namesakes.
 */
export function syntheticDesign(layerCount = LAYERS): LayerDoc {
  const random = seeded(11);
  let next = 0;
  const id = () => String(100 + next++);
  const textLayer = (name: string, x: number, y: number, content: string, size: number): Layer =>
    plainLayer(
      id(),
      name,
      'text',
      { x, y, width: content.length * size * 0.6, height: size * 1.4 },
      {
        text: {
          content,
          align: 'left',
          runs: [
            {
              start: 0,
              end: content.length,
              fontFamily: 'PingFang SC',
              postScriptName: 'PingFangSC-Regular',
              fontSize: size,
              fontWeight: 400,
              fontStyle: 'normal',
              lineHeight: size * 1.4,
              letterSpacing: 0,
              color: colour(random),
              underline: false,
              strikethrough: false,
            },
          ],
        },
      },
    );
  const groupOf = (name: string, children: Layer[]): Layer => {
    const left = Math.min(...children.map((c) => c.frame.x));
    const top = Math.min(...children.map((c) => c.frame.y));
    const right = Math.max(...children.map((c) => c.frame.x + c.frame.width));
    const bottom = Math.max(...children.map((c) => c.frame.y + c.frame.height));
    return plainLayer(
      id(),
      name,
      'group',
      { x: left, y: top, width: right - left, height: bottom - top },
      {
        children,
      },
    );
  };
  const card = (x: number, y: number, index: number): Layer =>
    groupOf('Card', [
      plainLayer(
        id(),
        'Card Bg',
        'shape',
        { x, y, width: 320, height: 180 },
        {
          fills: [{ type: 'solid', color: colour(random) }],
          borders: [
            { fill: { type: 'solid', color: colour(random) }, width: 1, position: 'inside', dash: [] },
          ],
          radius: [8, 8, 8, 8],
          shadows: [{ type: 'outer', color: { r: 0, g: 0, b: 0, a: 0.1 }, x: 0, y: 2, blur: 8, spread: 0 }],
        },
      ),
      textLayer('Title', x + 16, y + 16, `Card title ${index}`, 18),
      textLayer('Caption', x + 16, y + 48, `A caption for card ${index}`, 13),
      groupOf('Icon', [
        plainLayer(
          id(),
          'Circle',
          'shape',
          { x: x + 270, y: y + 16, width: 32, height: 32 },
          {
            fills: [{ type: 'solid', color: colour(random) }],
            radius: [16, 16, 16, 16],
          },
        ),
        plainLayer(
          id(),
          'Glyph',
          'shape',
          { x: x + 278, y: y + 24, width: 16, height: 16 },
          {
            fills: [{ type: 'solid', color: colour(random) }],
          },
        ),
      ]),
      plainLayer(
        id(),
        'Photo',
        'image',
        { x: x + 16, y: y + 80, width: 288, height: 84 },
        {
          fills: [{ type: 'image' }],
        },
      ),
    ]);
  const sections: Layer[] = [];
  let y = 0;
  while (next < layerCount - 9) {
    const cards: Layer[] = [];
    for (let column = 0; column < 4 && next < layerCount - 9; column++) {
      cards.push(card(40 + column * 340, y + 60, next));
    }
    sections.push(
      groupOf('Section', [textLayer('Heading', 40, y + 16, `Section ${sections.length}`, 24), ...cards]),
    );
    y += 280;
  }
  return { version: 1, source: 'psd', width: 1440, height: y, layers: sections };
}

/** About 2% of the layers edited (texts, colours, moves, resizes, radii), 1% removed and as many added. */
export function editedDesign(doc: LayerDoc): LayerDoc {
  const random = seeded(29);
  const edited = structuredClone(doc);
  const layers = [...walkLayers(edited.layers)];
  const pick = () => layers[Math.floor(random() * layers.length)] as Layer;
  const count = Math.round(layers.length * 0.02);
  for (let i = 0; i < count; i++) {
    const layer = pick();
    const edit = i % 5;
    if (edit === 0 && layer.text) layer.text.content += ' (edited)';
    else if (edit === 1) layer.fills = [{ type: 'solid', color: colour(random) }];
    else if (edit === 2 && !layer.children) layer.frame.x += 12;
    else if (edit === 3 && !layer.children) layer.frame.width += 20;
    else layer.radius = [4, 4, 4, 4];
  }
  const cards = layers.filter((layer) => layer.name === 'Card');
  const removals = Math.round(layers.length * 0.01);
  for (let i = 0; i < removals; i++) {
    const card = cards[Math.floor(random() * cards.length)] as Layer;
    const photo = card.children?.findIndex((child) => child.name === 'Photo') ?? -1;
    if (photo >= 0) card.children?.splice(photo, 1);
    card.children?.push(plainLayer(`9${i}000`, 'Badge', 'shape', { ...card.frame, width: 24, height: 24 }));
  }
  return edited;
}

/** The same design with index-path ids, which the comparison must pair by name and position. */
function withPathIds(doc: LayerDoc): LayerDoc {
  const copy = structuredClone(doc);
  const assign = (layers: Layer[], parent: string) =>
    layers.forEach((layer, index) => {
      layer.id = parent ? `${parent}/${index}` : String(index);
      if (layer.children) assign(layer.children, layer.id);
    });
  assign(copy.layers, '');
  return copy;
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[
    Math.min(values.length - 1, Math.floor((values.length * p) / 100))
  ] as number;

/**
 * p50 and p95 in ms of each side after a warm-up. Sides run in blocks, not turns: the baseline's garbage
 * (two parsed 1.7 MB docs a run) would otherwise be collected during the diff runs that follow it.
 */
function timeSides(sides: Record<string, () => unknown>) {
  const times: Record<string, { p50: number; p95: number; cpu: number }> = {};
  for (const [name, run] of Object.entries(sides)) {
    for (let i = 0; i < 10; i++) run();
    const samples: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = process.hrtime.bigint();
      const cpuStart = process.cpuUsage();
      run();
      const used = process.cpuUsage(cpuStart);
      samples.push(Number(process.hrtime.bigint() - start) / 1e6);
      cpu.push((used.user + used.system) / 1000);
    }
    times[name] = { p50: percentile(samples, 50), p95: percentile(samples, 95), cpu: percentile(cpu, 50) };
  }
  return times;
}

export async function compareVersions() {
  const before = syntheticDesign();
  const after = editedDesign(before);
  const beforePaths = withPathIds(before);
  const afterPaths = withPathIds(after);
  const json = [JSON.stringify(before), JSON.stringify(after)];
  const byId = diffLayerDocs(before, after);
  const byName = diffLayerDocs(beforePaths, afterPaths);
  // The baseline last: the docs it parses would otherwise fill the heap the diffs then collect.
  const times = timeSides({
    id: () => diffLayerDocs(before, after),
    'name-position': () => diffLayerDocs(beforePaths, afterPaths),
    baseline: () => json.map((text) => JSON.parse(text)),
  });
  const layerCount = (doc: LayerDoc) => [...walkLayers(doc.layers)].length;
  const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
  const base = times.baseline?.p50 ?? 1;
  console.log(
    `4c. Version compare of ${layerCount(before)} → ${layerCount(after)} layers ` +
      `(${byId.summary.total} changes by id, ${byName.summary.total} by name and position), p50 of ${RUNS} runs`,
  );
  console.log(
    `    baseline: JSON.parse of both docs (${json.join('').length} bytes)  p50 ${fmt(base)}  CPU p50 ${fmt(times.baseline?.cpu ?? 0)}`,
  );
  for (const side of ['id', 'name-position'] as const) {
    const { p50, p95, cpu } = times[side] ?? { p50: 0, p95: 0, cpu: 0 };
    console.log(
      `    diffLayerDocs paired by ${side.padEnd(13)}  p50 ${fmt(p50)}  p95 ${fmt(p95)}  CPU p50 ${fmt(cpu)}  ` +
        `×${(p50 / base).toFixed(2)} of the baseline  (goal p50 < ${GOAL_MS} ms)`,
    );
  }
  console.log('');
}
