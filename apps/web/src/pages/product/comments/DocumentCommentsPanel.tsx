import { CloseOutlined, CommentOutlined } from '@ant-design/icons';
import { Alert, Button, Segmented, Spin } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentCommentThread } from '../../../api/documentComments';
import type { DocumentScope } from '../../../api/documents';
import { threadHolding } from '../../detail/comments/useComments';
import { DocumentThreadCard } from './DocumentThreadCard';
import { useDocumentComments } from './useDocumentComments';
import '../../detail/comments/comments.css';
import './productComments.css';

type Filter = 'open' | 'resolved';

/** The threads under a heading per page, pages in order, threads by number. */
function byPage(threads: readonly DocumentCommentThread[]) {
  const pages = new Map<number, DocumentCommentThread[]>();
  for (const thread of [...threads].sort((a, b) => a.page - b.page || a.number - b.number))
    pages.set(thread.page, [...(pages.get(thread.page) ?? []), thread]);
  return [...pages.entries()];
}

/**
 * The comments beside a document: the shown version's threads, open or resolved, under their pages. A click
 * opens a thread (its replies, actions and a reply composer) and tells the viewer (`onOpenThread`) so it shows
 * the page. `activeId` (a pin clicked) opens that thread; `commentId` (a deep link to a thread or a reply)
 * opens its thread once, marks the comment and tells the viewer.
 */
export function DocumentCommentsPanel({
  scope,
  docId,
  versionId,
  commentId,
  activeId,
  onOpenThread,
  onClose,
}: {
  scope: DocumentScope;
  docId: string;
  versionId: string;
  commentId?: string;
  activeId?: string | null;
  onOpenThread: (thread: DocumentCommentThread | null) => void;
  onClose?: () => void;
}) {
  const { t } = useTranslation();
  const comments = useDocumentComments(scope, docId, versionId);
  const threads = comments.threads.data;
  const [filter, setFilter] = useState<Filter>('open');
  const [openId, setOpenId] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  // The deep link's thread, once its threads are here: opened, in its filter, its page shown. The comment stays
  // marked after the address moves on (showing its page drops the comment from the address).
  const [markedId, setMarkedId] = useState<string | null>(null);
  const linked = threadHolding(threads, commentId);
  useEffect(() => {
    if (!linked || !commentId || markedId === commentId) return;
    setMarkedId(commentId);
    setFilter(linked.resolved ? 'resolved' : 'open');
    setOpenId(linked.id);
    onOpenThread(linked);
  }, [linked, commentId, markedId, onOpenThread]);

  // A pin clicked in the pages opens its thread here, in its filter.
  useEffect(() => {
    if (activeId === undefined) return;
    setOpenId(activeId);
    const thread = threadHolding(threads, activeId);
    if (thread) setFilter(thread.resolved ? 'resolved' : 'open');
  }, [activeId, threads]);

  // The open thread comes into view.
  useEffect(() => {
    if (!openId) return;
    const card = listRef.current?.querySelector<HTMLElement>(`[data-thread-id="${openId}"]`);
    card?.scrollIntoView?.({ block: 'nearest' });
  }, [openId, filter, threads]);

  const shown = useMemo(
    () => byPage((threads ?? []).filter((thread) => thread.resolved === (filter === 'resolved'))),
    [threads, filter],
  );
  const open = (thread: DocumentCommentThread) => {
    const next = thread.id === openId ? null : thread;
    setOpenId(next?.id ?? null);
    onOpenThread(next);
  };

  let body: ReactNode;
  if (comments.threads.isPending) {
    body = (
      <div className="comments-state">
        <Spin />
      </div>
    );
  } else if (comments.threads.isError) {
    body = (
      <div className="comments-state">
        <Alert type="error" showIcon title={comments.threads.error.message} />
        <Button onClick={() => void comments.threads.refetch()}>{t('common.retry')}</Button>
      </div>
    );
  } else if (!shown.length) {
    body = (
      <div className="comments-state comments-empty" data-testid="doc-comments-empty">
        <CommentOutlined className="comments-empty-icon" />
        <strong>{t(`productComments.empty.${filter}`)}</strong>
        {filter === 'open' ? <span>{t('productComments.emptyHint')}</span> : null}
      </div>
    );
  } else {
    body = shown.map(([page, pageThreads]) => (
      <section key={page} className="doc-comments-page" data-testid="doc-comments-page" data-page={page}>
        <h3 className="doc-comments-page-label">{t('productComments.pageLabel', { page })}</h3>
        {pageThreads.map((thread) => (
          <DocumentThreadCard
            key={thread.id}
            scope={scope}
            comments={comments}
            thread={thread}
            open={thread.id === openId}
            markedId={markedId}
            onOpen={() => open(thread)}
          />
        ))}
      </section>
    ));
  }

  return (
    <aside className="doc-comments-panel" data-testid="doc-comments-panel">
      <header className="doc-comments-head">
        <strong>{t('productComments.title')}</strong>
        <span className="doc-comments-count">{threads?.length ?? ''}</span>
        <span className="comment-thread-spacer" />
        {onClose ? (
          <Button
            size="small"
            type="text"
            icon={<CloseOutlined />}
            onClick={onClose}
            aria-label={t('productComments.close')}
            data-testid="doc-comments-close"
          />
        ) : null}
      </header>
      <Segmented<Filter>
        block
        size="small"
        value={filter}
        onChange={setFilter}
        options={[
          {
            value: 'open',
            label: <span data-testid="doc-comment-filter-open">{t('comments.filterOpen')}</span>,
          },
          {
            value: 'resolved',
            label: <span data-testid="doc-comment-filter-resolved">{t('comments.filterResolved')}</span>,
          },
        ]}
      />
      <div className="doc-comments-list" ref={listRef} data-testid="doc-comments-list">
        {body}
      </div>
    </aside>
  );
}
