import { ApartmentOutlined, ArrowLeftOutlined, PartitionOutlined } from '@ant-design/icons';
import { Codes, type StageImage } from '@ferry/shared';
import { Button, Empty, Popconfirm, Result, Skeleton, Tooltip } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '../../../api/errors';
import { usePageTitle } from '../../../components/hooks';
import { RealtimeWatch } from '../../../components/RealtimeBridge';
import { useSession } from '../../../state/session';
import { stagePath } from '../../stage/paths';
import { stageIdsOf } from '../../stage/stageQueries';
import { demoPath, protoEditPath } from '../paths';
import { PlayDemoButton } from '../player/PlayDemoButton';
import { FlowBoard } from './FlowBoard';
import { autoLayout, flowStart, placeCards } from './flowLayout';
import { useFlowActions, useFlowData } from './useFlowData';
import './flow.css';

const MISSING_CODES: readonly string[] = [
  Codes.PROJECT_NOT_FOUND.code,
  Codes.TEAM_NOT_FOUND.code,
  Codes.NOT_FOUND.code,
];

const NO_IMAGES: StageImage[] = [];

/**
 * The flow map (route /item/project/board/proto/edit/entry?tid&pid): the project's designs as cards on a
 * board with an arrow for every link between them. Editors move cards, draw and remove links; everyone pans,
 * zooms and plays the flow.
 */
export function FlowMapPage() {
  const { t } = useTranslation();
  usePageTitle('flowMap.title');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { team } = useSession();
  const { teamId, projectId } = stageIdsOf(params, team?.team_id);
  const { project, images, links } = useFlowData(teamId, projectId);
  const actions = useFlowActions(teamId, projectId);
  const [fitRequests, setFitRequests] = useState(0);

  const designs = images.data?.images ?? NO_IMAGES;
  const linkList = links.data?.links;
  const cards = links.data?.cards;
  const imageById = useMemo(() => new Map(designs.map((image) => [image.id, image])), [designs]);
  // A design in the recycle bin that a link still names gets a card of its own, so its red arrow has an end.
  const ids = useMemo(() => {
    const binned = (linkList ?? [])
      .flatMap((link) => [link.parent, link.son])
      .filter((id) => !imageById.has(id));
    return [...designs.map((image) => image.id), ...new Set(binned)];
  }, [designs, imageById, linkList]);
  const positions = useMemo(() => placeCards(ids, linkList ?? [], cards ?? []), [ids, linkList, cards]);
  const start = useMemo(
    () =>
      flowStart(
        designs.map((image) => image.id),
        (linkList ?? []).filter((link) => !link.broken),
        positions,
      ),
    [designs, linkList, positions],
  );

  const canEdit = Boolean(project.data?.abilities.can_edit);
  // A failed refresh keeps the map read before; only a read with nothing to show fails the page.
  const failure = [project, images, links].find((query) => query.error && !query.data)?.error;
  if (!teamId || !projectId || failure) {
    const code = isApiError(failure) ? failure.code : Codes.PROJECT_NOT_FOUND.code;
    const missing = MISSING_CODES.includes(code);
    return (
      <div className="flow-page" data-testid="flow-unavailable">
        <Result
          status={missing ? '404' : 'error'}
          title={t(missing ? 'stage.notFound' : 'common.loadFailed')}
          extra={
            <Button type="primary" onClick={() => navigate(stagePath(teamId, projectId))}>
              {t('flowMap.backToStage')}
            </Button>
          }
        />
      </div>
    );
  }

  const relayout = () => {
    const laidOut = autoLayout(ids, linkList ?? []);
    // Only the project's own designs are kept: a design in the bin has no place to save.
    for (const id of laidOut.keys()) if (!imageById.has(id)) laidOut.delete(id);
    void actions.placeAll(laidOut);
    setFitRequests((n) => n + 1);
  };

  const loaded = project.data && images.data && links.data;
  let body: ReactNode;
  if (!loaded) {
    body = (
      <div className="flow-loading" data-testid="flow-loading">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  } else if (designs.length === 0) {
    body = (
      <div className="flow-empty" data-testid="flow-empty">
        <Empty
          image={<ApartmentOutlined className="flow-empty-icon" />}
          description={
            <>
              <div className="flow-empty-title">{t('flowMap.empty.title')}</div>
              <div className="flow-empty-text">{t('flowMap.empty.text')}</div>
            </>
          }
        >
          <Link to={stagePath(teamId, projectId)}>
            <Button type="primary">{t('flowMap.backToStage')}</Button>
          </Link>
        </Empty>
      </div>
    );
  } else {
    body = (
      <FlowBoard
        teamId={teamId}
        projectId={projectId}
        ids={ids}
        images={imageById}
        links={linkList ?? []}
        positions={positions}
        canEdit={canEdit}
        actions={actions}
        fitRequests={fitRequests}
        onOpen={(imageId) =>
          navigate(canEdit ? protoEditPath(teamId, projectId, imageId) : demoPath(teamId, projectId, imageId))
        }
      />
    );
  }

  return (
    <div className="flow-page" data-testid="flow-page" data-can-edit={canEdit}>
      <RealtimeWatch />
      <header className="flow-toolbar">
        <div className="flow-toolbar-title">
          <Tooltip title={t('flowMap.backToStage')}>
            <Link to={stagePath(teamId, projectId)} className="flow-back" data-testid="flow-back">
              <ArrowLeftOutlined />
            </Link>
          </Tooltip>
          <h1 className="flow-title">{t('flowMap.title')}</h1>
          <span className="flow-project-name" title={project.data?.name}>
            {project.data?.name}
          </span>
        </div>
        <div className="flow-legend" aria-hidden="true">
          <span className="flow-legend-manual">{t('flowMap.legend.manual')}</span>
          <span className="flow-legend-hotspot">{t('flowMap.legend.hotspot')}</span>
          <span className="flow-legend-broken">{t('flowMap.legend.broken')}</span>
        </div>
        <div className="flow-toolbar-tools">
          {canEdit && designs.length > 0 ? (
            <Popconfirm
              title={t('flowMap.relayoutConfirm')}
              okText={t('flowMap.relayout')}
              cancelText={t('common.cancel')}
              onConfirm={relayout}
            >
              <Button icon={<PartitionOutlined />} data-testid="flow-relayout">
                {t('flowMap.relayout')}
              </Button>
            </Popconfirm>
          ) : null}
          {designs.length > 0 ? <PlayDemoButton to={demoPath(teamId, projectId, start)} /> : null}
        </div>
      </header>
      {body}
    </div>
  );
}
