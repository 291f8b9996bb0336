import { CheckCircleFilled } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DocumentCommentThread } from '../../../api/documentComments';
import type { DocumentScope } from '../../../api/documents';
import { ResolveButton, ThreadSummary } from '../../detail/comments/CommentBody';
import { MentionComposer } from '../../detail/comments/MentionComposer';
import { DocumentCommentItem } from './DocumentCommentItem';
import type { DocumentComments } from './useDocumentComments';

/**
 * A thread in the panel. Closed: its number, author, time, text and reply count; a click opens it. Open: every
 * comment with its actions, resolve or reopen, and a reply composer for those who may comment.
 */
export function DocumentThreadCard({
  scope,
  comments,
  thread,
  open,
  markedId,
  onOpen,
}: {
  scope: DocumentScope;
  comments: DocumentComments;
  thread: DocumentCommentThread;
  open: boolean;
  markedId: string | null;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const reply = useMutation({
    mutationFn: ({ content, mentions }: { content: string; mentions: string[] }) =>
      comments.post({ parent_id: thread.id, content, mentions }),
  });
  const resolve = useMutation({ mutationFn: (resolved: boolean) => comments.resolve(thread.id, resolved) });
  const state = `${thread.resolved ? ' is-resolved' : ''}${open ? ' is-open' : ''}`;

  if (!open) {
    return (
      <button
        type="button"
        className={`comment-row doc-comment-thread${state}`}
        onClick={onOpen}
        data-testid="doc-comment-thread"
        data-thread-id={thread.id}
        data-open="false"
      >
        <ThreadSummary thread={thread} replyCountTestId="doc-comment-reply-count" />
      </button>
    );
  }

  return (
    <section
      className={`doc-comment-thread doc-comment-thread-open${state}${markedId === thread.id ? ' is-marked' : ''}`}
      data-testid="doc-comment-thread"
      data-thread-id={thread.id}
      data-open="true"
    >
      <header className="comment-thread-head">
        <button type="button" className="doc-comment-thread-number" onClick={onOpen}>
          <span className="comment-number">#{thread.number}</span>
        </button>
        {thread.resolved ? (
          <span className="comment-resolved">
            <CheckCircleFilled />
            {t('comments.resolved')}
          </span>
        ) : null}
        <span className="comment-thread-spacer" />
        {thread.can_resolve ? (
          <ResolveButton
            resolved={thread.resolved}
            pending={resolve.isPending}
            onToggle={resolve.mutate}
            testIdPrefix="doc-comment"
          />
        ) : null}
      </header>
      <DocumentCommentItem scope={scope} comments={comments} comment={thread} isThread marked={false} />
      {thread.replies.length ? (
        <div className="comment-replies" data-testid="doc-comment-replies">
          {thread.replies.map((item) => (
            <DocumentCommentItem
              key={item.id}
              scope={scope}
              comments={comments}
              comment={item}
              isThread={false}
              marked={item.id === markedId}
            />
          ))}
        </div>
      ) : null}
      <MentionComposer
        key={thread.id}
        teamId={scope.team_id}
        projectId={scope.project_id}
        placeholderKey="replyPlaceholder"
        submitLabel={t('comments.reply')}
        onSubmit={(content, mentions) => reply.mutateAsync({ content, mentions })}
        busy={reply.isPending}
        testId="doc-comment-reply"
      />
    </section>
  );
}
