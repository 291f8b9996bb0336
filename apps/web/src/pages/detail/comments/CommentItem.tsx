import { Codes, type CommentView } from '@ferry/shared';
import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { commentsApi } from '../../../api/comments';
import { isApiError } from '../../../api/errors';
import { useShareVisitor } from '../../share/visitorContext';
import { CommentActions } from './CommentActions';
import { CommentByline, CommentText } from './CommentBody';
import { MentionComposer } from './MentionComposer';
import { type CommentTarget, scopeOf, useCommentFailure, useRefreshComments } from './useComments';

/**
 * One comment of a thread: its author, time and text; its author edits it in place, and whoever the server
 * allows deletes it (after a confirmation). A thread's first comment takes its replies along.
 */
export function CommentItem({
  target,
  comment,
  isThread,
  onDeleted,
  marked,
}: {
  target: CommentTarget;
  comment: CommentView;
  isThread: boolean;
  onDeleted: () => void;
  marked: boolean;
}) {
  const { t } = useTranslation();
  // A share link's visitor only reads (whatever the answer says they may do).
  const visitor = useShareVisitor();
  const { message, modal } = App.useApp();
  const [editing, setEditing] = useState(false);
  const refresh = useRefreshComments(target);
  const failed = useCommentFailure();

  const update = useMutation({
    mutationFn: (change: { content: string; mentions: string[] }) =>
      commentsApi.update(scopeOf(target), {
        comment_id: comment.id,
        update_time: comment.update_time,
        ...change,
      }),
    onSuccess: () => {
      setEditing(false);
      refresh();
    },
    onError: (error) => {
      // Someone changed it meanwhile: say so in the server's words and show what is there now.
      if (isApiError(error) && error.code === Codes.COMMENT_UPDATE_FAILED.code) {
        setEditing(false);
        refresh();
      }
      failed(error);
    },
  });

  const remove = useMutation({
    mutationFn: () => commentsApi.remove(scopeOf(target), comment.id),
    onSuccess: () => {
      void message.success(t('comments.deleted'));
      onDeleted();
      refresh();
    },
    onError: failed,
  });

  const confirmDelete = () =>
    modal.confirm({
      title: t(isThread ? 'comments.deleteThreadTitle' : 'comments.deleteTitle'),
      content: isThread ? t('comments.deleteThreadHint') : undefined,
      okText: t('comments.delete'),
      okButtonProps: { danger: true, ...{ 'data-testid': 'comment-delete-confirm' } },
      cancelText: t('comments.cancel'),
      onOk: () => remove.mutateAsync().catch(() => {}),
    });

  return (
    <div
      className={`comment-item${marked ? ' is-marked' : ''}`}
      data-testid="comment-item"
      data-comment-id={comment.id}
    >
      <div className="comment-item-head">
        <CommentByline comment={comment} />
        <CommentActions
          canEdit={comment.can_edit && !editing && !visitor}
          canDelete={comment.can_delete && !visitor}
          onEdit={() => setEditing(true)}
          onDelete={confirmDelete}
          testIdPrefix="comment"
        />
      </div>
      {editing ? (
        <MentionComposer
          teamId={target.teamId}
          projectId={target.projectId}
          initial={{ text: comment.content, mentions: comment.mentions }}
          submitLabel={t('comments.save')}
          onSubmit={(content, mentions) => update.mutateAsync({ content, mentions })}
          onCancel={() => setEditing(false)}
          busy={update.isPending}
          autoFocus
          testId="comment-editor"
        />
      ) : (
        <CommentText comment={comment} />
      )}
    </div>
  );
}
