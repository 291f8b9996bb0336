import { CloudUploadOutlined } from '@ant-design/icons';
import { Codes, DesignLimits } from '@ferry/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Result, Skeleton } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import type { StageOrder } from '../../api/designs';
import { isApiError } from '../../api/errors';
import { pageTitle } from '../../components/hooks';
import { OnceOpened } from '../../components/OnceOpened';
import { itemPath } from '../../state/redirect';
import { useSession } from '../../state/session';
import { dsmPath } from '../dsm/paths';
import { LazyShareDialog, type ShareTarget } from '../share-manage';
import { BookmarksPanel } from './bookmarks';
import { compareDetailPath, detailPath } from './paths';
import { StageBoard } from './StageBoard';
import { StageToolbar, UploadButton } from './StageToolbar';
import { NO_FILTER, type StageFilter } from './stageModel';
import { stageIdsOf, stageQueries } from './stageQueries';
import { RecycleBinDrawer } from './trash';
import { StageUploader, useUploader } from './upload';
import { useStageActions } from './useStageActions';
import { VersionsDrawer } from './versions';
import './stage.css';

const MISSING_CODES: readonly string[] = [
  Codes.PROJECT_NOT_FOUND.code,
  Codes.TEAM_NOT_FOUND.code,
  Codes.NOT_FOUND.code,
];
const DEFAULT_SCALE = 2;

/** The toolbar's (and the empty state's) upload button: opens the uploader's file picker. */
function StageUploadButton() {
  const uploader = useUploader();
  return <UploadButton onClick={uploader.pickFiles} />;
}

/**
 * The project stage (route /item/project/stage?tid&pid): the project's designs as thumbnails in collapsible
 * sections, with search, time filters, order and size; editors arrange, rename, move, copy and delete them.
 */
export function StagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { team } = useSession();
  const { teamId, projectId } = stageIdsOf(params, team?.team_id);
  const ready = Boolean(teamId && projectId);
  const queries = stageQueries(teamId, projectId);
  const project = useQuery({ ...queries.project, enabled: ready });
  const images = useQuery({ ...queries.images, enabled: ready });
  const sections = useQuery({ ...queries.sections, enabled: ready });

  const [filter, setFilter] = useState<StageFilter>(NO_FILTER);
  const [order, setOrder] = useState<StageOrder>('default');
  const [scale, setScale] = useState(DEFAULT_SCALE);
  // `bin=1` (a search hit in the recycle bin) opens the stage with its bin showing.
  const [binOpen, setBinOpen] = useState(() => params.get('bin') === '1');
  const [bookmarksOpen, setBookmarksOpen] = useState(false);
  const [versionsOf, setVersionsOf] = useState<string | null>(null);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [sectionRequests, setSectionRequests] = useState(0);
  const [shareTarget, setShareTarget] = useState<ShareTarget | null>(null);
  const [shareOpen, setShareOpen] = useState(false);
  const actions = useStageActions(teamId, projectId);

  // The project's kept order; a hand-made ("custom") one is what the default order shows.
  const storedOrder = project.data?.order_type;
  useEffect(() => {
    if (storedOrder) setOrder(storedOrder === 'custom' ? 'default' : storedOrder);
  }, [storedOrder]);

  const name = project.data?.name ?? '';
  useEffect(() => {
    document.title = pageTitle(name || t('stage.title'));
  }, [name, t]);

  if (!ready || project.isError || images.isError) {
    const error = project.error ?? images.error;
    const code = isApiError(error) ? error.code : Codes.PROJECT_NOT_FOUND.code;
    const missing = MISSING_CODES.includes(code);
    return (
      <div className="stage-page" data-testid="stage-unavailable">
        <Result
          status={missing ? '404' : 'error'}
          title={t(missing ? 'stage.notFound' : 'common.loadFailed')}
          extra={
            <Button type="primary" onClick={() => navigate(itemPath(teamId))}>
              {t('common.backToProjects')}
            </Button>
          }
        />
      </div>
    );
  }

  const card = project.data;
  // A design-system project has no stage: whatever led here (a search hit, an old link) opens its library.
  if (card?.type === 'dsm') return <Navigate to={dsmPath(teamId, projectId)} replace />;
  const canEdit = Boolean(card?.abilities.can_edit);
  const designs = images.data?.images ?? [];
  // Everyone may look at the stage in another order; an editor's choice is kept for the project.
  const changeOrder = (next: StageOrder) => {
    setOrder(next);
    if (canEdit) void actions.quietly(actions.sortOrder(next));
  };
  // Only editors upload: the button, and the drop zone around the stage (below).
  const uploadButton: ReactNode = canEdit ? <StageUploadButton /> : null;
  // Sharing is editing (spec 000 §6 `project:share`): onlookers get no entry point.
  const share = canEdit
    ? (target: ShareTarget) => {
        setShareTarget(target);
        setShareOpen(true);
      }
    : null;
  const openVersions = (imageId: string) => {
    setVersionsOf(imageId);
    setVersionsOpen(true);
  };

  let body: ReactNode;
  if (!card || !images.data) {
    body = (
      <div className="stage-loading" data-testid="stage-loading">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  } else if (designs.length === 0) {
    body = (
      <div className="stage-empty" data-testid="stage-empty">
        <Empty
          image={<CloudUploadOutlined className="stage-empty-icon" />}
          description={
            <>
              <div className="stage-empty-title">{t('stage.empty.title')}</div>
              <div className="stage-empty-text">
                {t(canEdit ? 'stage.empty.textEditor' : 'stage.empty.textViewer')}
              </div>
            </>
          }
        >
          {uploadButton}
        </Empty>
      </div>
    );
  } else {
    body = (
      <StageBoard
        teamId={teamId}
        projectId={projectId}
        images={designs}
        sectors={sections.data?.sectors}
        canEdit={canEdit}
        filter={filter}
        order={order}
        scale={scale}
        actions={actions}
        onOpen={(imageId, mode) =>
          navigate(
            mode === 'compare'
              ? compareDetailPath(teamId, projectId, imageId)
              : detailPath(teamId, projectId, imageId),
          )
        }
        onVersions={openVersions}
        newSectionRequests={sectionRequests}
        onShare={share}
      />
    );
  }

  const stage = (
    <>
      <StageToolbar
        teamId={teamId}
        projectId={projectId}
        projectName={name}
        designCount={designs.length}
        filter={filter}
        onFilter={setFilter}
        order={order}
        onOrder={changeOrder}
        scale={scale}
        onScale={setScale}
        onRecycleBin={() => setBinOpen(true)}
        bookmarksOpen={bookmarksOpen}
        onBookmarks={() => setBookmarksOpen((shown) => !shown)}
        onNewSection={canEdit && designs.length > 0 ? () => setSectionRequests((n) => n + 1) : null}
        onShare={share ? () => share({ kind: 'project', teamId, projectId, name }) : null}
        uploadButton={designs.length > 0 ? uploadButton : null}
      />
      {images.data?.slow_warning ? (
        <Alert
          className="stage-slow-warning"
          type="warning"
          showIcon
          banner
          title={t('stage.slowWarning', { count: DesignLimits.slownessWarningDesigns })}
          data-testid="stage-slow-warning"
        />
      ) : null}
      {body}
    </>
  );
  return (
    <div className="stage-page" data-testid="stage-page" data-can-edit={canEdit}>
      {canEdit ? (
        <StageUploader teamId={teamId} projectId={projectId}>
          {stage}
        </StageUploader>
      ) : (
        stage
      )}
      <OnceOpened open={binOpen}>
        <RecycleBinDrawer
          teamId={teamId}
          projectId={projectId}
          open={binOpen}
          onClose={() => setBinOpen(false)}
        />
      </OnceOpened>
      <BookmarksPanel
        teamId={teamId}
        projectId={projectId}
        open={bookmarksOpen}
        onClose={() => setBookmarksOpen(false)}
      />
      <OnceOpened open={shareOpen}>
        <LazyShareDialog target={shareTarget} open={shareOpen} onClose={() => setShareOpen(false)} />
      </OnceOpened>
      {versionsOf ? (
        <VersionsDrawer
          teamId={teamId}
          projectId={projectId}
          imageId={versionsOf}
          open={versionsOpen}
          onClose={() => setVersionsOpen(false)}
        />
      ) : null}
    </div>
  );
}
