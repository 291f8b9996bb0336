import type { Frame } from '@ferry/shared';

/**
 * The red measuring lines between the selected layer and the one under the pointer, as Zeplin draws them, in
 * design pixels. Per axis:
 * - apart (one ends before the other starts): one line across the gap;
 * - overlapping on both axes (one inside the other, or crossing): a line between each pair of matching edges
 *   (left–left, right–right, top–top, bottom–bottom), the insets when one contains the other;
 * - apart on one axis only: just the gap on that axis.
 * A line sits in the middle of the stretch both frames share on the other axis. Where they share none (apart
 * diagonally) it runs through the middle of the selection, and a dashed guide extends the target's edge to it.
 * With nothing hovered the target is the artboard: the selection's distances to its edges.
 */
export interface Measure {
  /** `x`: a horizontal line from `from` to `to` at y = `at`; `y`: a vertical one at x = `at`. */
  axis: 'x' | 'y';
  from: number;
  to: number;
  at: number;
}

export interface Guide {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface Distances {
  lines: Measure[];
  guides: Guide[];
}

interface Span {
  start: number;
  end: number;
}

const spanX = (frame: Frame): Span => ({ start: frame.x, end: frame.x + frame.width });
const spanY = (frame: Frame): Span => ({ start: frame.y, end: frame.y + frame.height });
const apart = (a: Span, b: Span) => b.start >= a.end || b.end <= a.start;
const middle = (span: Span) => (span.start + span.end) / 2;

/** The gap between two spans that are apart, and the target's edge where it ends. */
function gap(a: Span, b: Span): { from: number; to: number; edge: number } {
  return b.start >= a.end
    ? { from: a.end, to: b.start, edge: b.start }
    : { from: b.end, to: a.start, edge: b.end };
}

/** The stretch both share on an axis where they overlap. */
const shared = (a: Span, b: Span): Span => ({
  start: Math.max(a.start, b.start),
  end: Math.min(a.end, b.end),
});

function edgeLines(a: Span, b: Span): Span[] {
  return [
    { start: Math.min(a.start, b.start), end: Math.max(a.start, b.start) },
    { start: Math.min(a.end, b.end), end: Math.max(a.end, b.end) },
  ];
}

export function measureDistances(selected: Frame, target: Frame): Distances {
  const ax = spanX(selected);
  const ay = spanY(selected);
  const bx = spanX(target);
  const by = spanY(target);
  const apartX = apart(ax, bx);
  const apartY = apart(ay, by);
  const lines: Measure[] = [];
  const guides: Guide[] = [];

  if (!apartX && !apartY) {
    const atY = middle(shared(ay, by));
    const atX = middle(shared(ax, bx));
    for (const span of edgeLines(ax, bx)) lines.push({ axis: 'x', from: span.start, to: span.end, at: atY });
    for (const span of edgeLines(ay, by)) lines.push({ axis: 'y', from: span.start, to: span.end, at: atX });
  } else if (apartX && !apartY) {
    const { from, to } = gap(ax, bx);
    lines.push({ axis: 'x', from, to, at: middle(shared(ay, by)) });
  } else if (!apartX && apartY) {
    const { from, to } = gap(ay, by);
    lines.push({ axis: 'y', from, to, at: middle(shared(ax, bx)) });
  } else {
    const horizontal = gap(ax, bx);
    const atY = middle(ay);
    lines.push({ axis: 'x', from: horizontal.from, to: horizontal.to, at: atY });
    const nearY = atY < by.start ? by.start : by.end;
    if (horizontal.to > horizontal.from)
      guides.push({ x1: horizontal.edge, y1: nearY, x2: horizontal.edge, y2: atY });
    const vertical = gap(ay, by);
    const atX = middle(ax);
    lines.push({ axis: 'y', from: vertical.from, to: vertical.to, at: atX });
    const nearX = atX < bx.start ? bx.start : bx.end;
    if (vertical.to > vertical.from)
      guides.push({ x1: nearX, y1: vertical.edge, x2: atX, y2: vertical.edge });
  }
  return { lines: lines.filter((line) => line.to - line.from > 0), guides };
}

/** The artboard as a frame, the target when nothing is hovered. */
export const artboardFrame = (size: { width: number; height: number }): Frame => ({
  x: 0,
  y: 0,
  width: size.width,
  height: size.height,
});
