import type { Frame, Layer, LayerDoc } from '../layers.js';
import { type Entry, flatten, pairLayers } from './match.js';
import { borderColours, borderShapes, lookChanges, near, nearlyEqual } from './properties.js';
import type { LayerChange, LayerDiff, LayerDiffSummary, PropertyChange } from './types.js';

/**
 * What changed between two versions of one design, layer by layer.
 *
 * Layers are paired by id when both files keep ids across saves and most ids are shared, else by name, type
 * and nearest position (see match.ts). A paired layer reports the properties that differ beyond a small
 * epsilon. A group reports only its own properties: the frame of a group drawn around its children (every
 * group but an artboard) changes whenever they do, so it is reported only when the whole group moved, and
 * then children that moved with it are not reported as moved.
 */
export function diffLayerDocs(before: LayerDoc, after: LayerDoc): LayerDiff {
  const beforeEntries = flatten(before);
  const afterEntries = flatten(after);
  const matchedBy = pairLayers(before, beforeEntries, after, afterEntries);
  const changes: LayerChange[] = [];
  /** How far each paired group carried its children, which they are measured against. */
  const carried = new Map<Entry, Offset>();
  for (const entry of afterEntries) {
    const counterpart = entry.partner;
    if (!counterpart) {
      if (entry.parent && !entry.parent.partner) continue; // inside an added group
      changes.push(unpaired('added', entry.layer));
      continue;
    }
    const inherited =
      entry.parent && entry.parent.partner === counterpart.parent
        ? (carried.get(entry.parent) ?? NO_OFFSET)
        : NO_OFFSET;
    const frame = frameChanges(counterpart.layer, entry.layer, inherited);
    if (entry.layer.children) carried.set(entry, frame.carries);
    const properties = [...frame.changes, ...lookChanges(counterpart.layer, entry.layer, matchedBy === 'id')];
    if (properties.length) changes.push(changed(counterpart.layer, entry.layer, properties));
  }
  for (const entry of beforeEntries) {
    if (entry.partner || (entry.parent && !entry.parent.partner)) continue;
    changes.push(unpaired('removed', entry.layer));
  }
  return { matchedBy, changes, summary: summarize(changes) };
}

interface Offset {
  dx: number;
  dy: number;
}

const NO_OFFSET: Offset = { dx: 0, dy: 0 };

/** Within half a pixel of its children's bounds: the importer drew the group around them (not an artboard). */
function drawnAroundChildren(group: Layer): boolean {
  const children = group.children;
  if (!children?.length) return false;
  let left = Number.POSITIVE_INFINITY;
  let top = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  let bottom = Number.NEGATIVE_INFINITY;
  for (const { frame } of children) {
    left = Math.min(left, frame.x);
    top = Math.min(top, frame.y);
    right = Math.max(right, frame.x + frame.width);
    bottom = Math.max(bottom, frame.y + frame.height);
  }
  const { x, y, width, height } = group.frame;
  return (
    near(x, left, 0.5) && near(y, top, 0.5) && near(x + width, right, 0.5) && near(y + height, bottom, 0.5)
  );
}

/**
 * Position and size changes of a paired layer, its position measured against how far its parent carried it;
 * and how far the layer carries its own children.
 */
function frameChanges(
  before: Layer,
  after: Layer,
  inherited: Offset,
): { changes: PropertyChange[]; carries: Offset } {
  const from = before.frame;
  const to = after.frame;
  const resized = !near(from.width, to.width) || !near(from.height, to.height);
  if (resized && drawnAroundChildren(before) && drawnAroundChildren(after)) {
    // Its children moved or changed apart from one another; they say so themselves.
    return { changes: [], carries: inherited };
  }
  const offset = { dx: to.x - from.x, dy: to.y - from.y };
  const changes: PropertyChange[] = [];
  if (!near(offset.dx, inherited.dx) || !near(offset.dy, inherited.dy)) {
    changes.push({ property: 'position', before: { x: from.x, y: from.y }, after: { x: to.x, y: to.y } });
  }
  if (resized) {
    changes.push({
      property: 'size',
      before: { width: from.width, height: from.height },
      after: { width: to.width, height: to.height },
    });
  }
  return { changes, carries: offset };
}

const copyFrame = ({ x, y, width, height }: Frame): Frame => ({ x, y, width, height });

function unpaired(kind: 'added' | 'removed', layer: Layer): LayerChange {
  return {
    kind,
    beforeId: kind === 'removed' ? layer.id : null,
    afterId: kind === 'added' ? layer.id : null,
    name: layer.name,
    type: layer.type,
    beforeFrame: kind === 'removed' ? copyFrame(layer.frame) : null,
    afterFrame: kind === 'added' ? copyFrame(layer.frame) : null,
    properties: [],
  };
}

function changed(before: Layer, after: Layer, properties: PropertyChange[]): LayerChange {
  return {
    kind: 'changed',
    beforeId: before.id,
    afterId: after.id,
    name: after.name,
    type: after.type,
    beforeFrame: copyFrame(before.frame),
    afterFrame: copyFrame(after.frame),
    properties,
  };
}

/** The counts LayerDiffSummary describes; a layer counts once per heading. */
function summarize(changes: readonly LayerChange[]): LayerDiffSummary {
  const summary: LayerDiffSummary = {
    added: 0,
    removed: 0,
    moved: 0,
    resized: 0,
    texts: 0,
    colours: 0,
    styles: 0,
    renamed: 0,
    total: changes.length,
  };
  for (const change of changes) {
    if (change.kind !== 'changed') {
      summary[change.kind]++;
      continue;
    }
    const has = new Set(change.properties.map((p) => p.property));
    if (has.has('position')) summary.moved++;
    if (has.has('size')) summary.resized++;
    if (has.has('name')) summary.renamed++;
    if (has.has('textContent') || has.has('textStyle')) summary.texts++;
    const borders = change.properties.find((p) => p.property === 'borders');
    const [borderColoursChanged, borderShapesChanged] = borders
      ? bordersDiffer(borders.before as Layer['borders'], borders.after as Layer['borders'])
      : [false, false];
    if (has.has('fills') || borderColoursChanged) summary.colours++;
    if (
      borderShapesChanged ||
      has.has('radius') ||
      has.has('shadows') ||
      has.has('opacity') ||
      has.has('blendMode')
    ) {
      summary.styles++;
    }
  }
  return summary;
}

/** Whether the borders' paints differ, and whether their widths, positions or dashes do. */
function bordersDiffer(before: Layer['borders'], after: Layer['borders']): [boolean, boolean] {
  return [
    !nearlyEqual(borderColours(before), borderColours(after)),
    !nearlyEqual(borderShapes(before), borderShapes(after)),
  ];
}
