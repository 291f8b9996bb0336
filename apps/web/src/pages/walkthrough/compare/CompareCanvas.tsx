import type { WalkthroughCandidate, WalkthroughRect } from '@ferry/shared';
import { type CSSProperties, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Alignment, WalkthroughIssueView, WalkthroughScreenshotView } from '../../../api/walkthrough';
import { useViewport } from '../../detail/canvas/useViewport';
import { wheelZoomHandler } from '../../detail/canvas/wheelZoom';
import { useElementSize } from '../../detail/useElementSize';
import { ZoomControl } from '../../prototype/editor/ZoomControl';
import { Boxes, boxStyle } from './Boxes';
import {
  type CompareMode,
  contentSize,
  SIDE_GAP,
  type Size,
  screenshotFrame,
  unionFrame,
} from './compareGeometry';
import { useCompareDrag } from './useCompareDrag';
import '../../prototype/editor/editor.css';
import './compare.css';

export interface CompareCanvasProps {
  design: Size;
  picture: string;
  shot: WalkthroughScreenshotView | undefined;
  alignment: Alignment | null;
  mode: CompareMode;
  /** The screenshot's opacity over the design (overlay). */
  opacity: number;
  /** The swipe divider, as a share of the design's width: the design left of it, the screenshot right. */
  swipe: number;
  onSwipe: (share: number) => void;
  showMask: boolean;
  issues: WalkthroughIssueView[];
  candidates: WalkthroughCandidate[];
  selectedIssueId: string | undefined;
  selectedCandidateId: string | undefined;
  onSelectIssue: (issueId: string) => void;
  onSelectCandidate: (candidateId: string) => void;
  onBackground: () => void;
  drawing: boolean;
  /** The rectangle drawn for a new issue, waiting for its description. */
  pending: WalkthroughRect | null;
  onDrawn: (rect: WalkthroughRect) => void;
  canAlign: boolean;
  onAlign: (change: (current: Alignment) => Alignment) => void;
}

/**
 * The design and a screenshot of the built page in one of four modes: side by side, overlaid with an
 * opacity, swiped with a divider, or as their difference (mix-blend-mode). The screenshot is drawn at the
 * design's width by its scale, at its offset; issues and proposals are boxes over it. Zoom and pan as in
 * the hotspot editor (wheel, Ctrl/⌘-wheel, the corner control, fit).
 */
export function CompareCanvas(props: CompareCanvasProps) {
  const { t } = useTranslation();
  const { design, shot, alignment, mode } = props;
  const canvasRef = useRef<HTMLElement>(null);
  const worldRef = useRef<HTMLDivElement>(null);
  const hasShot = Boolean(shot && alignment);
  const viewport = useViewport(useElementSize(canvasRef), contentSize(design, mode, hasShot));
  const zoom = viewport.scale;

  const drag = useCompareDrag({
    worldRef,
    zoom,
    design,
    mode,
    hasShot,
    drawing: props.drawing,
    canAlign: props.canAlign,
    alignment,
    onAlign: props.onAlign,
    onDrawn: props.onDrawn,
    onSwipe: props.onSwipe,
    onSelectIssue: props.onSelectIssue,
    onSelectCandidate: props.onSelectCandidate,
    onBackground: props.onBackground,
  });

  const latestViewport = useRef(viewport);
  latestViewport.current = viewport;
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const onWheel = wheelZoomHandler(canvas, () => {
      const { panBy, step, zoomTo } = latestViewport.current;
      return { panBy, zoomStep: step, zoomTo, freeZoom: false };
    });
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, []);

  const frame = shot && alignment ? screenshotFrame(shot, alignment) : null;
  const half = { width: design.width * zoom, height: design.height * zoom };
  const boxes = (
    <Boxes
      issues={props.issues}
      candidates={props.candidates}
      zoom={zoom}
      selectedIssueId={props.selectedIssueId}
      selectedCandidateId={props.selectedCandidateId}
    />
  );
  const draft = drag.draft ?? props.pending;
  const shotImage = (style: CSSProperties, className = '') =>
    shot && frame ? (
      <img
        className={`wt-shot ${className}`}
        src={shot.url}
        alt=""
        draggable={false}
        data-shot=""
        data-testid="wt-shot-image"
        style={{ ...boxStyle(frame, zoom), ...style }}
      />
    ) : null;

  // Over the design: one layer around both, so the swipe's clip is in the design's place.
  const union = unionFrame(design, frame);
  const divider = props.swipe * design.width;
  const overlay =
    mode === 'side' || !frame ? null : (
      <div
        className="wt-shot-layer"
        style={{
          ...boxStyle(union, zoom),
          clipPath:
            mode === 'swipe' ? `inset(0 0 0 ${Math.max(0, (divider - union.x) * zoom)}px)` : undefined,
        }}
      >
        {shotImage(
          {
            left: (frame.x - union.x) * zoom,
            top: (frame.y - union.y) * zoom,
            opacity: mode === 'overlay' ? props.opacity : undefined,
          },
          mode === 'difference' ? 'is-difference' : '',
        )}
      </div>
    );

  return (
    <main
      className={`wt-canvas${props.drawing ? ' is-drawing' : ''}${props.canAlign && hasShot ? ' can-align' : ''}`}
      ref={canvasRef}
      data-testid="wt-canvas"
      data-mode={mode}
      aria-label={t('walkthrough.compare.canvas')}
      onMouseDown={drag.onMouseDown}
      onMouseMove={(event) => {
        const rect = canvasRef.current?.getBoundingClientRect();
        viewport.pointAt({ x: event.clientX - (rect?.left ?? 0), y: event.clientY - (rect?.top ?? 0) });
      }}
    >
      <div
        className="wt-world"
        ref={worldRef}
        style={{ transform: `translate3d(${viewport.offset.x}px, ${viewport.offset.y}px, 0)` }}
      >
        <div className="wt-half" style={half} data-testid="wt-design-half">
          <img
            className="wt-design"
            src={props.picture}
            alt=""
            draggable={false}
            style={half}
            data-testid="wt-design"
          />
          {overlay}
          {props.showMask && shot?.diff_url ? (
            <img
              className="wt-mask"
              src={shot.diff_url}
              alt=""
              draggable={false}
              style={half}
              data-testid="wt-mask"
            />
          ) : null}
          {boxes}
          {draft ? (
            <div className="wt-box is-draft" style={boxStyle(draft, zoom)} data-testid="wt-draft" />
          ) : null}
          {mode === 'swipe' && frame ? (
            <div
              className="wt-divider"
              style={{ left: divider * zoom }}
              data-divider=""
              data-testid="wt-divider"
              data-share={Math.round(props.swipe * 100)}
            >
              <span className="wt-divider-grip" />
            </div>
          ) : null}
        </div>
        {mode === 'side' && frame ? (
          <div
            className="wt-half is-shot"
            style={{ ...half, left: (design.width + SIDE_GAP) * zoom }}
            data-testid="wt-shot-half"
          >
            {shotImage({})}
            {boxes}
          </div>
        ) : null}
      </div>
      <ZoomControl viewport={viewport} />
    </main>
  );
}
