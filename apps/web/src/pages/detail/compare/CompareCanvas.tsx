import type { Frame } from '@ferry/shared';
import type { LayerChange } from '@ferry/shared/compare/types';
import { memo, type RefObject, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanvasPointer } from '../canvas/useCanvasPointer';
import type { useViewport } from '../canvas/useViewport';
import { changeKey, shownFrame } from './changes';
import { SliderDivider } from './SliderDivider';

/** One version's picture as the canvas draws it, in its own design pixels. */
export interface ComparePicture {
  url: string;
  width: number;
  height: number;
  /** "v3" */
  label: string;
}

export type CompareMode = 'overlay' | 'slider';

export interface CompareCanvasProps {
  canvasRef: RefObject<HTMLElement | null>;
  viewport: ReturnType<typeof useViewport>;
  freeZoom: boolean;
  from: ComparePicture | null;
  to: ComparePicture | null;
  changes: readonly LayerChange[];
  mode: CompareMode;
  overlays: boolean;
  selectedKey: string | null;
  onSelect: (key: string | null) => void;
  /** Where the divider of the slider stands, 0–100 (% of the newer picture's width from its left). */
  divider: number;
  onDivider: (percent: number) => void;
}

const contains = (frame: Frame, x: number, y: number) =>
  x >= frame.x && x <= frame.x + frame.width && y >= frame.y && y <= frame.y + frame.height;

/** How much of the older picture the divider hides, in % of its own width from the right. */
const clipRight = (divider: number, from: ComparePicture, to: ComparePicture) =>
  Math.min(100, Math.max(0, 100 - (divider * to.width) / (from.width || to.width)));

/** The smallest change under a point of the design: a click on nested boxes picks the innermost. */
function changeAt(changes: readonly LayerChange[], x: number, y: number): LayerChange | null {
  let best: LayerChange | null = null;
  for (const change of changes) {
    const frame = shownFrame(change);
    if (!frame || !contains(frame, x, y)) continue;
    const bestFrame = best && shownFrame(best);
    if (!bestFrame || frame.width * frame.height < bestFrame.width * bestFrame.height) best = change;
  }
  return best;
}

/** The boxes over the newer picture: added green, removed red at their old place, changed amber. */
const ChangeBoxes = memo(function ChangeBoxes({
  changes,
  scale,
  width,
  height,
  selectedKey,
  all,
}: {
  changes: readonly LayerChange[];
  scale: number;
  width: number;
  height: number;
  selectedKey: string | null;
  /** false: only the selected change is drawn (overlays turned off). */
  all: boolean;
}) {
  const box = (frame: Frame) => ({
    x: Math.round(frame.x * scale) + 0.5,
    y: Math.round(frame.y * scale) + 0.5,
    width: Math.max(1, Math.round(frame.width * scale)),
    height: Math.max(1, Math.round(frame.height * scale)),
  });
  return (
    <svg
      className="compare-boxes"
      width={width * scale}
      height={height * scale}
      aria-hidden="true"
      data-testid="compare-overlays"
    >
      {changes.map((change) => {
        const key = changeKey(change);
        const selected = key === selectedKey;
        const frame = shownFrame(change);
        if (!frame || (!all && !selected)) return null;
        return (
          <g key={key}>
            {/* A moved or resized layer shows where it was, dashed, once selected. */}
            {selected && change.kind === 'changed' && change.beforeFrame ? (
              <rect className="compare-box is-before" {...box(change.beforeFrame)} />
            ) : null}
            <rect
              className={`compare-box is-${change.kind}${selected ? ' is-selected' : ''}`}
              {...box(frame)}
              data-testid={`compare-box-${change.kind}`}
              data-name={change.name}
            />
          </g>
        );
      })}
    </svg>
  );
});

/**
 * The two versions on the neutral canvas, panned and zoomed as the inspect view is: the newer picture with the
 * changes boxed over it, or both stacked with the older one clipped at a draggable divider.
 */
export function CompareCanvas(props: CompareCanvasProps) {
  const { t } = useTranslation();
  const { viewport, from, to, mode } = props;
  const worldRef = useRef<HTMLDivElement>(null);
  const { scale, offset } = viewport;
  const pointer = useCanvasPointer({
    canvasRef: props.canvasRef,
    worldRef,
    scale,
    freeZoom: props.freeZoom,
    panBy: viewport.panBy,
    zoomStep: viewport.step,
    zoomTo: viewport.zoomTo,
    onMove: (_at, screen) => viewport.pointAt(screen),
    // A click on the design picks the change boxed there (or clears the choice).
    onClick: (at) => {
      if (mode !== 'overlay') return;
      const hit = changeAt(props.changes, at.x, at.y);
      props.onSelect(hit ? changeKey(hit) : null);
    },
  });
  const size = (picture: ComparePicture) => ({
    width: Math.round(picture.width * scale) || undefined,
    height: Math.round(picture.height * scale) || undefined,
  });

  const modes = [pointer.spaceHeld ? 'is-hand' : '', pointer.dragging ? 'is-dragging' : ''].join(' ');
  return (
    <main
      className={`detail-canvas inspect-canvas compare-canvas ${modes}`}
      ref={props.canvasRef as RefObject<HTMLElement>}
      data-testid="compare-canvas"
      data-mode={mode}
      aria-label={t('detail.canvas')}
      {...pointer.handlers}
    >
      {to ? (
        <div
          className="inspect-world"
          ref={worldRef}
          style={{ transform: `translate3d(${offset.x}px, ${offset.y}px, 0)` }}
        >
          <img
            className="detail-design compare-picture is-to"
            src={to.url}
            alt=""
            draggable={false}
            data-testid="compare-to-image"
            {...size(to)}
          />
          {mode === 'slider' && from ? (
            <>
              <img
                className="detail-design compare-picture is-from"
                src={from.url}
                alt=""
                draggable={false}
                data-testid="compare-from-image"
                // The older picture shows left of the divider, the newer one right of it.
                style={{ clipPath: `inset(0 ${clipRight(props.divider, from, to)}% 0 0)` }}
                {...size(from)}
              />
              <span className="compare-label is-from" data-testid="compare-label-from">
                {from.label}
              </span>
              <span
                className="compare-label is-to"
                style={{ left: to.width * scale }}
                data-testid="compare-label-to"
              >
                {to.label}
              </span>
              <SliderDivider
                percent={props.divider}
                onChange={props.onDivider}
                height={to.height * scale}
                width={to.width * scale}
                label={t('compare.slider', { from: from.label, to: to.label })}
              />
            </>
          ) : null}
          {mode === 'overlay' ? (
            <div className="compare-overlay" style={{ width: to.width * scale, height: to.height * scale }}>
              <ChangeBoxes
                changes={props.changes}
                scale={scale}
                width={to.width}
                height={to.height}
                selectedKey={props.selectedKey}
                all={props.overlays}
              />
            </div>
          ) : null}
        </div>
      ) : null}
    </main>
  );
}
