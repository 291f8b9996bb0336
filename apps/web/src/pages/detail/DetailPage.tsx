import { Codes } from '@ferry/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { designsApi } from '../../api/designs';
import { isApiError } from '../../api/errors';
import { pageTitle } from '../../components/hooks';
import { detailPath, stageImagesKey, stagePath } from '../stage/paths';
import { VersionsDrawer } from '../stage/versions';
import { useImageDetail } from '../stage/versions/useImageDetail';
import { type CanvasProblem, DetailCanvas } from './DetailCanvas';
import { DetailTopBar } from './DetailTopBar';
import { useElementSize } from './useElementSize';
import { fitScale, zoomIn, zoomOut } from './zoom';
import './detail.css';

/** Room kept around a fitted design. */
const FIT_PADDING = 48;

/** A refusal of `GET project/image`, as the canvas shows it. */
function problemOf(error: unknown): CanvasProblem {
  const message = error instanceof Error ? error.message : String(error);
  if (!isApiError(error)) return { kind: 'error', message };
  if (error.status === 418 || [Codes.NOT_ALLOWED.code, Codes.NO_PERMISSION.code].includes(error.code)) {
    return { kind: 'no-permission', message };
  }
  if ([Codes.IMAGE_DELETED.code, Codes.PROJECT_NOT_FOUND.code, Codes.NOT_FOUND.code].includes(error.code)) {
    return { kind: 'not-found', message };
  }
  return { kind: 'error', message };
}

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * One design at full size (detailDetach: ?project_id&tid&pid&image_id&version_id), filling the window: the
 * dark bar, and the design on a neutral canvas. Arrow keys go to the previous or next design in stage order;
 * + and − zoom by 0.25 up to 4, 0 fits.
 */
export function DetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const teamId = params.get('tid') ?? '';
  const projectId = params.get('pid') || params.get('project_id') || '';
  const imageId = params.get('image_id') ?? '';
  const versionParam = params.get('version_id') ?? undefined;
  const ref = { team_id: teamId, project_id: projectId };

  const detail = useImageDetail(teamId, projectId, imageId);
  const order = useQuery({
    queryKey: stageImagesKey(teamId, projectId),
    queryFn: () => designsApi.images(ref),
    enabled: !!teamId && !!projectId,
  });
  const image = detail.data;
  const versions = image?.versions ?? [];
  const version =
    versions.find((candidate) => candidate.id === versionParam) ??
    versions.find((candidate) => candidate.current) ??
    versions[0];

  const canvasRef = useRef<HTMLDivElement>(null);
  const canvas = useElementSize(canvasRef);
  const [zoom, setZoom] = useState<number | 'fit'>('fit');
  const [versionsOpen, setVersionsOpen] = useState(false);
  const fitted = version ? fitScale(version, canvas, FIT_PADDING) : 1;
  const scale = zoom === 'fit' ? fitted : zoom;

  // Another design starts fitted again.
  useEffect(() => setZoom('fit'), [imageId]);

  useEffect(() => {
    document.title = pageTitle(image?.name ?? '');
  }, [image?.name]);

  const list = order.data?.images ?? [];
  const index = list.findIndex((candidate) => candidate.id === imageId);
  const back = () => navigate(stagePath(teamId, projectId));
  // Steps count from the design last asked for, so quick presses each move one further before the page catches
  // up; `pending` holds the designs asked for and not shown yet, to tell them from a navigation from elsewhere.
  const shown = useRef({ id: imageId, list, pending: [] as string[] });
  shown.current.list = list;
  useEffect(() => {
    const current = shown.current;
    const at = current.pending.indexOf(imageId);
    if (at >= 0) {
      current.pending.splice(0, at + 1);
    } else {
      current.id = imageId;
      current.pending = [];
    }
  }, [imageId]);
  const step = useCallback(
    (delta: number) => {
      const current = shown.current;
      const target = current.list[current.list.findIndex((candidate) => candidate.id === current.id) + delta];
      if (!target) return;
      current.id = target.id;
      current.pending.push(target.id);
      navigate(detailPath(teamId, projectId, target.id), { replace: true });
    },
    [navigate, teamId, projectId],
  );
  const previous = index > 0 ? () => step(-1) : null;
  const next = index >= 0 && index < list.length - 1 ? () => step(1) : null;

  const scaleRef = useRef(scale);
  scaleRef.current = scale;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (typing(event.target) || event.metaKey || event.ctrlKey || event.altKey) return;
      if (event.key === 'ArrowLeft') step(-1);
      else if (event.key === 'ArrowRight') step(1);
      else if (event.key === '+' || event.key === '=') setZoom(zoomIn(scaleRef.current));
      else if (event.key === '-') setZoom(zoomOut(scaleRef.current));
      else if (event.key === '0') setZoom('fit');
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step]);

  let problem: CanvasProblem | null = null;
  if (detail.isLoading) problem = { kind: 'loading' };
  else if (detail.error) problem = problemOf(detail.error);
  else if (version?.status === 'processing') problem = { kind: 'processing' };
  else if (version?.status === 'failed') problem = { kind: 'failed' };

  return (
    <div className="detail-page" data-testid="detail-page">
      <DetailTopBar
        name={image?.name ?? ''}
        versions={versions}
        versionId={version?.id}
        onVersion={(id) => navigate(detailPath(teamId, projectId, imageId, id), { replace: true })}
        onBack={back}
        onVersions={() => setVersionsOpen(true)}
        position={index >= 0 ? { index, total: list.length } : null}
        onPrevious={previous}
        onNext={next}
        scale={scale}
        fitted={zoom === 'fit'}
        onZoom={setZoom}
        onZoomIn={() => setZoom(zoomIn(scale))}
        onZoomOut={() => setZoom(zoomOut(scale))}
      />
      <DetailCanvas
        canvasRef={canvasRef}
        version={problem ? undefined : version}
        scale={scale}
        problem={problem}
        onBack={back}
      />
      {image ? (
        <VersionsDrawer
          teamId={teamId}
          projectId={projectId}
          imageId={imageId}
          open={versionsOpen}
          onClose={() => setVersionsOpen(false)}
        />
      ) : null}
    </div>
  );
}
