import { FileSearchOutlined } from '@ant-design/icons';
import { Codes } from '@ferry/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { WalkthroughScope } from '../../api/walkthrough';
import { usePageTitle } from '../../components/hooks';
import { ProjectUnavailable } from '../../components/ProjectUnavailable';
import { itemPath } from '../../state/redirect';
import { useSession } from '../../state/session';
import { ProjectToolbar } from '../product/ProjectToolbar';
import { stageIdsOf, stageQueries } from '../stage/stageQueries';
import { PageWorkspace } from './PageWorkspace';
import { type WalkthroughView, walkthroughPath, walkthroughViewOf } from './paths';
import { PageSidebar } from './sidebar/PageSidebar';
import { useTaskPages, useWalkthroughActions } from './useWalkthrough';
import '../product/product.css';
import './walkthrough.css';

/**
 * A project's design QA (route /item/project/walkthrough?tid&pid&pageId&issueId): the task's pages on the
 * left, the open page's comparison in the middle, its issues on the right. The address says which page and
 * issue are open, so a notice links to an issue and Back returns to the page before.
 */
export function WalkthroughPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { team } = useSession();
  const { teamId, projectId } = stageIdsOf(params, team?.team_id);
  const ready = Boolean(teamId && projectId);
  const project = useQuery({ ...stageQueries(teamId, projectId).project, enabled: ready });
  usePageTitle('walkthrough.title');
  const scope: WalkthroughScope = { team_id: teamId, project_id: projectId };
  const view = walkthroughViewOf(params);
  const show = (next: WalkthroughView, replace = false) =>
    navigate(walkthroughPath(teamId, projectId, next), { replace });

  // Without a page named, the first one is open (not written into the address: a navigation of its own
  // could land after the user's pick and replace it).
  const { pages } = useTaskPages(scope);
  const pageId = view.pageId ?? pages[0]?.page_id;
  const actions = useWalkthroughActions(scope);

  if (!ready || project.isError) {
    return (
      <ProjectUnavailable
        error={project.error}
        fallbackCode={Codes.PROJECT_NOT_FOUND.code}
        className="wt-page"
        testId="wt-unavailable"
        back={itemPath(teamId)}
        notFoundKey="stage.notFound"
      />
    );
  }

  return (
    <div className="wt-page" data-testid="wt-page">
      <ProjectToolbar
        teamId={teamId}
        projectId={projectId}
        projectName={project.data?.name ?? ''}
        title={t('walkthrough.title')}
        backTip={t('walkthrough.backToStage')}
        backTestId="wt-back"
        className="wt-toolbar"
      />
      <div className="wt-body">
        <PageSidebar
          scope={scope}
          selectedPageId={pageId}
          onOpen={(id) => show({ pageId: id })}
          onDeleted={(id) => {
            if (id === pageId) show({}, true);
          }}
          actions={actions}
        />
        <main className="wt-main" data-testid="wt-main">
          {pageId ? (
            <PageWorkspace
              key={pageId}
              scope={scope}
              pageId={pageId}
              issueId={view.issueId}
              onSelectIssue={(issueId) => show({ pageId, issueId }, true)}
            />
          ) : (
            <div className="product-hint" data-testid="wt-hint">
              <FileSearchOutlined className="product-hint-icon" />
              <span>{t('walkthrough.pickHint')}</span>
            </div>
          )}
        </main>
      </div>
    </div>
  );
}
