import { WALKTHROUGH_ISSUE_STATES } from '@ferry/shared';
import { App, Button, Empty, Result, Segmented, Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WalkthroughIssueState, WalkthroughIssueView, WalkthroughScope } from '../../../api/walkthrough';
import { useIssueList, type WalkthroughActions } from '../useWalkthrough';
import { useWalkthroughWords } from '../WalkthroughTags';
import { IssueCard, type IssueMove } from './IssueCard';
import { IssueDialog } from './IssueDialog';

type Filter = 'all' | WalkthroughIssueState;

/**
 * The page's issues, narrowed by state (with each state's count), newest pages read as one scrolls on. The
 * selected issue (a click here or on its box, or `issueId` in the address) is scrolled to.
 */
export function IssuePanel({
  scope,
  pageId,
  assignees,
  selectedId,
  onSelect,
  actions,
}: {
  scope: WalkthroughScope;
  pageId: string;
  assignees: { id: string; name: string }[];
  selectedId: string | undefined;
  onSelect: (issueId: string | undefined) => void;
  actions: WalkthroughActions;
}) {
  const { t } = useTranslation();
  const words = useWalkthroughWords();
  const { modal } = App.useApp();
  const [filter, setFilter] = useState<Filter>('all');
  const list = useIssueList(scope, pageId, filter === 'all' ? null : [filter]);
  const all = useIssueList(scope, pageId, null);
  const counts = all.counts;
  const [editing, setEditing] = useState<WalkthroughIssueView | null>(null);
  const rows = useRef(new Map<string, HTMLLIElement>());

  // An issue picked elsewhere (its box, the address) that this filter hides: show them all, once per pick,
  // so the filter can still be changed while it stays selected.
  const selectedHere = list.issues.some((issue) => issue.issue_id === selectedId);
  const selectedKnown = all.issues.some((issue) => issue.issue_id === selectedId);
  const revealed = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!selectedId || revealed.current === selectedId || !selectedKnown) return;
    revealed.current = selectedId;
    if (!selectedHere) setFilter('all');
  }, [selectedId, selectedHere, selectedKnown]);
  useEffect(() => {
    if (selectedId && selectedHere) rows.current.get(selectedId)?.scrollIntoView?.({ block: 'nearest' });
  }, [selectedId, selectedHere]);

  const move = (issue: WalkthroughIssueView, next: IssueMove) => {
    const id = issue.issue_id;
    if (next === 'solve') void actions.solve(id);
    else if (next === 'reopen') void actions.reopen(id);
    else if (next === 'open') void actions.clearStatus(id);
    else void actions.setStatus(id, next);
  };
  const confirmDelete = (issue: WalkthroughIssueView) =>
    void modal.confirm({
      title: t('walkthrough.issue.deleteTitle', { number: issue.number }),
      content: t('walkthrough.issue.deleteText'),
      okText: t('walkthrough.delete'),
      okButtonProps: { danger: true, 'data-testid': 'wt-issue-delete-confirm' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        if ((await actions.removeIssue(issue.issue_id)) && issue.issue_id === selectedId) onSelect(undefined);
      },
    });

  let body = null;
  if (list.query.isError && !list.query.data)
    body = (
      <Result
        status="error"
        title={t('walkthrough.issue.loadFailed')}
        subTitle={list.query.error.message}
        extra={<Button onClick={() => void list.query.refetch()}>{t('common.retry')}</Button>}
        data-testid="wt-issues-failed"
      />
    );
  else if (!list.query.data) body = <Skeleton active title={false} paragraph={{ rows: 4 }} />;
  else if (list.issues.length === 0)
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t(filter === 'all' ? 'walkthrough.issue.empty' : 'walkthrough.issue.emptyFilter')}
        data-testid="wt-issues-empty"
      />
    );
  else
    body = (
      <ul className="wt-issues" data-testid="wt-issues">
        {list.issues.map((issue) => (
          <IssueCard
            key={issue.issue_id}
            ref={(node) => {
              if (node) rows.current.set(issue.issue_id, node);
              else rows.current.delete(issue.issue_id);
            }}
            issue={issue}
            selected={issue.issue_id === selectedId}
            onSelect={() => onSelect(issue.issue_id)}
            onMove={(next) => move(issue, next)}
            onEdit={() => setEditing(issue)}
            onDelete={() => confirmDelete(issue)}
          />
        ))}
      </ul>
    );

  return (
    <section className="wt-panel-section" data-testid="wt-issue-panel">
      <Segmented
        size="small"
        block
        className="wt-issue-filter"
        value={filter}
        onChange={(value) => setFilter(value as Filter)}
        options={(['all', ...WALKTHROUGH_ISSUE_STATES] as Filter[]).map((value) => ({
          value,
          label: (
            <span data-testid={`wt-filter-${value}`}>
              {value === 'all' ? t('walkthrough.issue.all') : words('state', value)}{' '}
              <span className="wt-muted">
                {counts ? (value === 'all' ? counts.total : counts[value]) : ''}
              </span>
            </span>
          ),
        }))}
      />
      <div className="wt-panel-scroll">
        {body}
        {list.query.hasNextPage ? (
          <Button
            block
            type="link"
            loading={list.query.isFetchingNextPage}
            onClick={() => void list.query.fetchNextPage()}
            data-testid="wt-issues-more"
          >
            {t('walkthrough.loadMore')}
          </Button>
        ) : null}
      </div>
      <IssueDialog
        open={editing !== null}
        kind="edit"
        initial={
          editing
            ? {
                description: editing.description,
                assignee_id: editing.assignee?.id,
                severity: editing.severity,
              }
            : undefined
        }
        hint={editing?.expected_text || undefined}
        assignees={assignees}
        onSubmit={async (fields) => Boolean(editing && (await actions.updateIssue(editing.issue_id, fields)))}
        onClose={() => setEditing(null)}
      />
    </section>
  );
}
