import type { WalkthroughCandidate } from '@ferry/shared';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type {
  IssueFields,
  WalkthroughPageView,
  WalkthroughScope,
  WalkthroughScreenshotView,
} from '../../../api/walkthrough';
import type { WalkthroughActions } from '../useWalkthrough';
import { CandidateList } from './CandidateList';
import { IssuePanel } from './IssuePanel';
import './panel.css';

export type PanelTab = 'issues' | 'candidates';

/** The right side of a page: its issues, and the selected screenshot's proposed differences. */
export function SidePanel({
  scope,
  page,
  shot,
  tab,
  onTab,
  selectedIssueId,
  onSelectIssue,
  selectedCandidateId,
  onSelectCandidate,
  actions,
}: {
  scope: WalkthroughScope;
  page: WalkthroughPageView;
  shot: WalkthroughScreenshotView | undefined;
  tab: PanelTab;
  onTab: (tab: PanelTab) => void;
  selectedIssueId: string | undefined;
  onSelectIssue: (issueId: string | undefined) => void;
  selectedCandidateId: string | undefined;
  onSelectCandidate: (candidateId: string | undefined) => void;
  actions: WalkthroughActions;
}) {
  const { t } = useTranslation();
  const accept = async (candidate: WalkthroughCandidate, fields: IssueFields) => {
    if (!shot) return false;
    const issue = await actions.acceptCandidate(shot.contrast_id, candidate.id, fields);
    if (!issue) return false;
    onSelectCandidate(undefined);
    onSelectIssue(issue.issue_id);
    onTab('issues');
    return true;
  };
  const candidates = shot?.diff_status === 'ready' ? shot.candidates.length : 0;
  return (
    <aside className="wt-panel" data-testid="wt-panel" aria-label={t('walkthrough.issue.title')}>
      <Tabs
        activeKey={tab}
        onChange={(key) => onTab(key as PanelTab)}
        items={[
          {
            key: 'issues',
            label: <span data-testid="wt-tab-issues">{t('walkthrough.issue.title')}</span>,
            children: (
              <IssuePanel
                scope={scope}
                pageId={page.page_id}
                assignees={page.assignees}
                selectedId={selectedIssueId}
                onSelect={onSelectIssue}
                actions={actions}
              />
            ),
          },
          {
            key: 'candidates',
            label: (
              <span data-testid="wt-tab-candidates">
                {t('walkthrough.candidate.title')}
                {candidates ? <span className="wt-tab-count">{candidates}</span> : null}
              </span>
            ),
            children: (
              <CandidateList
                shot={shot}
                canEdit={page.can_edit}
                selectedId={selectedCandidateId}
                onSelect={onSelectCandidate}
                assignees={page.assignees}
                onAccept={accept}
                onDismiss={(candidate) => {
                  if (shot) void actions.dismissCandidate(shot.contrast_id, candidate.id);
                }}
              />
            ),
          },
        ]}
      />
    </aside>
  );
}
