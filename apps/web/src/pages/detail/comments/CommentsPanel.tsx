import { CommentOutlined } from '@ant-design/icons';
import { Alert, Button, Segmented, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../state/preferences';
import { useShareVisitor } from '../../share/visitorContext';
import { ThreadList } from './ThreadList';
import { ThreadView } from './ThreadView';
import { type CommentTarget, threadHolding, useThread, useThreads } from './useComments';
import './comments.css';

type PanelFilter = 'open' | 'resolved' | 'mine';

/**
 * The comments tab of the detail view: the version's threads filtered as open, resolved or the caller's, and
 * the focused thread (`focusId`, from a pin, a row or the route's comment_id) with its replies. A focused
 * comment that is not among the version's threads is asked for on its own; a deleted one says so.
 */
export function CommentsPanel({
  teamId,
  projectId,
  imageId,
  versionId,
  focusId,
  onFocus,
}: CommentTarget & { focusId: string | null; onFocus: (commentId: string | null) => void }) {
  const { t } = useTranslation();
  const target: CommentTarget = { teamId, projectId, imageId, versionId };
  const [filter, setFilter] = useState<PanelFilter>('open');
  // A share link's visitor has no list of their own, and posts only with the link's `comment` right.
  const visitor = useShareVisitor();
  const all = useThreads(target, 'all');
  const mine = useThreads(target, 'mine', filter === 'mine');

  const { showResolvedComments } = usePreferences();

  const listed = filter === 'mine' ? mine : all;
  // The "resolved" filter always lists them; the user's own list leaves them out unless the user keeps them.
  const threads =
    filter === 'mine'
      ? (mine.data ?? []).filter((thread) => showResolvedComments || !thread.resolved)
      : (all.data ?? []).filter((thread) => thread.resolved === (filter === 'resolved'));

  const inList = threadHolding(all.data, focusId) ?? threadHolding(mine.data, focusId);
  const lookup = useThread(target, focusId, !!focusId && !all.isLoading && !inList);
  const focused = inList ?? lookup.data;

  if (focusId) {
    if (focused) {
      return (
        <div className="comments-panel" data-testid="comments-panel">
          <ThreadView target={target} thread={focused} focusId={focusId} onBack={() => onFocus(null)} />
        </div>
      );
    }
    if (lookup.error) {
      return (
        <div className="comments-panel" data-testid="comments-panel">
          <div className="comments-state">
            <Alert type="warning" showIcon title={lookup.error.message} data-testid="comment-focus-error" />
            <Button onClick={() => onFocus(null)} data-testid="comment-focus-back">
              {t('comments.showAll')}
            </Button>
          </div>
        </div>
      );
    }
    if (all.isLoading || lookup.isLoading) {
      return (
        <div className="comments-panel" data-testid="comments-panel">
          <div className="comments-state">
            <Spin />
          </div>
        </div>
      );
    }
  }

  return (
    <div className="comments-panel" data-testid="comments-panel">
      <Segmented<PanelFilter>
        block
        size="small"
        value={filter}
        onChange={setFilter}
        options={[
          { value: 'open', label: <span data-testid="comment-filter-open">{t('comments.filterOpen')}</span> },
          {
            value: 'resolved',
            label: <span data-testid="comment-filter-resolved">{t('comments.filterResolved')}</span>,
          },
          ...(visitor
            ? []
            : [
                {
                  value: 'mine' as const,
                  label: <span data-testid="comment-filter-mine">{t('comments.filterMine')}</span>,
                },
              ]),
        ]}
      />
      {listed.isLoading ? (
        <div className="comments-state">
          <Spin />
        </div>
      ) : listed.error ? (
        <div className="comments-state">
          <Alert type="error" showIcon title={listed.error.message} />
          <Button onClick={() => void listed.refetch()}>{t('common.retry')}</Button>
        </div>
      ) : threads.length ? (
        <ThreadList threads={threads} focusedId={focusId} onOpen={onFocus} />
      ) : (
        <div className="comments-state comments-empty" data-testid="comments-empty">
          <CommentOutlined className="comments-empty-icon" />
          <strong>{t(`comments.empty.${filter}`)}</strong>
          {visitor && !visitor.rights.comment ? null : <span>{t('comments.emptyHint')}</span>}
        </div>
      )}
    </div>
  );
}
