import type { CommentThread } from '@ferry/shared';
import { ThreadSummary } from './CommentBody';

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
            <ThreadSummary thread={thread} replyCountTestId="comment-reply-count" />
          </button>
        </li>
      ))}
    </ol>
  );
}
