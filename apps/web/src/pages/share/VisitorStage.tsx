import { useQuery } from '@tanstack/react-query';
import { Empty, Skeleton, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { pageTitle } from '../../components/hooks';
import { Logo } from '../../components/Logo';
import { shareDemoPath } from '../prototype/paths';
import { PlayDemoButton } from '../prototype/player/PlayDemoButton';
import { StageBoard } from '../stage/StageBoard';
import { NO_FILTER } from '../stage/stageModel';
import { stageQueries } from '../stage/stageQueries';
import { useStageActions } from '../stage/useStageActions';
import { useShareVisitor } from './visitorContext';
import '../stage/stage.css';
import './share.css';
import { VisitorSearch } from './VisitorSearch';

const DEFAULT_SCALE = 2;
const noop = () => {};

/**
 * A share link's designs for its visitor: the stage's board, read-only, under a bar that says what was shared
 * and by whom. No team, user or message centre: a visitor has none.
 */
export function VisitorStage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const visitor = useShareVisitor();
  const teamId = visitor?.teamId ?? '';
  const projectId = visitor?.projectId ?? '';
  const queries = stageQueries(teamId, projectId);
  // Asked again each time the stage shows: it is how a visitor hears that the link was revoked meanwhile.
  const images = useQuery({ ...queries.images, enabled: !!visitor, refetchOnMount: 'always' });
  const sections = useQuery({ ...queries.sections, enabled: !!visitor, refetchOnMount: 'always' });
  const actions = useStageActions(teamId, projectId);

  const projectName = visitor?.projectName ?? '';
  useEffect(() => {
    document.title = pageTitle(projectName || t('shareVisit.title'));
  }, [projectName, t]);
  if (!visitor) return null;

  const designs = images.data?.images ?? [];
  let body: React.ReactNode;
  if (!images.data)
    body = (
      <div className="stage-loading" data-testid="stage-loading">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  else if (designs.length === 0)
    body = (
      <div className="stage-empty" data-testid="stage-empty">
        <Empty description={t('shareVisit.empty')} />
      </div>
    );
  else
    body = (
      <StageBoard
        teamId={teamId}
        projectId={projectId}
        images={designs}
        sectors={sections.data?.sectors}
        canEdit={false}
        filter={NO_FILTER}
        order="default"
        scale={DEFAULT_SCALE}
        actions={actions}
        onOpen={(imageId) => navigate(visitor.detailPath(imageId))}
        onVersions={noop}
        newSectionRequests={0}
        onShare={null}
        readOnly
      />
    );

  return (
    <div className="share-stage stage-page" data-testid="share-stage">
      <header className="share-bar" data-testid="share-bar">
        <div className="share-bar-title">
          <Logo size={24} />
          <span className="share-bar-divider" />
          <h1 className="share-bar-project" title={projectName} data-testid="share-project-name">
            {projectName}
          </h1>
          {visitor.linkName && visitor.linkName !== projectName ? (
            <span className="share-bar-link" data-testid="share-link-name">
              {visitor.linkName}
            </span>
          ) : null}
          <span className="stage-count" data-testid="stage-count">
            {t('shareVisit.designCount', { count: designs.length })}
          </span>
          <Tag className="share-bar-tag">{t('shareVisit.readOnly')}</Tag>
        </div>
        <div className="share-bar-tools">
          <VisitorSearch visitor={visitor} />
          {designs.length > 0 ? (
            <PlayDemoButton to={shareDemoPath(visitor.code)} label="demo.playShared" />
          ) : null}
          <span className="share-bar-by" data-testid="share-shared-by">
            {t('shareVisit.sharedBy', { team: visitor.teamName })}
          </span>
        </div>
      </header>
      {body}
    </div>
  );
}
