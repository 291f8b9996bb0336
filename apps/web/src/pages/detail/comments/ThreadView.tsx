import { ArrowLeftOutlined, CheckCircleFilled } from '@ant-design/icons';
import type { CommentThread } from '@ferry/shared';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { commentsApi } from '../../../api/comments';
import { useShareVisitor } from '../../share/visitorContext';
import { ResolveButton } from './CommentBody';
import { CommentItem } from './CommentItem';
import { MentionComposer } from './MentionComposer';
import { type CommentTarget, scopeOf, useCommentFailure, useRefreshComments } from './useComments';

/**
 * One thread: its first comment and replies, resolve or reopen it, and reply with @mentions. A share link's
 * visitor replies (signed with their name) only with the link's `comment` right.
 */
export function ThreadView({
  target,
  thread,
  focusId,
  onBack,
}: {
  target: CommentTarget;
  thread: CommentThread;
  /** The comment the view was opened for (a reply from a notice): marked. */
  focusId: string | null;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const refresh = useRefreshComments(target);
  const failed = useCommentFailure();
  const visitor = useShareVisitor();
  const mayReply = !visitor || visitor.rights.comment;

  const reply = useMutation({
    mutationFn: ({
      content,
      mentions,
      guestName,
    }: {
      content: string;
      mentions: string[];
      guestName?: string;
    }) =>
      commentsApi.create(scopeOf(target), {
        image_id: thread.image_id,
        parent_id: thread.id,
        content,
        mentions,
        guest_name: guestName,
      }),
    onSuccess: refresh,
    onError: failed,
  });
  const resolve = useMutation({
    mutationFn: (resolved: boolean) => commentsApi.resolve(scopeOf(target), thread.id, resolved),
    onSuccess: refresh,
    onError: failed,
  });

  return (
    <section className="comment-thread" data-testid="comment-thread" data-thread-id={thread.id}>
      <header className="comment-thread-head">
        <Button
          size="small"
          type="text"
          icon={<ArrowLeftOutlined />}
          onClick={onBack}
          aria-label={t('comments.back')}
          data-testid="comment-thread-back"
        />
        <span className="comment-number">#{thread.number}</span>
        {thread.resolved ? (
          <span className="comment-resolved" data-testid="comment-thread-resolved">
            <CheckCircleFilled />
            {thread.resolved_by
              ? t('comments.resolvedBy', { name: thread.resolved_by.name })
              : t('comments.resolved')}
          </span>
        ) : null}
        <span className="comment-thread-spacer" />
        {thread.can_resolve ? (
          <ResolveButton
            resolved={thread.resolved}
            pending={resolve.isPending}
            onToggle={resolve.mutate}
            testIdPrefix="comment"
          />
        ) : null}
      </header>
      <div className="comment-thread-body">
        <CommentItem target={target} comment={thread} isThread onDeleted={onBack} marked={false} />
        {thread.replies.length ? (
          <div className="comment-replies" data-testid="comment-replies">
            {thread.replies.map((item) => (
              <CommentItem
                key={item.id}
                target={target}
                comment={item}
                isThread={false}
                onDeleted={() => {}}
                marked={item.id === focusId}
              />
            ))}
          </div>
        ) : null}
      </div>
      {mayReply ? (
        <MentionComposer
          key={thread.id}
          teamId={target.teamId}
          projectId={target.projectId}
          placeholderKey="replyPlaceholder"
          submitLabel={t('comments.reply')}
          onSubmit={(content, mentions, guestName) => reply.mutateAsync({ content, mentions, guestName })}
          busy={reply.isPending}
          testId="comment-reply"
        />
      ) : null}
    </section>
  );
}
