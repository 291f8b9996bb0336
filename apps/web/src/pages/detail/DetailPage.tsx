import { Codes, type Frame, type Layer, StageLimits } from '@ferry/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { designsApi } from '../../api/designs';
import { isApiError } from '../../api/errors';
import { inspectApi } from '../../api/inspect';
import { pageTitle } from '../../components/hooks';
import { OnceOpened } from '../../components/OnceOpened';
import { RealtimeWatch } from '../../components/RealtimeBridge';
import { useLab } from '../../state/lab';
import { useTiming } from '../../state/timing';
import { protoEditPath } from '../prototype/paths';
import { useShareVisitor } from '../share/visitorContext';
import { LazyShareDialog } from '../share-manage';
import { compareDetailPath, detailPath, stageImagesKey, stagePath } from '../stage/paths';
import { VersionsDrawer } from '../stage/versions';
import { useCanEdit } from '../stage/versions/useCanEdit';
import { useImageDetail } from '../stage/versions/useImageDetail';
import { InspectCanvas, imageSource } from './canvas/InspectCanvas';
import { useEyedropper } from './canvas/useEyedropper';
import { useViewport } from './canvas/useViewport';
import { CommentPins, CommentsPanel } from './comments';
import { CompareView } from './compare/CompareView';
import { useInspectedRecord } from './compare/useInspectedRecord';
import { DetailTopBar } from './DetailTopBar';
import { InspectSidebar, type SidebarTab } from './InspectSidebar';
import type { CanvasProblem } from './ProblemState';
import { InspectTab } from './panels/InspectTab';
import { LayerTree } from './panels/LayerTree';
import { SlicesPanel } from './slices';
import { useDesignSteps } from './useDesignSteps';
import { useDetailKeys } from './useDetailKeys';
import { useElementSize } from './useElementSize';
import { useInspectPrefs } from './useInspectPrefs';
import { useLayerDoc } from './useLayerDoc';
import { useProjectTokens } from './useProjectTokens';
import './detail.css';
import './inspect.css';
import './inspect-sidebar.css';

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

/**
 * One design for hand-off (detailDetach: ?project_id&tid&pid&image_id&version_id[&comment_id][&layer_id]): the dark bar,
 * the design on a neutral canvas with the inspect overlay, and the sidebar (Inspect, Slices, Comments). Arrow
 * keys go to the previous or next design in stage order; + and − zoom by 0.25 up to 4, 0 fits, C toggles
 * comment mode, Esc clears the selection or goes back (lab `escOnMark`). `compare=1` (`version_id` the newer
 * version, `from_version_id` the older) shows two versions and what changed between them instead (compare/).
 */
export function DetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const lab = useLab();
  // A share link's visitor: the link's project within its rights (no versions or logs; comments with `comment`).
  const visitor = useShareVisitor();
  const rights = visitor?.rights;
  // Posting needs seeing the comments too (the server caps the right so).
  const mayComment = !visitor || !!(rights?.comment && rights.see_comments);
  const teamId = visitor?.teamId ?? params.get('tid') ?? '';
  const projectId = visitor?.projectId ?? (params.get('pid') || params.get('project_id') || '');
  const imageId = params.get('image_id') ?? '';
  const comparing = !visitor && params.get('compare') === '1';
  const fromParam = comparing ? params.get('from_version_id') : null;
  // In compare mode `version_id` is the newer version.
  const versionParam = params.get('version_id') ?? undefined;
  const toParam = comparing ? (versionParam ?? null) : null;
  const commentParam = params.get('comment_id');
  // A search hit on a text layer opens the design with that layer selected.
  const layerParam = params.get('layer_id');
  const ref = { team_id: teamId, project_id: projectId };

  const detail = useImageDetail(teamId, projectId, imageId);
  const order = useQuery({
    queryKey: stageImagesKey(teamId, projectId),
    queryFn: () => designsApi.images(ref),
    enabled: !!teamId && !!projectId,
  });
  const image = detail.data;
  // From opening a design to its detail being read (a visitor's link reports nothing).
  useTiming('design_open', imageId, Boolean(image), !visitor);
  const versions = image?.versions ?? [];
  const version =
    versions.find((candidate) => candidate.id === versionParam) ??
    versions.find((candidate) => candidate.current) ??
    versions[0];
  const layers = useLayerDoc(version);
  // In compare mode, only once the compared "from" is in the address: recording first would move the default.
  const inspected = !visitor && layers.doc && (!comparing || fromParam);
  useInspectedRecord(teamId, projectId, imageId, inspected ? (version?.id ?? null) : null);
  const design = {
    width: version?.width || layers.doc?.width || 0,
    height: version?.height || layers.doc?.height || 0,
  };
  const prefs = useInspectPrefs(projectId, design.width);
  // A visitor has no linked tokens: the empty team id keeps the read from being made.
  const tokens = useProjectTokens(visitor ? '' : teamId, projectId, prefs.baseScale);
  const { matcher, linked } = tokens;
  const spacingName = useMemo(
    () => (linked ? (distance: number) => matcher.spacing(distance)?.name ?? null : undefined),
    [matcher, linked],
  );

  const canvasRef = useRef<HTMLElement>(null);
  // Compare mode (a drawn version and another to compare it with) draws on a canvas of its own.
  const comparable = comparing && versions.length > 1 && version?.status === 'ready' && !detail.error;
  const canvas = useElementSize(canvasRef, comparable);
  const viewport = useViewport(canvas, design);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  // Sharing is editing (`project:share`): viewers get no share button.
  const canShare = useCanEdit(teamId, projectId) && !!image && !visitor;
  const [selectedId, setSelectedId] = useState<string | null>(layerParam);
  const [tab, setTab] = useState<SidebarTab>(commentParam ? 'comments' : 'inspect');
  const [focusId, setFocusId] = useState<string | null>(commentParam);
  const [placing, setPlacing] = useState(false);
  const [pendingLayer, setPendingLayer] = useState<{ id: string; frame: Frame } | null>(null);
  const [listHoverId, setListHoverId] = useState<string | null>(null);
  const selected = (selectedId && layers.index?.layer(selectedId)) || null;

  // Another design starts fitted, with nothing selected; another version keeps the zoom.
  const { reset } = viewport;
  useEffect(() => {
    reset();
    setPlacing(false);
    setPendingLayer(null);
  }, [imageId, reset]);
  useEffect(() => setSelectedId(layerParam), [version?.id, layerParam]);
  useEffect(() => {
    if (!commentParam) return;
    setTab('comments');
    setFocusId(commentParam);
  }, [commentParam]);

  useEffect(() => {
    document.title = pageTitle(image?.name ?? '');
  }, [image?.name]);

  // Layers are read after the picture is ready: ask again until they are.
  const { refetch } = detail;
  useEffect(() => {
    if (layers.status !== 'processing') return;
    const timer = window.setInterval(() => void refetch(), StageLimits.processingPollMs);
    return () => window.clearInterval(timer);
  }, [layers.status, refetch]);

  // One page view per design opened (spec 002 §3 log payload).
  const logged = useRef(new Set<string>());
  const log = (msgType: 'measurepage_pageview' | 'code_copy') => {
    if (!image || visitor) return;
    void inspectApi.log({ projectId, teamId, msgType, imageId: image.id, imageName: image.name });
  };
  const logRef = useRef(log);
  logRef.current = log;
  useEffect(() => {
    if (!image || logged.current.has(image.id)) return;
    logged.current.add(image.id);
    logRef.current('measurepage_pageview');
  }, [image]);

  const steps = useDesignSteps(teamId, projectId, imageId, order.data?.images ?? []);
  const back = () => navigate(visitor?.stagePath ?? stagePath(teamId, projectId));
  // Leaving compare mode inspects the newer version it showed.
  const toggleCompare = () =>
    navigate(
      comparing
        ? detailPath(teamId, projectId, imageId, version?.current ? undefined : version?.id)
        : compareDetailPath(teamId, projectId, imageId),
      { replace: true },
    );
  const toggleComment =
    version && mayComment
      ? () => {
          setPlacing((current) => !current);
          setTab('comments');
        }
      : null;
  useDetailKeys({
    step: steps.step,
    zoomIn: () => viewport.step(1),
    zoomOut: () => viewport.step(-1),
    fit: () => viewport.zoomTo('fit'),
    escape: () => {
      if (comparing) toggleCompare();
      else if (lab.escOnMark === 'deselect' && selectedId) setSelectedId(null);
      else back();
    },
    toggleComment: comparable ? null : toggleComment,
    paused: versionsOpen || shareOpen,
  });

  let problem: CanvasProblem | null = null;
  if (detail.isLoading) problem = { kind: 'loading' };
  else if (detail.error) problem = problemOf(detail.error);
  else if (version?.status === 'processing') problem = { kind: 'processing' };
  else if (version?.status === 'failed') problem = { kind: 'failed' };

  const target = { teamId, projectId, imageId, versionId: version?.id ?? '' };
  const ready = !problem && !!version;
  // A plain picture (or one whose layers could not be read) gets the colour picker instead.
  const plain = layers.status === 'none' || layers.status === 'failed';
  const eyedropper = useEyedropper(
    ready && plain && version ? imageSource(version, lab.performance) : null,
    design.width,
  );
  const onSelect = (layer: Layer | null) => setSelectedId(layer?.id ?? null);
  return (
    <div className="detail-page" data-testid="detail-page">
      {/* The project's notices refresh this view's comments as they happen (spec 002 §4). */}
      {visitor ? null : <RealtimeWatch />}
      <DetailTopBar
        name={image?.name ?? ''}
        versions={visitor ? [] : versions}
        versionId={version?.id}
        onVersion={(id) => navigate(detailPath(teamId, projectId, imageId, id), { replace: true })}
        onBack={back}
        onVersions={() => setVersionsOpen(true)}
        position={steps.position}
        onPrevious={steps.previous}
        onNext={steps.next}
        scale={viewport.scale}
        fitted={viewport.fitted}
        onZoom={(zoom) => viewport.zoomTo(zoom)}
        onZoomIn={() => viewport.step(1)}
        onZoomOut={() => viewport.step(-1)}
        commenting={placing}
        onComment={ready && !comparable ? toggleComment : null}
        layerList={ready && layers.doc ? prefs.prefs.tree : null}
        onLayerList={() => prefs.update({ tree: !prefs.prefs.tree })}
        onShare={canShare ? () => setShareOpen(true) : null}
        onPrototype={visitor ? null : () => navigate(protoEditPath(teamId, projectId, imageId))}
        compare={
          visitor || !image
            ? null
            : { active: comparing, available: versions.length > 1, onToggle: toggleCompare }
        }
      />
      <OnceOpened open={shareOpen}>
        <LazyShareDialog
          target={
            image
              ? {
                  kind: 'design',
                  teamId,
                  projectId,
                  designId: image.id,
                  name: image.name,
                  version: version ? { id: version.id, label: version.version_info } : null,
                }
              : null
          }
          open={shareOpen}
          onClose={() => setShareOpen(false)}
        />
      </OnceOpened>
      <div className="detail-body">
        {comparable ? (
          <CompareView
            teamId={teamId}
            imageId={imageId}
            versions={versions}
            fromId={fromParam}
            toId={toParam}
            onVersions={(from, to) =>
              navigate(compareDetailPath(teamId, projectId, imageId, { from, to }), { replace: true })
            }
            onDefaultFrom={(from) =>
              navigate(compareDetailPath(teamId, projectId, imageId, { from, to: toParam }), {
                replace: true,
              })
            }
            canvasRef={canvasRef}
            viewport={viewport}
            freeZoom={lab.freeZoom}
            context={{
              units: { platform: prefs.prefs.platform, baseScale: prefs.baseScale },
              colorFormat: prefs.prefs.colorFormat,
            }}
          />
        ) : null}
        {!comparable && ready && layers.doc && layers.index && prefs.prefs.tree ? (
          <LayerTree
            doc={layers.doc}
            index={layers.index}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onHover={setListHoverId}
          />
        ) : null}
        {comparable ? null : (
          <InspectCanvas
            canvasRef={canvasRef}
            problem={problem}
            onBack={back}
            version={problem ? undefined : version}
            viewport={viewport}
            layers={layers}
            selected={selected}
            onSelect={onSelect}
            highlight={(listHoverId && layers.index?.layer(listHoverId)) || null}
            deep={prefs.prefs.deep}
            performance={lab.performance}
            freeZoom={lab.freeZoom}
            units={{ platform: prefs.prefs.platform, baseScale: prefs.baseScale }}
            spacingName={spacingName}
            colorFormat={prefs.prefs.colorFormat}
            eyedropper={ready && plain ? eyedropper : null}
            pins={
              ready && (!visitor || rights?.see_comments) ? (
                <CommentPins
                  {...target}
                  scale={viewport.scale}
                  placing={placing}
                  pendingLayer={pendingLayer}
                  onPlaced={() => {
                    setPlacing(false);
                    setPendingLayer(null);
                  }}
                  focusId={focusId}
                  onFocus={setFocusId}
                />
              ) : null
            }
          />
        )}
        {!comparable && ready && version && image ? (
          <InspectSidebar
            tab={tab}
            onTab={setTab}
            commentCount={version.comments}
            inspect={
              visitor && !rights?.inspect ? null : (
                <InspectTab
                  prefs={prefs}
                  design={design}
                  doc={layers.doc}
                  status={layers.status}
                  selected={selected}
                  onComment={
                    mayComment
                      ? (layer) => {
                          setPendingLayer({ id: layer.id, frame: layer.frame });
                          setTab('comments');
                        }
                      : null
                  }
                  onCodeCopied={() => log('code_copy')}
                  pickerAvailable={eyedropper.available}
                  source={visitor ? null : target}
                />
              )
            }
            slices={
              visitor && !(rights?.inspect && rights.download) ? null : (
                <SlicesPanel
                  {...target}
                  designName={image.name}
                  doc={layers.doc}
                  selected={selected}
                  baseScale={prefs.baseScale}
                  canDownload={!!version.download_url}
                  onSelect={setSelectedId}
                />
              )
            }
            comments={
              visitor && !rights?.see_comments ? null : (
                <CommentsPanel {...target} focusId={focusId} onFocus={setFocusId} />
              )
            }
          />
        ) : null}
      </div>
      {image && !visitor ? (
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
