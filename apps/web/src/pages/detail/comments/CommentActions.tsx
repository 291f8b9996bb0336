import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A comment's edit and delete buttons, each shown only when allowed; design and document comments share them.
 * `testIdPrefix` keeps each screen's test ids (`comment` → `comment-edit`, `comment-delete`).
 */
export function CommentActions({
  canEdit,
  canDelete,
  onEdit,
  onDelete,
  testIdPrefix,
}: {
  canEdit: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="comment-item-actions">
      {canEdit ? (
        <Tooltip title={t('comments.edit')}>
          <Button
            size="small"
            type="text"
            icon={<EditOutlined />}
            aria-label={t('comments.edit')}
            onClick={onEdit}
            data-testid={`${testIdPrefix}-edit`}
          />
        </Tooltip>
      ) : null}
      {canDelete ? (
        <Tooltip title={t('comments.delete')}>
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('comments.delete')}
            onClick={onDelete}
            data-testid={`${testIdPrefix}-delete`}
          />
        </Tooltip>
      ) : null}
    </div>
  );
}
