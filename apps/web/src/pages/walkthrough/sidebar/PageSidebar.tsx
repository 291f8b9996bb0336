import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { WALKTHROUGH_RESULTS } from '@ferry/shared';
import { App, Button, Result, Select, Skeleton, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WalkthroughPageSummary, WalkthroughResult, WalkthroughScope } from '../../../api/walkthrough';
import { useTaskPages, type WalkthroughActions } from '../useWalkthrough';
import { ResultTag, useWalkthroughWords } from '../WalkthroughTags';
import { AddDesignsDialog } from './AddDesignsDialog';

/** One page: the design's thumbnail, its name, its issues still open and solved, its result. */
function PageRow({
  page,
  selected,
  onOpen,
  onDelete,
}: {
  page: WalkthroughPageSummary;
  selected: boolean;
  onOpen: () => void;
  onDelete: (() => void) | null;
}) {
  const { t } = useTranslation();
  return (
    <li
      className={`wt-page-row${selected ? ' is-selected' : ''}`}
      data-testid="wt-page-row"
      data-page-id={page.page_id}
    >
      <button
        type="button"
        className="wt-page-open"
        onClick={onOpen}
        aria-current={selected ? 'page' : undefined}
        data-testid="wt-page-open"
      >
        <span className="wt-page-thumb">
          {page.thumbnail ? <img src={page.thumbnail} alt="" loading="lazy" draggable={false} /> : null}
        </span>
        <span className="wt-page-text">
          <span className="wt-page-row-name" title={page.name} data-testid="wt-page-row-name">
            {page.name}
          </span>
          <span className="wt-page-row-counts" data-testid="wt-page-row-counts">
            <span className="wt-count is-open">
              {t('walkthrough.openCount', { count: page.counts.open + page.counts.in_progress })}
            </span>
            <span className="wt-count is-solved">
              {t('walkthrough.solvedCount', { count: page.counts.solved })}
            </span>
          </span>
          <ResultTag result={page.result} testId="wt-page-row-result" />
        </span>
      </button>
      {onDelete ? (
        <Tooltip title={t('walkthrough.page.delete')}>
          <Button
            size="small"
            type="text"
            className="wt-page-delete"
            icon={<DeleteOutlined />}
            aria-label={t('walkthrough.page.delete')}
            onClick={onDelete}
            data-testid="wt-page-delete"
          />
        </Tooltip>
      ) : null}
    </li>
  );
}

/**
 * The task's side: its result and issue counts, "Add designs" for editors, and its pages a page of them at
 * a time. Empty, loading and failed states say so in the reader's language (the server's words for a refusal).
 */
export function PageSidebar({
  scope,
  selectedPageId,
  onOpen,
  onDeleted,
  actions,
}: {
  scope: WalkthroughScope;
  selectedPageId: string | undefined;
  onOpen: (pageId: string) => void;
  onDeleted: (pageId: string) => void;
  actions: WalkthroughActions;
}) {
  const { t } = useTranslation();
  const words = useWalkthroughWords();
  const { modal } = App.useApp();
  const { query, task, pages } = useTaskPages(scope);
  const [adding, setAdding] = useState(false);
  const canEdit = Boolean(task?.can_edit);

  const add = async (imageIds: string[]) => {
    const answer = await actions.addPages(imageIds);
    if (!answer) return false;
    // The page of the first design picked opens.
    const first = answer.pages.find((page) => page.image_id === imageIds[0]) ?? answer.pages[0];
    if (first) onOpen(first.page_id);
    return true;
  };
  const confirmDelete = (page: WalkthroughPageSummary) =>
    void modal.confirm({
      title: t('walkthrough.page.deleteTitle', { name: page.name }),
      content: t('walkthrough.page.deleteText'),
      okText: t('walkthrough.delete'),
      okButtonProps: { danger: true, 'data-testid': 'wt-page-delete-confirm' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        if (await actions.removePage(page.page_id)) onDeleted(page.page_id);
      },
    });

  let list = null;
  if (query.isError && !query.data)
    list = (
      <Result
        status="error"
        title={t('walkthrough.task.loadFailed')}
        subTitle={query.error.message}
        extra={
          <Button onClick={() => void query.refetch()} loading={query.isFetching} data-testid="wt-task-retry">
            {t('common.retry')}
          </Button>
        }
        data-testid="wt-task-failed"
      />
    );
  else if (!task) list = <Skeleton active title={false} paragraph={{ rows: 5 }} />;
  else if (pages.length === 0)
    list = (
      <div className="wt-empty" data-testid="wt-pages-empty">
        <strong>{t('walkthrough.task.emptyTitle')}</strong>
        <span>{t(canEdit ? 'walkthrough.task.emptyEditor' : 'walkthrough.task.emptyViewer')}</span>
      </div>
    );
  else
    list = (
      <ul className="wt-pages" data-testid="wt-pages">
        {pages.map((page) => (
          <PageRow
            key={page.page_id}
            page={page}
            selected={page.page_id === selectedPageId}
            onOpen={() => onOpen(page.page_id)}
            onDelete={canEdit ? () => confirmDelete(page) : null}
          />
        ))}
      </ul>
    );

  return (
    <aside className="wt-sidebar" data-testid="wt-sidebar" aria-label={t('walkthrough.task.pages')}>
      {task ? (
        <div className="wt-task" data-testid="wt-task">
          <div className="wt-task-row">
            <span className="wt-task-label">{t('walkthrough.result.task')}</span>
            {canEdit ? (
              <Select
                size="small"
                value={task.result}
                onChange={(result: WalkthroughResult) => void actions.setResult(result)}
                options={WALKTHROUGH_RESULTS.map((result) => ({
                  value: result,
                  label: words('result', result),
                }))}
                popupMatchSelectWidth={false}
                data-testid="wt-task-result-select"
              />
            ) : (
              <ResultTag result={task.result} testId="wt-task-result" />
            )}
          </div>
          <div className="wt-task-counts" data-testid="wt-task-counts">
            {t('walkthrough.taskCounts', {
              count: task.total,
              open: task.counts.open + task.counts.in_progress,
              solved: task.counts.solved,
            })}
          </div>
          {canEdit ? (
            <Button
              type="primary"
              block
              icon={<PlusOutlined />}
              onClick={() => setAdding(true)}
              data-testid="wt-add-designs"
            >
              {t('walkthrough.addDesigns.open')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <div className="wt-sidebar-scroll">
        {list}
        {query.hasNextPage ? (
          <Button
            block
            type="link"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
            data-testid="wt-pages-more"
          >
            {t('walkthrough.loadMore')}
          </Button>
        ) : null}
      </div>
      <AddDesignsDialog
        open={adding}
        teamId={scope.team_id}
        projectId={scope.project_id}
        added={new Set(pages.map((page) => page.image_id))}
        onSubmit={add}
        onClose={() => setAdding(false)}
      />
    </aside>
  );
}
