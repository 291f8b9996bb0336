import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Result, Spin } from 'antd';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { prototypeKeys, prototypesApi } from '../../../api/prototypes';
import { usePageTitle } from '../../../components/hooks';
import { RealtimeWatch } from '../../../components/RealtimeBridge';
import { useShareVisitor } from '../../share/visitorContext';
import { stagePath } from '../../stage/paths';
import { stageQueries } from '../../stage/stageQueries';
import { demoPath, shareDemoPath } from '../paths';
import { DemoPlayer } from './DemoPlayer';
import { startDesign } from './demoModel';
import './player.css';

/** The player's page when there is nothing to play: the same dark backdrop, a message and the way out. */
function DemoState({ testId, children }: { testId: string; children: React.ReactNode }) {
  return (
    <div className="demo-page demo-state" data-testid={testId}>
      {children}
    </div>
  );
}

/**
 * The prototype demo (/item/project/proto/demo?tid&pid[&image_id], and /share/<code>/demo for a link's
 * visitor): the project's designs (a visitor: the link's) played through their hotspots, full window.
 */
export function DemoPage() {
  const { t } = useTranslation();
  usePageTitle('demo.title');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const visitor = useShareVisitor();
  const teamId = visitor?.teamId ?? params.get('tid') ?? '';
  const projectId = visitor?.projectId ?? params.get('pid') ?? '';
  const ready = !!teamId && !!projectId;
  const queries = stageQueries(teamId, projectId);
  const project = useQuery({ ...queries.project, enabled: ready });
  const images = useQuery({ ...queries.images, enabled: ready });
  const hotspots = useQuery({
    queryKey: prototypeKeys.hotspots(teamId, projectId),
    queryFn: () => prototypesApi.hotspots({ team_id: teamId, project_id: projectId }),
    enabled: ready,
  });

  // Opened from a page of the app (the stage, the editor), Esc goes back there; opened directly, to the stage.
  const openedInApp = useRef(location.key !== 'default');
  const leave = useCallback(() => {
    if (visitor) navigate(visitor.stagePath);
    else if (openedInApp.current) navigate(-1);
    else navigate(stagePath(teamId, projectId));
  }, [visitor, navigate, teamId, projectId]);
  const show = useCallback(
    (designId: string) => {
      const to = visitor ? shareDemoPath(visitor.code, designId) : demoPath(teamId, projectId, designId);
      if (`${location.pathname}${location.search}` !== to)
        navigate(to, { replace: true, state: location.state });
    },
    [visitor, teamId, projectId, navigate, location],
  );
  // The design asked for when the page opened; the player's own steps change the address after it.
  const asked = useRef(params.get('image_id'));

  const leaveButton = (
    <Button onClick={leave} data-testid="demo-state-leave">
      {t(visitor ? 'demo.backToShare' : 'demo.backToStage')}
    </Button>
  );
  // A failed refresh keeps the demo playing on what was read before; only a read with nothing to show fails.
  const failure = !ready
    ? null
    : [images, hotspots, project].find((query) => query.error && !query.data)?.error;
  if (!ready || failure)
    return (
      <DemoState testId="demo-error">
        <Result
          status="error"
          title={t('demo.errorTitle')}
          subTitle={failure instanceof Error ? failure.message : t('demo.errorHint')}
          extra={[
            <Button
              key="retry"
              type="primary"
              disabled={!ready}
              onClick={() => {
                void images.refetch();
                void hotspots.refetch();
                void project.refetch();
              }}
              data-testid="demo-retry"
            >
              {t('common.retry')}
            </Button>,
            <span key="leave">{leaveButton}</span>,
          ]}
        />
      </DemoState>
    );
  if (!images.data || !hotspots.data || !project.data)
    return (
      <DemoState testId="demo-loading">
        <Spin size="large" />
      </DemoState>
    );
  const designs = images.data.images;
  const startId = startDesign(designs, hotspots.data, asked.current);
  if (!startId)
    return (
      <DemoState testId="demo-empty">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={<span className="demo-state-text">{t('demo.empty')}</span>}
        >
          {leaveButton}
        </Empty>
      </DemoState>
    );
  return (
    <>
      {/* Hotspots drawn meanwhile reach the demo (the project's `changed` signal). */}
      {visitor ? null : <RealtimeWatch />}
      <DemoPlayer
        designs={designs}
        hotspots={hotspots.data}
        startId={startId}
        mobile={project.data.type === 'mobile'}
        onShow={show}
        onLeave={leave}
      />
    </>
  );
}
