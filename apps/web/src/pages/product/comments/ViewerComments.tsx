import { CommentOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentCommentThread } from '../../../api/documentComments';
import type { DocumentScope } from '../../../api/documents';
import { DocumentCommentsPanel } from './DocumentCommentsPanel';
import { PageCommentPins } from './PageCommentPins';
import { useDocumentComments } from './useDocumentComments';

/**
 * Comments in the pages viewer: the "Comment" switch for its toolbar, the pins for each page it draws, and the
 * panel for its right side. Comment mode (the switch, Escape leaves it) lets a click on a page place a pin; the
 * panel opens with it, with a pin clicked, or for a deep link's comment. `reveal` scrolls the viewer to a point
 * of a page (y in fractions of it) when a thread is opened.
 */
export function useViewerComments({
  scope,
  docId,
  versionId,
  commentId,
  reveal,
}: {
  scope: DocumentScope;
  docId: string;
  versionId: string;
  commentId?: string;
  reveal: (page: number, y: number) => void;
}) {
  const { t } = useTranslation();
  const comments = useDocumentComments(scope, docId, versionId);
  const [panelOpen, setPanelOpen] = useState(Boolean(commentId));
  const [commenting, setCommenting] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);

  const threadsOf = useMemo(() => {
    const pages = new Map<number, DocumentCommentThread[]>();
    for (const thread of comments.threads.data ?? [])
      pages.set(thread.page, [...(pages.get(thread.page) ?? []), thread]);
    return (page: number) => pages.get(page) ?? [];
  }, [comments.threads.data]);

  useEffect(() => {
    if (!commenting) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setCommenting(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [commenting]);

  const onOpenThread = useCallback(
    (thread: DocumentCommentThread | null) => {
      setActiveId(thread?.id ?? null);
      if (thread) reveal(thread.page, thread.position?.y ?? 0);
    },
    [reveal],
  );
  const select = (threadId: string) => {
    setActiveId(threadId);
    setPanelOpen(true);
  };
  const count = (comments.threads.data ?? []).filter((thread) => !thread.resolved).length;

  // The button switches comment mode; the panel opens with it.
  const pressed = commenting;
  const onToggle = () => {
    if (!commenting) setPanelOpen(true);
    setCommenting(!commenting);
  };
  const toggle = (
    <Tooltip title={commenting ? undefined : t('productComments.toggleHint')}>
      <Button
        size="small"
        type={pressed ? 'primary' : 'text'}
        icon={
          <Badge count={count} size="small" offset={[4, -2]}>
            <CommentOutlined />
          </Badge>
        }
        onClick={onToggle}
        aria-pressed={pressed}
        data-testid="doc-comment-toggle"
      >
        {t('productComments.toggle')}
      </Button>
    </Tooltip>
  );

  const pinsFor = (page: number) => (
    <PageCommentPins
      scope={scope}
      docId={docId}
      versionId={versionId}
      threads={threadsOf(page)}
      page={page}
      commenting={commenting}
      activeId={activeId}
      onSelect={select}
    />
  );

  const panel = panelOpen ? (
    <DocumentCommentsPanel
      scope={scope}
      docId={docId}
      versionId={versionId}
      commentId={commentId}
      activeId={activeId}
      onOpenThread={onOpenThread}
      onClose={() => {
        setPanelOpen(false);
        setCommenting(false);
        setActiveId(null);
      }}
    />
  ) : null;

  return { toggle, pinsFor, panel, commenting };
}
