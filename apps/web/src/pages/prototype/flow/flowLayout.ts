import dagre from '@dagrejs/dagre';
import type { CardView } from '../../../api/prototypes';

/** The flow map's geometry, in map units (1 unit = 1 CSS pixel at 100 %). */
export const CARD_WIDTH = 176;
export const THUMB_HEIGHT = 132;
export const CARD_HEIGHT = THUMB_HEIGHT + 30;
/** Space between cards of one rank, and between ranks (left to right). */
const NODE_GAP = 56;
const RANK_GAP = 140;
/** Designs without links sit in a grid under the graph. */
const GRID_GAP = 48;
const GRID_TOP_GAP = 120;

export interface Point {
  x: number;
  y: number;
}

export interface FlowEdge {
  parent: string;
  son: string;
}

/**
 * Where each design's card goes when nobody placed it: a left-to-right layered layout (dagre) of the designs
 * that have links, then the others in a grid beneath, in the order given.
 */
export function autoLayout(ids: readonly string[], edges: readonly FlowEdge[]): Map<string, Point> {
  const known = new Set(ids);
  const usable = edges.filter(
    (edge) => edge.parent !== edge.son && known.has(edge.parent) && known.has(edge.son),
  );
  const linked = new Set(usable.flatMap((edge) => [edge.parent, edge.son]));
  const positions = new Map<string, Point>();

  let graphWidth = 0;
  let graphBottom = 0;
  if (linked.size > 0) {
    const graph = new dagre.graphlib.Graph();
    graph.setGraph({ rankdir: 'LR', nodesep: NODE_GAP, ranksep: RANK_GAP, marginx: 0, marginy: 0 });
    graph.setDefaultEdgeLabel(() => ({}));
    // Nodes in the given order, so the same designs and links always give the same picture.
    for (const id of ids) if (linked.has(id)) graph.setNode(id, { width: CARD_WIDTH, height: CARD_HEIGHT });
    for (const edge of usable) graph.setEdge(edge.parent, edge.son);
    dagre.layout(graph);
    for (const id of linked) {
      const node = graph.node(id);
      const point = { x: Math.round(node.x - CARD_WIDTH / 2), y: Math.round(node.y - CARD_HEIGHT / 2) };
      positions.set(id, point);
      graphWidth = Math.max(graphWidth, point.x + CARD_WIDTH);
      graphBottom = Math.max(graphBottom, point.y + CARD_HEIGHT);
    }
  }

  const loose = ids.filter((id) => !linked.has(id));
  const step = CARD_WIDTH + GRID_GAP;
  // As wide as the graph above, and never a single long column or row.
  const columns = Math.max(
    Math.ceil(Math.sqrt(loose.length * 1.6)),
    Math.floor((graphWidth + GRID_GAP) / step),
    1,
  );
  const top = linked.size > 0 ? graphBottom + GRID_TOP_GAP : 0;
  loose.forEach((id, index) => {
    positions.set(id, {
      x: (index % columns) * step,
      y: top + Math.floor(index / columns) * (CARD_HEIGHT + GRID_GAP),
    });
  });
  return positions;
}

/** Every design's card: where a user put it, else where the automatic layout puts it. */
export function placeCards(
  ids: readonly string[],
  edges: readonly FlowEdge[],
  saved: readonly CardView[],
): Map<string, Point> {
  const positions = autoLayout(ids, edges);
  for (const card of saved) {
    if (positions.has(card.image_id)) positions.set(card.image_id, { x: card.x, y: card.y });
  }
  return positions;
}

/** The box all cards take, for "fit". */
export function boundsOf(positions: ReadonlyMap<string, Point>) {
  let left = Number.POSITIVE_INFINITY;
  let top = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  let bottom = Number.NEGATIVE_INFINITY;
  for (const { x, y } of positions.values()) {
    left = Math.min(left, x);
    top = Math.min(top, y);
    right = Math.max(right, x + CARD_WIDTH);
    bottom = Math.max(bottom, y + CARD_HEIGHT);
  }
  if (!Number.isFinite(left)) return { left: 0, top: 0, width: 0, height: 0 };
  return { left, top, width: right - left, height: bottom - top };
}

/** The design whose card covers `point` (the topmost: the last drawn), or null. */
export function cardAt(
  point: Point,
  positions: ReadonlyMap<string, Point>,
  order: readonly string[],
): string | null {
  for (let index = order.length - 1; index >= 0; index--) {
    const id = order[index];
    const at = positions.get(id);
    if (
      at &&
      point.x >= at.x &&
      point.x <= at.x + CARD_WIDTH &&
      point.y >= at.y &&
      point.y <= at.y + CARD_HEIGHT
    ) {
      return id;
    }
  }
  return null;
}

/**
 * Where the flow starts, for "Play": the first design (leftmost, then topmost) that links onward and that no
 * link leads to; else the first design that has any link; else the first design.
 */
export function flowStart(
  ids: readonly string[],
  edges: readonly FlowEdge[],
  positions: ReadonlyMap<string, Point>,
): string | undefined {
  const targets = new Set(edges.map((edge) => edge.son));
  const sources = new Set(edges.map((edge) => edge.parent));
  const byPlace = [...ids].sort((a, b) => {
    const pa = positions.get(a) ?? { x: 0, y: 0 };
    const pb = positions.get(b) ?? { x: 0, y: 0 };
    return pa.x - pb.x || pa.y - pb.y;
  });
  return (
    byPlace.find((id) => sources.has(id) && !targets.has(id)) ??
    byPlace.find((id) => sources.has(id)) ??
    ids[0]
  );
}

export interface ArrowShape {
  /** The SVG path, parent's right edge to son's left edge. */
  d: string;
  /** The middle of the curve: the count label and the ✕ sit there. */
  middle: Point;
}

/**
 * A link's arrow: a curve from the middle of the parent's right edge into the middle of the son's left edge;
 * `offset` shifts both ends up or down so the two arrows of a pair linked both ways stay apart.
 */
export function arrowShape(from: Point, to: Point, offset = 0): ArrowShape {
  const start = { x: from.x + CARD_WIDTH, y: from.y + CARD_HEIGHT / 2 + offset };
  const end = { x: to.x, y: to.y + CARD_HEIGHT / 2 + offset };
  // Backwards links loop out and under the cards, so they do not run through the row they join.
  const backwards = end.x < start.x;
  const reach = backwards ? 120 : Math.max(60, Math.abs(end.x - start.x) / 2);
  const drop = backwards ? CARD_HEIGHT : 0;
  const c1 = { x: start.x + reach, y: start.y + drop };
  const c2 = { x: end.x - reach, y: end.y + drop };
  const middle = {
    x: (start.x + 3 * c1.x + 3 * c2.x + end.x) / 8,
    y: (start.y + 3 * c1.y + 3 * c2.y + end.y) / 8,
  };
  return { d: `M${start.x},${start.y} C${c1.x},${c1.y} ${c2.x},${c2.y} ${end.x},${end.y}`, middle };
}
