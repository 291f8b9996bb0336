import { CloseOutlined, CompressOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import type { StageImage } from '@ferry/shared';
import { Button, Tooltip } from 'antd';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { LinkView } from '../../../api/prototypes';
import { isTyping } from '../../../components/keys';
import { protoEditPath } from '../paths';
import { drawArrows, FlowArrows } from './FlowArrows';
import { FlowCard, type FlowCardHandlers } from './FlowCard';
import { boundsOf, type Point } from './flowLayout';
import type { FlowActions } from './useFlowData';
import { useFlowGestures } from './useFlowGestures';
import { useViewport } from './useViewport';

/** What the selected arrow offers, at its middle: ✕ for a link drawn by hand, the way to its hotspots else. */
function SelectedLinkTools({
  link,
  at,
  canEdit,
  teamId,
  projectId,
  onRemove,
}: {
  link: LinkView;
  at: Point;
  canEdit: boolean;
  teamId: string;
  projectId: string;
  onRemove: (link: LinkView) => void;
}) {
  const { t } = useTranslation();
  const style = { transform: `translate(${at.x}px, ${at.y}px)` };
  if (link.source === 'manual') {
    if (!canEdit) return null;
    return (
      <div className="flow-link-tools" style={style} onPointerDown={(event) => event.stopPropagation()}>
        <Tooltip title={t('flowMap.removeLink')}>
          <Button
            size="small"
            shape="circle"
            danger
            icon={<CloseOutlined />}
            aria-label={t('flowMap.removeLink')}
            data-testid="flow-arrow-delete"
            onClick={() => onRemove(link)}
          />
        </Tooltip>
      </div>
    );
  }
  return (
    <div
      className="flow-link-tools flow-link-hint"
      style={style}
      data-testid="flow-arrow-hint"
      onPointerDown={(event) => event.stopPropagation()}
    >
      <span>{t('flowMap.hotspotLinkHint', { count: link.hotspot_count })}</span>
      {canEdit ? (
        <Link to={protoEditPath(teamId, projectId, link.parent)}>{t('flowMap.openEditor')}</Link>
      ) : null}
    </div>
  );
}

/**
 * The flow map itself: the designs' cards (HTML) over the links' arrows (SVG), in one layer that pans and
 * zooms by its CSS transform. `fitRequests` counts the times the whole map should be brought into view.
 */
export function FlowBoard({
  teamId,
  projectId,
  ids,
  images,
  links,
  positions,
  canEdit,
  actions,
  onOpen,
  fitRequests,
}: {
  teamId: string;
  projectId: string;
  /** The cards in drawing order: the project's designs, then any design in the bin a link still names. */
  ids: readonly string[];
  images: ReadonlyMap<string, StageImage>;
  links: readonly LinkView[];
  positions: ReadonlyMap<string, Point>;
  canEdit: boolean;
  actions: FlowActions;
  onOpen: (imageId: string) => void;
  fitRequests: number;
}) {
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  const zoomLabel = useRef<HTMLSpanElement>(null);
  const draft = useRef<SVGPathElement>(null);
  const viewport = useViewport(frame, layer, zoomLabel);
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const positionsRef = useRef(positions);
  positionsRef.current = positions;
  const orderRef = useRef(ids);
  orderRef.current = ids;
  const openRef = useRef(onOpen);
  openRef.current = onOpen;
  const gestures = useFlowGestures({
    frame,
    draft,
    viewport,
    positions: positionsRef,
    order: orderRef,
    movable: (id) => canEdit && images.has(id),
    onMoved: (id, at) => void actions.moveCard(id, at),
    onLinked: (parent, son) => void actions.link(parent, son),
    onBackgroundClick: () => setSelectedId(null),
  });
  const { dragged } = gestures;

  // While a card is dragged, it and its arrows follow the pointer before the move is saved.
  const shown = useMemo(() => {
    if (!dragged) return positions;
    return new Map(positions).set(dragged.id, { x: dragged.x, y: dragged.y });
  }, [positions, dragged]);
  const arrows = useMemo(() => drawArrows(links, shown), [links, shown]);
  const selected = arrows.find((arrow) => arrow.link.id === selectedId) ?? null;

  // The whole map in view when it first shows and whenever asked (after a re-layout).
  const positionsNow = useRef(positions);
  positionsNow.current = positions;
  // Fits on request only (fitRequests), not on every move: the positions are read through the ref.
  useLayoutEffect(() => {
    viewport.fit(boundsOf(positionsNow.current));
  }, [fitRequests, viewport]);

  const remove = actions.remove;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target) || !selected) return;
      if (event.key === 'Escape') setSelectedId(null);
      else if (canEdit && (event.key === 'Delete' || event.key === 'Backspace')) {
        event.preventDefault();
        // A removed link's arrow goes at once, and its selection with it.
        void remove(selected.link);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [selected, canEdit, remove]);

  const handlers = useMemo<FlowCardHandlers>(
    () => ({
      onPointerDown: (id, event) => gestures.onCardPointerDown(id, event),
      onHandlePointerDown: (id, event) => gestures.onHandlePointerDown(id, event),
      onOpen: (id) => openRef.current(id),
    }),
    // The gesture functions read everything through refs: the cards keep one set of handlers.
    [],
  );

  return (
    <div className="flow-board">
      <div
        ref={frame}
        className="flow-frame"
        data-testid="flow-frame"
        onPointerDownCapture={gestures.onFramePointerDownCapture}
        onPointerDown={gestures.onFramePointerDown}
      >
        <div
          ref={layer}
          className="flow-layer"
          role="listbox"
          aria-label={t('flowMap.title')}
          data-testid="flow-layer"
        >
          <FlowArrows arrows={arrows} selectedId={selectedId} onSelect={setSelectedId} draft={draft} />
          {ids.map((id) => {
            const at = shown.get(id);
            if (!at) return null;
            return (
              <FlowCard
                key={id}
                id={id}
                image={images.get(id) ?? null}
                x={at.x}
                y={at.y}
                canEdit={canEdit}
                dragging={dragged?.id === id}
                handlers={handlers}
              />
            );
          })}
          {selected ? (
            <SelectedLinkTools
              link={selected.link}
              at={selected.shape.middle}
              canEdit={canEdit}
              teamId={teamId}
              projectId={projectId}
              onRemove={(link) => void actions.remove(link)}
            />
          ) : null}
        </div>
      </div>
      <div className="flow-hint" data-testid="flow-hint">
        {t(canEdit ? 'flowMap.hintEditor' : 'flowMap.hintViewer')}
      </div>
      <div className="flow-zoom" data-testid="flow-zoom">
        <Tooltip title={t('flowMap.zoomOut')}>
          <Button
            type="text"
            icon={<MinusOutlined />}
            aria-label={t('flowMap.zoomOut')}
            onClick={viewport.zoomOut}
            data-testid="flow-zoom-out"
          />
        </Tooltip>
        <span ref={zoomLabel} className="flow-zoom-label" data-testid="flow-zoom-label">
          100%
        </span>
        <Tooltip title={t('flowMap.zoomIn')}>
          <Button
            type="text"
            icon={<PlusOutlined />}
            aria-label={t('flowMap.zoomIn')}
            onClick={viewport.zoomIn}
            data-testid="flow-zoom-in"
          />
        </Tooltip>
        <Tooltip title={t('flowMap.fit')}>
          <Button
            type="text"
            icon={<CompressOutlined />}
            aria-label={t('flowMap.fit')}
            onClick={() => viewport.fit(boundsOf(positionsNow.current))}
            data-testid="flow-fit"
          />
        </Tooltip>
      </div>
    </div>
  );
}
