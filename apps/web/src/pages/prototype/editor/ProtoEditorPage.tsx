import { type Frame, HOTSPOT_BACK, type HotspotView, type StageImage } from '@ferry/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../../components/hooks';
import { RealtimeWatch } from '../../../components/RealtimeBridge';
import { useViewport } from '../../detail/canvas/useViewport';
import { useElementSize } from '../../detail/useElementSize';
import { useLayerDoc } from '../../detail/useLayerDoc';
import { detailPath, stagePath } from '../../stage/paths';
import { stageQueries } from '../../stage/stageQueries';
import { useCanEdit } from '../../stage/versions/useCanEdit';
import { useImageDetail } from '../../stage/versions/useImageDetail';
import { demoPath, protoEditPath } from '../paths';
import { DesignList } from './DesignList';
import { EditorTopBar } from './EditorTopBar';
import { framesOn, moveFrames } from './geometry';
import { HotspotCanvas, type ShownHotspot } from './HotspotCanvas';
import { HotspotPanel } from './HotspotPanel';
import { TargetPicker } from './TargetPicker';
import type { EditMode } from './useCanvasDrag';
import { useEditorKeys } from './useEditorKeys';
import { useHotspotEdits } from './useHotspotEdits';
import '../../detail/detail.css';
import './editor.css';

/** Sets group designs on the stage; they have no picture to draw on. */
const drawable = (image: StageImage) => image.type !== 'set';

/**
 * The hotspot editor (protoDetach/edit?tid&pid[&image_id]): the project's designs on the left, the design with
 * its hotspots in the middle, the selection on the right. Editors draw a rectangle (or click a layer in snap
 * mode), pick where it leads, then move, resize, nudge, relink or delete; viewers see the hotspots only.
 */
export function ProtoEditorPage() {
  const { t } = useTranslation();
  usePageTitle('titles.prototype');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const teamId = params.get('tid') ?? '';
  const projectId = params.get('pid') ?? '';
  const scope = { team_id: teamId, project_id: projectId };
  const known = !!teamId && !!projectId;

  const images = useQuery({ ...stageQueries(teamId, projectId).images, enabled: known });
  const designs = useMemo(() => (images.data?.images ?? []).filter(drawable), [images.data]);
  const imageId = params.get('image_id') || designs[0]?.id || '';
  const current = designs.find((design) => design.id === imageId);
  const detail = useImageDetail(teamId, projectId, imageId, known && !!current);
  const version = detail.data?.versions.find((each) => each.current) ?? detail.data?.versions[0];
  const layers = useLayerDoc(version);
  const canEdit = useCanEdit(teamId, projectId);
  const edits = useHotspotEdits(scope, known);

  const design = {
    width: version?.width || current?.width || 0,
    height: version?.height || current?.height || 0,
  };
  const canvasRef = useRef<HTMLElement>(null);
  const viewport = useViewport(useElementSize(canvasRef), design);
  const [mode, setMode] = useState<EditMode>('draw');
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [pending, setPending] = useState<Frame | null>(null);
  const canSnap = !!layers.index;

  // Another design starts fitted, with nothing selected or half drawn.
  const { reset } = viewport;
  useEffect(() => {
    reset();
    setSelectedIds([]);
    setPending(null);
  }, [imageId, reset]);
  useEffect(() => {
    if (!canSnap) setMode('draw');
  }, [canSnap]);

  const names = new Map(designs.map((each) => [each.id, each.name]));
  const labelOf = (hotspot: HotspotView) => {
    if (hotspot.next_image === HOTSPOT_BACK) return t('protoEditor.back');
    if (hotspot.broken) return t('protoEditor.brokenTarget');
    return names.get(hotspot.next_image) ?? t('protoEditor.brokenTarget');
  };
  const shown: ShownHotspot[] = framesOn(edits.hotspots, imageId, edits.edited).map((each) => ({
    ...each,
    label: labelOf(each.hotspot),
  }));
  // A hotspot removed elsewhere leaves the selection by itself.
  const selected = shown.filter((each) => selectedIds.includes(each.hotspot.id));
  const counts = new Map<string, number>();
  for (const hotspot of edits.hotspots) counts.set(hotspot.image_id, (counts.get(hotspot.image_id) ?? 0) + 1);
  const targets = designs.filter((each) => each.id !== imageId);
  const editable = canEdit && !!current && design.width > 0 && !!edits.query.data;

  const removeSelected = async () => {
    const ids = selected.map((each) => each.hotspot.id);
    if (ids.length > 0 && (await edits.remove(ids))) setSelectedIds([]);
  };
  useEditorKeys({
    paused: !!pending,
    nudge: (dx, dy) => {
      if (!editable || selected.length === 0) return false;
      const moved = moveFrames(
        selected.map((each) => each.frame),
        dx,
        dy,
        design,
      );
      edits.nudge(new Map(selected.map((each, at) => [each.hotspot.id, moved[at]])));
      return true;
    },
    remove: () => {
      if (!editable || selected.length === 0) return false;
      void removeSelected();
      return true;
    },
    escape: () => setSelectedIds([]),
  });

  const open = (id: string) => navigate(protoEditPath(teamId, projectId, id), { replace: true });
  const back = () => navigate(stagePath(teamId, projectId));
  const create = async (next: string) => {
    if (!pending) return;
    const frame = pending;
    setPending(null);
    const made = await edits.create(imageId, frame, next);
    if (made) setSelectedIds([made.id]);
  };

  // A failed refresh keeps what was read before on screen; only a first read that failed shows the failure.
  let body = null;
  if (!known || (images.isError && !images.data) || (images.data && params.get('image_id') && !current)) {
    body = (
      <Result
        status="warning"
        title={t('protoEditor.notFound')}
        extra={<Button onClick={back}>{t('protoEditor.backToStage')}</Button>}
        data-testid="proto-not-found"
      />
    );
  } else if (images.data && designs.length === 0) {
    body = (
      <Result
        title={t('protoEditor.noDesigns')}
        extra={<Button onClick={back}>{t('protoEditor.backToStage')}</Button>}
        data-testid="proto-no-designs"
      />
    );
  }
  // Until the designs and hotspots are read, the canvas says so (it stays in place: its size is followed).
  let notice = null;
  if (edits.query.isError && !edits.query.data) {
    notice = (
      <Result
        status="error"
        title={t('protoEditor.hotspotsFailed')}
        extra={[
          <Button
            key="retry"
            type="primary"
            onClick={() => void edits.query.refetch()}
            data-testid="proto-retry"
          >
            {t('common.retry')}
          </Button>,
          <Button key="back" onClick={back}>
            {t('protoEditor.backToStage')}
          </Button>,
        ]}
        data-testid="proto-hotspots-failed"
      />
    );
  } else if (!images.data || !edits.query.data) {
    notice = (
      <div className="proto-loading" data-testid="proto-loading">
        <Spin size="large" />
        <span>{t('protoEditor.loading')}</span>
      </div>
    );
  }

  const ready = current?.status === 'ready' && (!version || version.status === 'ready');
  const picture = ready
    ? {
        src: version?.urls.org || version?.url || current.urls.org || current.url,
        preview: version?.urls.p25 || current.urls.p25 || '',
      }
    : null;

  return (
    <div className="detail-page proto-page" data-testid="proto-editor">
      <RealtimeWatch />
      <EditorTopBar
        name={current?.name ?? ''}
        onBack={back}
        mode={canEdit ? mode : null}
        canSnap={canSnap}
        onMode={setMode}
        onDetail={current ? () => navigate(detailPath(teamId, projectId, current.id)) : null}
        onPlay={current ? () => navigate(demoPath(teamId, projectId, current.id)) : null}
      />
      {body ?? (
        <div className="proto-body">
          <DesignList designs={designs} currentId={imageId} counts={counts} onOpen={open} />
          <HotspotCanvas
            canvasRef={canvasRef}
            viewport={viewport}
            design={design}
            picture={picture}
            notice={notice}
            layers={layers}
            hotspots={shown}
            selected={new Set(selectedIds)}
            editable={editable}
            mode={mode}
            pending={pending}
            picker={
              <TargetPicker
                targets={targets}
                onPick={(next) => void create(next)}
                onCancel={() => setPending(null)}
              />
            }
            onSelect={(ids) => {
              setPending(null);
              setSelectedIds(ids);
            }}
            onDrawn={(frame) => {
              setSelectedIds([]);
              setPending(frame);
            }}
            onChanged={edits.saveFrames}
          />
          <HotspotPanel
            hotspots={shown}
            selected={selected}
            targets={targets}
            editable={editable}
            canSnap={canSnap}
            onSelect={setSelectedIds}
            onRelink={(ids, next) => void edits.relink(ids, next)}
            onDelete={(ids) => {
              void edits.remove(ids).then((done) => done && setSelectedIds([]));
            }}
            onOpenTarget={open}
          />
        </div>
      )}
    </div>
  );
}
