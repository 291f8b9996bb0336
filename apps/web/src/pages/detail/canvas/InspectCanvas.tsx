import { LoadingOutlined, WarningOutlined } from '@ant-design/icons';
import type { Layer, Rgba, VersionView } from '@ferry/shared';
import { pickLayer } from '@ferry/shared/layerIndex';
import { type ReactNode, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ColorFormat, formatColor, toHex } from '../colors';
import { artboardFrame, measureDistances } from '../overlay/distances';
import { Overlay, type SpacingName } from '../overlay/Overlay';
import { type CanvasProblem, ProblemState } from '../ProblemState';
import { useCopy } from '../panels/CopyValue';
import type { UnitContext } from '../units';
import type { useLayerDoc } from '../useLayerDoc';
import { useCanvasPointer } from './useCanvasPointer';
import type { useEyedropper } from './useEyedropper';
import type { Point, useViewport } from './useViewport';

export interface InspectCanvasProps {
  canvasRef: RefObject<HTMLElement | null>;
  problem: CanvasProblem | null;
  onBack: () => void;
  version: VersionView | undefined;
  viewport: ReturnType<typeof useViewport>;
  layers: ReturnType<typeof useLayerDoc>;
  selected: Layer | null;
  onSelect: (layer: Layer | null) => void;
  /** A layer pointed at elsewhere (the layer list), outlined as if hovered. */
  highlight: Layer | null;
  /** Clicks select the deepest layer (the panel's switch), as Alt/⌘-click always does. */
  deep: boolean;
  /** The lab's performance priority: the 50 % preview, no hover outlines of groups. */
  performance: boolean;
  freeZoom: boolean;
  units: UnitContext;
  /** Distances named by the project's linked spacing tokens (none without links). */
  spacingName?: SpacingName;
  colorFormat: ColorFormat;
  /** The colour picker of plain pictures; null when the design has layers. */
  eyedropper: ReturnType<typeof useEyedropper> | null;
  /** The comment pins, laid over the design. */
  pins: ReactNode;
}

/** The picture shown: the full-size file, or the 50 % preview under the lab's performance priority. */
export function imageSource(version: VersionView, performance: boolean): string {
  return (performance && version.urls.p50) || version.urls.org || version.url;
}

/**
 * The design on the neutral canvas with the inspect overlay: hover, selection and distances for designs with
 * layers, a colour picker for plain pictures; zoom and pan by wheel, keys and space-drag.
 */
export function InspectCanvas(props: InspectCanvasProps) {
  const { t } = useTranslation();
  const { version, viewport, layers, selected, units } = props;
  const { doc, index } = layers;
  const worldRef = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<Layer | null>(null);
  const [picked, setPicked] = useState<{ color: Rgba; at: Point } | null>(null);
  const copy = useCopy();

  const design = {
    width: version?.width || doc?.width || 0,
    height: version?.height || doc?.height || 0,
  };
  const { eyedropper } = props;
  const source = version ? imageSource(version, props.performance) : null;

  const pointer = useCanvasPointer({
    canvasRef: props.canvasRef,
    worldRef,
    scale: viewport.scale,
    freeZoom: props.freeZoom,
    panBy: viewport.panBy,
    zoomStep: viewport.step,
    zoomTo: viewport.zoomTo,
    onMove: (at, screen) => {
      viewport.pointAt(screen);
      if (eyedropper) {
        const color = at && screen ? eyedropper.sample(at.x, at.y) : null;
        setPicked(color && screen ? { color, at: screen } : null);
        return;
      }
      let next =
        at && index ? pickLayer(index, at.x, at.y, selected?.id ?? null, props.deep || at.deep) : null;
      if (next && props.performance && next.type === 'group') next = null;
      setHover((current) => (current?.id === next?.id ? current : next));
    },
    onClick: (at) => {
      if (eyedropper) {
        const color = eyedropper.sample(at.x, at.y);
        if (color) void copy(formatColor(color, props.colorFormat));
        return;
      }
      if (index) props.onSelect(pickLayer(index, at.x, at.y, selected?.id ?? null, props.deep || at.deep));
    },
  });

  // Panning or zooming moves the design under a still pointer.
  const { rehover } = pointer;
  const { scale, offset } = viewport;
  useEffect(() => rehover(), [scale, offset.x, offset.y]);

  // A colour read from one picture means nothing over the next design or version, even under a still pointer.
  const versionId = version?.id;
  useEffect(() => setPicked(null), [versionId]);
  const loupe = eyedropper ? picked : null;

  const hovered = hover ?? props.highlight;
  const distances = useMemo(() => {
    if (!selected || !doc) return null;
    const target = hovered && hovered.id !== selected.id ? hovered.frame : artboardFrame(doc);
    return measureDistances(selected.frame, target);
  }, [selected, hovered, doc]);

  let content: ReactNode = null;
  if (props.problem) {
    content = (
      <div className="detail-stage">
        <ProblemState problem={props.problem} onBack={props.onBack} />
      </div>
    );
  } else if (version && source) {
    const sized = design.width > 0 && design.height > 0;
    const preview = version.urls.p25 || version.urls.p50;
    content = (
      <div
        className="inspect-world"
        ref={worldRef}
        style={{ transform: `translate3d(${offset.x}px, ${offset.y}px, 0)` }}
      >
        <img
          key={version.id}
          className="detail-design"
          src={source}
          alt=""
          draggable={false}
          data-testid="detail-image"
          data-scale={scale}
          width={sized ? Math.round(design.width * scale) : undefined}
          height={sized ? Math.round(design.height * scale) : undefined}
          // The small variant shows at once while the full-size file loads over it.
          style={preview && preview !== source ? { backgroundImage: `url("${preview}")` } : undefined}
        />
        {doc ? (
          <Overlay
            scale={scale}
            width={design.width}
            height={design.height}
            hover={hovered && hovered.id !== selected?.id ? hovered.frame : null}
            selected={selected?.frame ?? null}
            distances={distances}
            units={units}
            spacingName={props.spacingName}
          />
        ) : null}
        <div className="inspect-pins" style={{ width: design.width * scale, height: design.height * scale }}>
          {props.pins}
        </div>
      </div>
    );
  }

  const modes = [
    pointer.spaceHeld ? 'is-hand' : '',
    pointer.dragging ? 'is-dragging' : '',
    eyedropper && eyedropper.available !== false ? 'is-picking' : '',
  ].join(' ');
  return (
    <main
      className={`detail-canvas inspect-canvas ${modes}`}
      ref={props.canvasRef as RefObject<HTMLElement>}
      data-testid="detail-canvas"
      aria-label={t('detail.canvas')}
      {...(props.problem ? {} : pointer.handlers)}
    >
      {content}
      {!props.problem && version ? (
        <LayersNote status={layers.loading ? 'processing' : layers.status} />
      ) : null}
      {loupe ? (
        <div
          className="inspect-loupe"
          style={{ left: loupe.at.x, top: loupe.at.y }}
          data-testid="inspect-loupe"
        >
          <span className="inspect-swatch" style={{ background: formatColor(loupe.color, 'rgba') }} />
          {toHex(loupe.color)}
        </div>
      ) : null}
    </main>
  );
}

function LayersNote({ status }: { status: ReturnType<typeof useLayerDoc>['status'] }) {
  const { t } = useTranslation();
  if (status === 'processing') {
    return (
      <div className="inspect-note" data-testid="inspect-layers-processing">
        <LoadingOutlined /> {t('inspect.layersProcessing')}
      </div>
    );
  }
  if (status === 'failed') {
    return (
      <div className="inspect-note is-failed" data-testid="inspect-layers-failed">
        <WarningOutlined /> {t('inspect.layersFailed')}
      </div>
    );
  }
  return null;
}
