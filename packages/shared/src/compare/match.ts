import type { Frame, Layer, LayerDoc } from '../layers.js';
import { near } from './properties.js';

/**
 * Pairing the layers of two versions of one design (see diffLayerDocs): by id when both files keep their ids
 * across saves, else by name and position.
 */

/** One layer of a flattened doc: its parent, its place in tree order, and its counterpart once paired. */
export interface Entry {
  layer: Layer;
  parent: Entry | null;
  /** Depth-first, parents before children. */
  order: number;
  partner: Entry | null;
}

/** Every layer of the doc in tree order, with its parent. */
export function flatten(doc: LayerDoc): Entry[] {
  const entries: Entry[] = [];
  const visit = (layers: readonly Layer[], parent: Entry | null) => {
    for (const layer of layers) {
      const entry: Entry = { layer, parent, order: entries.length, partner: null };
      entries.push(entry);
      if (layer.children) visit(layer.children, entry);
    }
  };
  visit(doc.layers, null);
  return entries;
}

/** Ids matching must cover this share of the smaller version's layers. */
const SHARED_IDS_MIN = 0.5;
/**
 * Of the ids both versions hold, this share must name the same kind of layer with the same name or frame;
 * fewer means the ids are positions after all (a layer inserted shifts every index after it).
 */
const AGREEING_IDS_MIN = 0.9;
/** Above this many candidate pairs among same-named leftovers, they are paired in tree order instead. */
const NEAREST_PAIRS_MAX = 100_000;

/**
 * The layers whose ids survive saves of the file, by id; null when the source's ids are positions. Sketch keeps
 * its objects' ids (do_objectID; an instance's layers `instance/master layer`; `#index` stands in for a missing
 * one: apps/server sketch.ts). A PSD's ids are Photoshop's own layer ids unless the importer fell back to index
 * paths (psd.ts). An SVG layer's id is the element's own id when unique, else an index path or one made
 * unique with primes (svg.ts).
 */
function stableIds(doc: LayerDoc, entries: Entry[]): Map<string, Entry> | null {
  const { source } = doc;
  let isStable: (id: string) => boolean;
  if (source === 'sketch') isStable = (id) => !id.includes('#');
  else if (source === 'psd' && !hasIndexPathIds(entries)) isStable = () => true;
  else if (source === 'svg') isStable = (id) => !id.includes('/') && !id.endsWith("'") && !/^\d+$/.test(id);
  else return null;
  const byId = new Map<string, Entry>();
  for (const entry of entries) if (isStable(entry.layer.id)) byId.set(entry.layer.id, entry);
  return byId;
}

/** PSD ids that are index paths: a nested one has a slash; a flat file without hidden layers counts 0, 1, 2 … */
function hasIndexPathIds(entries: Entry[]): boolean {
  if (entries.some((entry) => entry.layer.id.includes('/'))) return true;
  return entries.every((entry, index) => entry.layer.id === String(index));
}

const sameFrame = (a: Frame, b: Frame) =>
  near(a.x, b.x) && near(a.y, b.y) && near(a.width, b.width) && near(a.height, b.height);

function link(before: Entry, after: Entry) {
  before.partner = after;
  after.partner = before;
}

/** Pairs the entries (setting `partner`) and says how. */
export function pairLayers(
  before: LayerDoc,
  beforeEntries: Entry[],
  after: LayerDoc,
  afterEntries: Entry[],
): 'id' | 'name-position' {
  const beforeIds = stableIds(before, beforeEntries);
  const afterIds = stableIds(after, afterEntries);
  if (beforeIds && afterIds && idsPairWell(beforeIds, afterIds, beforeEntries.length, afterEntries.length)) {
    for (const [id, entry] of afterIds) {
      const counterpart = beforeIds.get(id);
      // A layer that became another kind (a shape rasterised into an image) is a new layer.
      if (counterpart?.layer.type === entry.layer.type) link(counterpart, entry);
    }
    // Layers whose ids are positions (an SVG's unnamed elements) are paired as in files without ids.
    pairByNameAndPosition(
      beforeEntries.filter((entry) => !entry.partner && !beforeIds.has(entry.layer.id)),
      afterEntries.filter((entry) => !entry.partner && !afterIds.has(entry.layer.id)),
    );
    return 'id';
  }
  pairByNameAndPosition(beforeEntries, afterEntries);
  return 'name-position';
}

function idsPairWell(
  beforeIds: Map<string, Entry>,
  afterIds: Map<string, Entry>,
  beforeCount: number,
  afterCount: number,
): boolean {
  let shared = 0;
  let agreeing = 0;
  for (const [id, entry] of afterIds) {
    const counterpart = beforeIds.get(id);
    if (!counterpart) continue;
    shared++;
    const a = counterpart.layer;
    const b = entry.layer;
    if (a.type === b.type && (a.name === b.name || sameFrame(a.frame, b.frame))) agreeing++;
  }
  return (
    shared > 0 &&
    shared >= SHARED_IDS_MIN * Math.min(beforeCount, afterCount) &&
    agreeing >= AGREEING_IDS_MIN * shared
  );
}

/**
 * Same name and type, nearest frame centre, each layer used once, ties broken by tree order; what is left
 * unpaired was added or removed. Layers are bucketed by name and type so only namesakes are ever compared.
 */
export function pairByNameAndPosition(before: Entry[], after: Entry[]) {
  const beforeBuckets = bucketByName(before);
  for (const [key, afters] of bucketByName(after)) {
    const befores = beforeBuckets.get(key);
    if (befores) pairNamesakes(befores, afters);
  }
}

function bucketByName(entries: Entry[]): Map<string, Entry[]> {
  const buckets = new Map<string, Entry[]>();
  for (const entry of entries) {
    const key = `${entry.layer.type}\u0000${entry.layer.name}`;
    const bucket = buckets.get(key);
    if (bucket) bucket.push(entry);
    else buckets.set(key, [entry]);
  }
  return buckets;
}

const centreKey = (frame: Frame) =>
  `${Math.round((frame.x + frame.width / 2) * 100)},${Math.round((frame.y + frame.height / 2) * 100)}`;

/** Both lists are in tree order. */
function pairNamesakes(befores: Entry[], afters: Entry[]) {
  if (befores.length === 1 && afters.length === 1) {
    link(befores[0], afters[0]);
    return;
  }
  // Layers that stayed put pair first (distance 0), so a long list of "Rectangle"s rarely reaches the sort.
  const atCentre = new Map<string, { queue: Entry[]; next: number }>();
  for (const entry of befores) {
    const key = centreKey(entry.layer.frame);
    const slot = atCentre.get(key);
    if (slot) slot.queue.push(entry);
    else atCentre.set(key, { queue: [entry], next: 0 });
  }
  const movedAfters: Entry[] = [];
  for (const entry of afters) {
    const slot = atCentre.get(centreKey(entry.layer.frame));
    if (slot && slot.next < slot.queue.length) link(slot.queue[slot.next++], entry);
    else movedAfters.push(entry);
  }
  const movedBefores = befores.filter((entry) => !entry.partner);
  if (movedBefores.length === 0 || movedAfters.length === 0) return;
  if (movedBefores.length * movedAfters.length > NEAREST_PAIRS_MAX) {
    const count = Math.min(movedBefores.length, movedAfters.length);
    for (let i = 0; i < count; i++) link(movedBefores[i], movedAfters[i]);
    return;
  }
  pairNearest(movedBefores, movedAfters);
}

/** Greedy over every candidate pair from the nearest up: the closest pair anywhere is taken first. */
function pairNearest(befores: Entry[], afters: Entry[]) {
  const centres = (entries: Entry[]) =>
    entries.map(({ layer: { frame } }) => [frame.x + frame.width / 2, frame.y + frame.height / 2] as const);
  const beforeCentres = centres(befores);
  const afterCentres = centres(afters);
  const count = befores.length * afters.length;
  const distances = new Float64Array(count);
  const candidates = new Uint32Array(count);
  for (let i = 0; i < befores.length; i++) {
    const [bx, by] = beforeCentres[i];
    for (let j = 0; j < afters.length; j++) {
      const [ax, ay] = afterCentres[j];
      const index = i * afters.length + j;
      distances[index] = Math.hypot(ax - bx, ay - by);
      candidates[index] = index;
    }
  }
  // Equal distances keep index order, which is the older version's tree order, then the newer one's.
  candidates.sort((p, q) => distances[p] - distances[q] || p - q);
  for (const index of candidates) {
    const before = befores[Math.floor(index / afters.length)];
    const after = afters[index % afters.length];
    if (!before.partner && !after.partner) link(before, after);
  }
}
