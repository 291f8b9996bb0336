import { Popover } from 'antd';
import { type MouseEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentCommentThread } from '../../../api/documentComments';
import type { DocumentScope } from '../../../api/documents';
import { MentionComposer } from '../../detail/comments/MentionComposer';
import { type PagePoint, pagePointOf } from './pinPlace';
import { useDocumentComments } from './useDocumentComments';
import './productComments.css';

const percent = (fraction: number) => `${fraction * 100}%`;

/**
 * The numbered pins of ONE page's threads, over the page (this layer fills the page's box; positions are
 * fractions of it). In comment mode a click on the page puts a draft pin there with a composer beside it;
 * sending creates the thread and selects it; cancel or Escape drops the draft.
 */
export function PageCommentPins({
  scope,
  docId,
  versionId,
  threads,
  page,
  commenting,
  onPlace,
  activeId,
  onSelect,
}: {
  scope: DocumentScope;
  docId: string;
  versionId: string;
  /** The threads pinned on this page. */
  threads: readonly DocumentCommentThread[];
  /** 1-based */
  page: number;
  /** Comment mode: a click on the page places a new pin. */
  commenting: boolean;
  /** A draft pin was placed (fractions of the page). */
  onPlace?: (position: PagePoint) => void;
  activeId: string | null;
  /** A pin was clicked, or a new thread was posted: its id. */
  onSelect: (threadId: string) => void;
}) {
  const { t } = useTranslation();
  const comments = useDocumentComments(scope, docId, versionId);
  const [draft, setDraft] = useState<PagePoint | null>(null);
  const [posting, setPosting] = useState(false);

  // Leaving comment mode drops an unsent draft.
  useEffect(() => {
    if (!commenting) setDraft(null);
  }, [commenting]);

  const place = (event: MouseEvent<HTMLButtonElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    // From the keyboard (no pointer) the pin goes to the middle of the page.
    const point = event.detail === 0 ? { x: 0.5, y: 0.5 } : pagePointOf(event, rect);
    setDraft(point);
    onPlace?.(point);
  };

  const send = async (content: string, mentions: string[]) => {
    if (!draft) return;
    setPosting(true);
    try {
      const created = await comments.post({ page, position: draft, content, mentions });
      setDraft(null);
      onSelect(created.id);
    } finally {
      setPosting(false);
    }
  };

  return (
    <div className="doc-comment-pins" data-testid={`doc-comment-pins-${page}`}>
      {commenting ? (
        <button
          type="button"
          className="doc-comment-place"
          onClick={place}
          aria-label={t('productComments.placeHere')}
          data-testid={`doc-comment-place-${page}`}
        />
      ) : null}
      {threads.map((thread) =>
        thread.position ? (
          <button
            key={thread.id}
            type="button"
            className={`comment-pin${thread.resolved ? ' is-resolved' : ''}${thread.id === activeId ? ' is-focused' : ''}`}
            style={{ left: percent(thread.position.x), top: percent(thread.position.y) }}
            onClick={() => onSelect(thread.id)}
            aria-label={t('comments.pinLabel', { number: thread.number })}
            data-testid="doc-comment-pin"
            data-thread-id={thread.id}
          >
            <span>{thread.number}</span>
          </button>
        ) : null,
      )}
      {draft ? (
        <Popover
          open
          placement="rightTop"
          arrow={false}
          destroyOnHidden
          classNames={{ root: 'doc-comment-draft' }}
          content={
            <MentionComposer
              teamId={scope.team_id}
              projectId={scope.project_id}
              placeholderKey="newPlaceholder"
              submitLabel={t('comments.post')}
              onSubmit={send}
              onCancel={() => setDraft(null)}
              busy={posting}
              autoFocus
              testId="doc-comment-new"
            />
          }
        >
          <span
            className="comment-pin is-draft"
            style={{ left: percent(draft.x), top: percent(draft.y) }}
            data-testid="doc-comment-draft-pin"
          />
        </Popover>
      ) : null}
    </div>
  );
}
