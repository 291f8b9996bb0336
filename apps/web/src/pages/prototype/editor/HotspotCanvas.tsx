import { LoadingOutlined } from '@ant-design/icons';
import type { Frame, HotspotView } from '@ferry/shared';
import { pickLayer } from '@ferry/shared/layerIndex';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { useViewport } from '../../detail/canvas/useViewport';
import { wheelZoomHandler } from '../../detail/canvas/wheelZoom';
import type { useLayerDoc } from '../../detail/useLayerDoc';
import { clipFrame, HANDLES, type Point, type Size } from './geometry';
import { type EditMode, useCanvasDrag } from './useCanvasDrag';
import { ZoomControl } from './ZoomControl';

export interface ShownHotspot {
  hotspot: HotspotView;
  frame: Frame;
  label: string;
}

interface HotspotCanvasProps {
  canvasRef: RefObject<HTMLElement | null>;
  viewport: ReturnType<typeof useViewport>;
  design: Size;
  /** The design's picture, and a small one shown while it loads; null while it is being processed. */
  picture: { src: string; preview: string } | null;
  /** Shown instead of the design: still loading, or a failure with its retry. */
  notice: ReactNode;
  layers: ReturnType<typeof useLayerDoc>;
  hotspots: ShownHotspot[];
  selected: ReadonlySet<string>;
  editable: boolean;
  mode: EditMode;
  /** The rectangle drawn and waiting for its target, and the picker shown beside it. */
  pending: Frame | null;
  picker: ReactNode;
  onSelect: (ids: string[]) => void;
  onDrawn: (frame: Frame) => void;
  onChanged: (frames: Map<string, Frame>) => void;
}

const boxStyle = (frame: Frame, scale: number) => ({
  left: frame.x * scale,
  top: frame.y * scale,
  width: frame.width * scale,
  height: frame.height * scale,
});

/**
 * The design at fit scale with its hotspots as translucent rectangles, each labelled with where it leads;
 * editors draw, snap to layers, move and resize here.
 */
export function HotspotCanvas(props: HotspotCanvasProps) {
  const { t } = useTranslation();
  const { viewport, design, layers, hotspots, selected, editable } = props;
  const { scale, offset } = viewport;
  const worldRef = useRef<HTMLDivElement>(null);
  const [snapHover, setSnapHover] = useState<Frame | null>(null);
  const snapping = editable && props.mode === 'snap' && !!layers.index;

  const layerFrameAt = (at: Point, deep: boolean) => {
    const layer = layers.index ? pickLayer(layers.index, at.x, at.y, null, deep) : null;
    return layer ? clipFrame(layer.frame, design) : null;
  };

  const drag = useCanvasDrag({
    worldRef,
    scale,
    design,
    editable,
    mode: props.mode,
    frameOf: (id) => hotspots.find((shown) => shown.hotspot.id === id)?.frame,
    selected,
    onSelect: props.onSelect,
    onBackgroundClick: (at, shift) => {
      const frame = snapping ? layerFrameAt(at, false) : null;
      if (frame) props.onDrawn(frame);
      else if (!shift) props.onSelect([]);
    },
    onDrawn: props.onDrawn,
    onChanged: props.onChanged,
  });

  // The wheel pans a design larger than the canvas; Ctrl/⌘-wheel (and a pinch) zooms at the pointer, as in
  // the detail view.
  const latestViewport = useRef(viewport);
  latestViewport.current = viewport;
  useEffect(() => {
    const canvas = props.canvasRef.current;
    if (!canvas) return;
    const onWheel = wheelZoomHandler(canvas, () => {
      const { panBy, step, zoomTo } = latestViewport.current;
      return { panBy, zoomStep: step, zoomTo, freeZoom: false };
    });
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, [props.canvasRef]);

  const live = drag.preview?.kind === 'frames' ? drag.preview.frames : null;
  const single = selected.size === 1 && editable;
  return (
    <main
      className={`proto-canvas${editable && props.mode === 'draw' ? ' is-drawing' : ''}`}
      ref={props.canvasRef as RefObject<HTMLElement>}
      data-testid="proto-canvas"
      aria-label={t('protoEditor.canvas')}
      onMouseDown={props.notice ? undefined : drag.onMouseDown}
      onMouseMove={(event) => {
        if (!snapping || drag.preview) return;
        setSnapHover(layerFrameAt(drag.toDesign(event.clientX, event.clientY), false));
      }}
      onMouseLeave={() => setSnapHover(null)}
    >
      {props.notice ? (
        <div className="proto-notice">{props.notice}</div>
      ) : (
        <div
          className="proto-world"
          ref={worldRef}
          style={{
            transform: `translate3d(${offset.x}px, ${offset.y}px, 0)`,
            width: design.width * scale,
            height: design.height * scale,
          }}
        >
          {props.picture ? (
            <img
              className="proto-design"
              src={props.picture.src}
              alt=""
              draggable={false}
              data-testid="proto-image"
              width={Math.round(design.width * scale)}
              height={Math.round(design.height * scale)}
              style={
                props.picture.preview && props.picture.preview !== props.picture.src
                  ? { backgroundImage: `url("${props.picture.preview}")` }
                  : undefined
              }
            />
          ) : (
            <div className="proto-design is-processing" data-testid="proto-processing">
              <LoadingOutlined /> {t('protoEditor.processing')}
            </div>
          )}
          {snapping && snapHover ? (
            <div className="proto-snap" style={boxStyle(snapHover, scale)} data-testid="proto-snap-outline" />
          ) : null}
          {hotspots.map(({ hotspot, frame, label }) => {
            const shown = live?.get(hotspot.id) ?? frame;
            const isSelected = selected.has(hotspot.id);
            return (
              <div
                key={hotspot.id}
                className={`proto-hotspot${isSelected ? ' is-selected' : ''}${hotspot.broken ? ' is-broken' : ''}`}
                style={boxStyle(shown, scale)}
                data-hotspot-id={hotspot.id}
                data-testid="proto-hotspot"
                data-frame={`${shown.x},${shown.y},${shown.width},${shown.height}`}
                title={label}
              >
                <span className="proto-hotspot-label">{label}</span>
                {single && isSelected
                  ? HANDLES.map((handle) => (
                      <span
                        key={handle}
                        className={`proto-handle is-${handle}`}
                        data-handle={handle}
                        data-testid={`proto-handle-${handle}`}
                      />
                    ))
                  : null}
              </div>
            );
          })}
          {drag.preview?.kind === 'draw' ? (
            <div
              className="proto-hotspot is-draft"
              style={boxStyle(drag.preview.frame, scale)}
              data-testid="proto-draft"
            />
          ) : null}
          {props.pending ? (
            <>
              <div
                className="proto-hotspot is-draft"
                style={boxStyle(props.pending, scale)}
                data-testid="proto-pending"
              />
              <div
                className="proto-picker-anchor"
                style={{
                  left: props.pending.x * scale,
                  top: (props.pending.y + props.pending.height) * scale + 8,
                }}
              >
                {props.picker}
              </div>
            </>
          ) : null}
        </div>
      )}
      {props.notice ? null : <ZoomControl viewport={viewport} />}
    </main>
  );
}
