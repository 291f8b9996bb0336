import { CheckCircleFilled, MessageOutlined } from '@ant-design/icons';
import type { CommentThread } from '@ferry/shared';
import { useTranslation } from 'react-i18next';
import { CommentByline, CommentText } from './CommentBody';

/** The threads of a filter, newest pins by number; a click opens one. */
export function ThreadList({
  threads,
  focusedId,
  onOpen,
}: {
  threads: CommentThread[];
  focusedId: string | null;
  onOpen: (threadId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <ol className="comment-list" data-testid="comment-list">
      {threads.map((thread) => (
        <li key={thread.id}>
          <button
            type="button"
            className={`comment-row${thread.resolved ? ' is-resolved' : ''}${thread.id === focusedId ? ' is-focused' : ''}`}
            onClick={() => onOpen(thread.id)}
            data-testid="comment-row"
            data-thread-id={thread.id}
            data-resolved={thread.resolved ? 'true' : 'false'}
          >
            <div className="comment-row-head">
              <span className="comment-number">#{thread.number}</span>
              <CommentByline comment={thread} />
            </div>
            <CommentText comment={thread} clamp />
            <div className="comment-row-foot">
              <span className="comment-reply-count" data-testid="comment-reply-count">
                <MessageOutlined />
                {t('comments.replyCount', { count: thread.replies.length })}
              </span>
              {thread.resolved ? (
                <span className="comment-resolved">
                  <CheckCircleFilled />
                  {t('comments.resolved')}
                </span>
              ) : null}
            </div>
          </button>
        </li>
      ))}
    </ol>
  );
}
