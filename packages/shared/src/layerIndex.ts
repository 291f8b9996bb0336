import type { Layer, LayerDoc } from './layers.js';

/**
 * Hit testing over a LayerDoc, for the inspect view's hover and click (and the bench).
 *
 * What a point hits: among the visible leaf layers (every layer that is not a group; hidden layers and their
 * subtrees are left out, as are frames without area) whose frame contains the point (left/top edge inside,
 * right/bottom edge outside), the one with the smallest area; among equal areas the one painted last (the
 * top-most). Smallest-first is what Zeplin and Lanhu do: frames are bounding boxes, so a large transparent
 * layer painted on top would otherwise swallow every click below it.
 *
 * `enterGroups: false` answers the top-level layer (a child of the doc) holding that leaf instead of the leaf;
 * `pickLayer` builds the view's click rule on both (see there).
 */
export interface HitOptions {
  /** true: the leaf itself; false (default): the top-level layer that holds it. */
  enterGroups?: boolean;
}

interface Entry {
  layer: Layer;
  /** Paint order over the whole doc: later entries are painted over earlier ones. */
  order: number;
  area: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface LayerIndex {
  /** The visible leaves, in paint order. */
  readonly size: number;
  hitTest(x: number, y: number, options?: HitOptions): Layer | null;
  /** The same answer by scanning every leaf: the reference for tests and the bench. */
  hitTestLinear(x: number, y: number, options?: HitOptions): Layer | null;
  layer(id: string): Layer | undefined;
  /** The layer's ancestors from the top level down (not the layer itself); [] for a top-level layer. */
  ancestorsOf(id: string): Layer[];
  /**
   * A group that only wraps: it has one visible child, or it covers the artboard (the page or screen group
   * exported files put everything in). Clicks pass through wrappers to what they hold.
   */
  isWrapper(layer: Layer): boolean;
}

/** A group covering this share of the artboard is the artboard itself, not a part of the design. */
const WRAPPER_SHARE = 0.9;

/** A layer spanning more cells than this is checked on every query instead of being put in each cell. */
const MAX_CELLS_PER_LAYER = 16;
/** About this many leaves per cell on average, for docs of evenly spread layers. */
const LEAVES_PER_CELL = 4;
const MAX_GRID_SIDE = 256;

const contains = (entry: Entry, x: number, y: number) =>
  x >= entry.x1 && x < entry.x2 && y >= entry.y1 && y < entry.y2;

/** Smaller area first, then the later painted. */
const better = (candidate: Entry, best: Entry | null) =>
  !best || candidate.area < best.area || (candidate.area === best.area && candidate.order > best.order);

function collect(doc: LayerDoc) {
  const entries: Entry[] = [];
  const parents = new Map<string, Layer | null>();
  const byId = new Map<string, Layer>();
  const visibleChildren = new Map<string, number>();
  const visit = (layers: readonly Layer[], parent: Layer | null) => {
    for (const layer of layers) {
      if (!layer.visible) continue;
      byId.set(layer.id, layer);
      parents.set(layer.id, parent);
      if (parent) visibleChildren.set(parent.id, (visibleChildren.get(parent.id) ?? 0) + 1);
      if (layer.type === 'group') {
        if (layer.children) visit(layer.children, layer);
        continue;
      }
      const { x, y, width, height } = layer.frame;
      if (!(width > 0 && height > 0)) continue;
      entries.push({
        layer,
        order: entries.length,
        area: width * height,
        x1: x,
        y1: y,
        x2: x + width,
        y2: y + height,
      });
    }
  };
  visit(doc.layers, null);
  return { entries, parents, byId, visibleChildren };
}

function best(entries: Iterable<Entry>, x: number, y: number, found: Entry | null = null): Entry | null {
  let answer = found;
  for (const entry of entries) if (contains(entry, x, y) && better(entry, answer)) answer = entry;
  return answer;
}

/** Builds the index in one pass over the doc plus one over its leaves (each put in at most 16 cells). */
export function buildLayerIndex(doc: LayerDoc): LayerIndex {
  const { entries, parents, byId, visibleChildren } = collect(doc);

  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const entry of entries) {
    minX = Math.min(minX, entry.x1);
    minY = Math.min(minY, entry.y1);
    maxX = Math.max(maxX, entry.x2);
    maxY = Math.max(maxY, entry.y2);
  }
  const side = Math.max(1, Math.min(MAX_GRID_SIDE, Math.ceil(Math.sqrt(entries.length / LEAVES_PER_CELL))));
  const cellWidth = entries.length ? (maxX - minX) / side : 1;
  const cellHeight = entries.length ? (maxY - minY) / side : 1;
  const column = (x: number) => Math.min(side - 1, Math.max(0, Math.floor((x - minX) / cellWidth)));
  const row = (y: number) => Math.min(side - 1, Math.max(0, Math.floor((y - minY) / cellHeight)));

  const cells: Entry[][] = Array.from({ length: side * side }, () => []);
  const large: Entry[] = [];
  for (const entry of entries) {
    const c1 = column(entry.x1);
    const c2 = column(entry.x2);
    const r1 = row(entry.y1);
    const r2 = row(entry.y2);
    if ((c2 - c1 + 1) * (r2 - r1 + 1) > MAX_CELLS_PER_LAYER) {
      large.push(entry);
      continue;
    }
    for (let r = r1; r <= r2; r++) for (let c = c1; c <= c2; c++) cells[r * side + c].push(entry);
  }

  const ancestorsOf = (id: string): Layer[] => {
    const chain: Layer[] = [];
    for (let parent = parents.get(id); parent; parent = parents.get(parent.id)) chain.unshift(parent);
    return chain;
  };
  const answer = (entry: Entry | null, options?: HitOptions): Layer | null => {
    if (!entry) return null;
    if (options?.enterGroups) return entry.layer;
    return ancestorsOf(entry.layer.id)[0] ?? entry.layer;
  };

  const artboardArea = doc.width * doc.height;
  const isWrapper = (layer: Layer) =>
    layer.type === 'group' &&
    (visibleChildren.get(layer.id) === 1 ||
      (artboardArea > 0 && layer.frame.width * layer.frame.height >= artboardArea * WRAPPER_SHARE));

  return {
    size: entries.length,
    hitTest(x, y, options) {
      if (!(x >= minX && x < maxX && y >= minY && y < maxY)) return null;
      return answer(best(large, x, y, best(cells[row(y) * side + column(x)], x, y)), options);
    },
    hitTestLinear: (x, y, options) => answer(best(entries, x, y), options),
    layer: (id) => byId.get(id),
    ancestorsOf,
    isWrapper,
  };
}

/** The linear scan straight over a doc, without building an index first. */
export function hitTestLinear(doc: LayerDoc, x: number, y: number, options?: HitOptions): Layer | null {
  let found: { layer: Layer; top: Layer; area: number } | null = null;
  const visit = (layers: readonly Layer[], top: Layer | null) => {
    for (const layer of layers) {
      if (!layer.visible) continue;
      if (layer.type === 'group') {
        if (layer.children) visit(layer.children, top ?? layer);
        continue;
      }
      const { x: fx, y: fy, width, height } = layer.frame;
      if (!(width > 0 && height > 0) || x < fx || x >= fx + width || y < fy || y >= fy + height) continue;
      // Visited in paint order, so an equal area found later is on top.
      if (!found || width * height <= found.area) found = { layer, top: top ?? layer, area: width * height };
    }
  };
  visit(doc.layers, null);
  if (!found) return null;
  const hit = found as { layer: Layer; top: Layer };
  return options?.enterGroups ? hit.layer : hit.top;
}

/**
 * The view's click rule (Figma's): a click selects the top-level layer under the pointer; a click inside the
 * selected group selects its child there, one level deeper per click; once inside a group, a click on a
 * sibling selects at the same depth. Wrapper groups (`isWrapper`: a single child, or the whole artboard, as
 * exported files nest everything in a page group) are passed through, so the first click lands on a part of
 * the design rather than the page. `deep` (Alt/⌘-click, or the "select the deepest layer" switch) selects the
 * leaf at once, as Zeplin and Lanhu do by default. The hover outline uses the same rule, so it always shows
 * what a click would select.
 */
export function pickLayer(
  index: LayerIndex,
  x: number,
  y: number,
  selectedId: string | null,
  deep: boolean,
): Layer | null {
  const leaf = index.hitTest(x, y, { enterGroups: true });
  if (!leaf || deep) return leaf;
  const steps = (layer: Layer) => [
    ...index.ancestorsOf(layer.id).filter((each) => !index.isWrapper(each)),
    layer,
  ];
  const path = steps(leaf);
  const selected = selectedId ? index.layer(selectedId) : undefined;
  if (!selected) return path[0];
  const selectedPath = steps(selected);
  let shared = 0;
  while (shared < selectedPath.length && path[shared] === selectedPath[shared]) shared++;
  // Inside the selection (shared = its depth): one level deeper; a sibling of it (shared = depth − 1): the
  // same depth; anywhere else: as deep as the common ancestors go, plus one.
  return path[Math.min(shared, path.length - 1)];
}
