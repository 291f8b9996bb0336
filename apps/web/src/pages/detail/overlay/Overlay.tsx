import type { Frame } from '@ferry/shared';
import { memo } from 'react';
import { roundedLength, type UnitContext } from '../units';
import type { Distances, Measure } from './distances';

/** Half a CSS pixel, so 1 px lines fall on whole device pixels. */
const crisp = (value: number) => Math.round(value) + 0.5;
/** Length of the small bars closing each end of a measuring line. */
const TICK = 5;
/** A line shorter than this (CSS px) has its label beside it instead of on it. */
const SHORT_LINE = 30;
/** Room the size label needs under or over the selection. */
const SIZE_LABEL_ROOM = 60;

function Outline({ frame, scale, kind }: { frame: Frame; scale: number; kind: 'hover' | 'selected' }) {
  const x = crisp(frame.x * scale);
  const y = crisp(frame.y * scale);
  const width = Math.max(0, Math.round((frame.x + frame.width) * scale) - Math.round(frame.x * scale));
  const height = Math.max(0, Math.round((frame.y + frame.height) * scale) - Math.round(frame.y * scale));
  return (
    <rect
      className={`inspect-outline is-${kind}`}
      x={x}
      y={y}
      width={width}
      height={height}
      data-testid={`inspect-${kind}`}
    />
  );
}

function Line({ line, scale }: { line: Measure; scale: number }) {
  const from = line.from * scale;
  const to = line.to * scale;
  const at = crisp(line.at * scale);
  if (line.axis === 'x') {
    return (
      <g className="inspect-measure">
        <line x1={from} y1={at} x2={to} y2={at} />
        <line x1={crisp(from)} y1={at - TICK} x2={crisp(from)} y2={at + TICK} />
        <line x1={crisp(to) - 1} y1={at - TICK} x2={crisp(to) - 1} y2={at + TICK} />
      </g>
    );
  }
  return (
    <g className="inspect-measure">
      <line x1={at} y1={from} x2={at} y2={to} />
      <line x1={at - TICK} y1={crisp(from)} x2={at + TICK} y2={crisp(from)} />
      <line x1={at - TICK} y1={crisp(to) - 1} x2={at + TICK} y2={crisp(to) - 1} />
    </g>
  );
}

function LineLabel({
  line,
  scale,
  units,
  spacingName,
}: {
  line: Measure;
  scale: number;
  units: UnitContext;
  spacingName?: SpacingName;
}) {
  const token = spacingName?.(line.to - line.from) ?? null;
  const middle = ((line.from + line.to) / 2) * scale;
  const at = line.at * scale;
  const style = line.axis === 'x' ? { left: middle, top: at } : { left: at, top: middle };
  const beside = (line.to - line.from) * scale < SHORT_LINE ? ' is-beside' : '';
  return (
    <span
      className={`inspect-label is-measure is-${line.axis}${beside}`}
      style={style}
      data-testid="inspect-distance"
    >
      {roundedLength(line.to - line.from, units)}
      {token ? <span className="inspect-label-token"> · {token}</span> : null}
    </span>
  );
}

/** The linked spacing token a distance in design pixels is, by name, or null. */
export type SpacingName = (designPixels: number) => string | null;

export interface OverlayProps {
  scale: number;
  width: number;
  height: number;
  hover: Frame | null;
  selected: Frame | null;
  distances: Distances | null;
  units: UnitContext;
  /** Names a distance by the linked spacing token it equals (the label reads `16px · space/md`). */
  spacingName?: SpacingName;
}

/**
 * What the inspect view draws over the design, in design coordinates times the scale: the outline of the layer
 * under the pointer, the selection with its size, and the red distances between them (overlay/distances.ts).
 * It never takes the pointer; the canvas hit-tests.
 */
export const Overlay = memo(function Overlay({
  scale,
  width,
  height,
  hover,
  selected,
  distances,
  units,
  spacingName,
}: OverlayProps) {
  const size = (value: number) => roundedLength(value, units);
  // The size goes under the selection, or over it where a short distance line or the design's edge is in the way.
  const crowded = (edge: number) =>
    !!distances?.lines.some(
      (line) =>
        line.axis === 'y' &&
        (line.from === edge || line.to === edge) &&
        (line.to - line.from) * scale < SIZE_LABEL_ROOM,
    );
  const below =
    !!selected &&
    (selected.y + selected.height) * scale + 28 < height * scale &&
    (!crowded(selected.y + selected.height) || crowded(selected.y));
  return (
    <div className="inspect-overlay" style={{ width: width * scale, height: height * scale }}>
      <svg width={width * scale} height={height * scale} aria-hidden="true">
        {hover ? <Outline frame={hover} scale={scale} kind="hover" /> : null}
        {selected ? <Outline frame={selected} scale={scale} kind="selected" /> : null}
        {distances?.guides.map((guide) => (
          <line
            key={`${guide.x1},${guide.y1},${guide.x2},${guide.y2}`}
            className="inspect-guide"
            x1={crisp(guide.x1 * scale)}
            y1={crisp(guide.y1 * scale)}
            x2={crisp(guide.x2 * scale)}
            y2={crisp(guide.y2 * scale)}
          />
        ))}
        {distances?.lines.map((line) => (
          <Line key={`${line.axis}${line.from},${line.to},${line.at}`} line={line} scale={scale} />
        ))}
      </svg>
      {distances?.lines.map((line) => (
        <LineLabel
          key={`${line.axis}${line.from},${line.to},${line.at}`}
          line={line}
          scale={scale}
          units={units}
          spacingName={spacingName}
        />
      ))}
      {selected ? (
        <span
          className={`inspect-label is-size ${below ? 'is-below' : 'is-above'}`}
          style={{
            left: (selected.x + selected.width / 2) * scale,
            top: (below ? selected.y + selected.height : selected.y) * scale,
          }}
          data-testid="inspect-size"
        >
          {size(selected.width)} × {size(selected.height)}
        </span>
      ) : null}
    </div>
  );
});
