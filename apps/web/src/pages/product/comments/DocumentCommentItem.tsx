import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentCommentView } from '../../../api/documentComments';
import type { DocumentScope } from '../../../api/documents';
import { CommentActions } from '../../detail/comments/CommentActions';
import { CommentByline, CommentText } from '../../detail/comments/CommentBody';
import { MentionComposer } from '../../detail/comments/MentionComposer';
import type { DocumentComments } from './useDocumentComments';

/**
 * One comment of a document's thread: author, time, text; its author edits it in place, whoever the server
 * allows deletes it after a confirmation (a thread's first comment takes its replies along).
 */
export function DocumentCommentItem({
  scope,
  comments,
  comment,
  isThread,
  marked,
}: {
  scope: DocumentScope;
  comments: DocumentComments;
  comment: DocumentCommentView;
  isThread: boolean;
  /** The comment a deep link names. */
  marked: boolean;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [editing, setEditing] = useState(false);
  const edit = useMutation({
    mutationFn: ({ content, mentions }: { content: string; mentions: string[] }) =>
      comments.edit(comment.id, content, mentions),
    onSuccess: () => setEditing(false),
  });
  const remove = useMutation({
    mutationFn: () => comments.remove(comment.id),
    onSuccess: () => void message.success(t('comments.deleted')),
  });

  const confirmDelete = () =>
    modal.confirm({
      title: t(isThread ? 'comments.deleteThreadTitle' : 'comments.deleteTitle'),
      content: isThread ? t('comments.deleteThreadHint') : undefined,
      okText: t('comments.delete'),
      okButtonProps: { danger: true, ...{ 'data-testid': 'doc-comment-delete-confirm' } },
      cancelText: t('comments.cancel'),
      onOk: () => remove.mutateAsync().catch(() => {}),
    });

  return (
    <div
      className={`comment-item${marked ? ' is-marked' : ''}`}
      data-testid="doc-comment-item"
      data-comment-id={comment.id}
    >
      <div className="comment-item-head">
        <CommentByline comment={comment} />
        <CommentActions
          canEdit={comment.can_edit && !editing}
          canDelete={comment.can_delete}
          onEdit={() => setEditing(true)}
          onDelete={confirmDelete}
          testIdPrefix="doc-comment"
        />
      </div>
      {editing ? (
        <MentionComposer
          teamId={scope.team_id}
          projectId={scope.project_id}
          initial={{ text: comment.content, mentions: comment.mentions }}
          submitLabel={t('comments.save')}
          onSubmit={(content, mentions) => edit.mutateAsync({ content, mentions })}
          onCancel={() => setEditing(false)}
          busy={edit.isPending}
          autoFocus
          testId="doc-comment-editor"
        />
      ) : (
        <CommentText comment={comment} />
      )}
    </div>
  );
}
