import { BookOutlined } from '@ant-design/icons';
import { Button, Drawer, Empty, Result, Spin } from 'antd';
import { type DragEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanEdit } from '../versions/useCanEdit';
import { BookmarkAdders } from './BookmarkAdders';
import { BookmarkRow, type RowDrag } from './BookmarkRow';
import { useBookmarkActions, useBookmarkList } from './useBookmarks';
import './bookmarks.css';

/**
 * The stage's bookmarks panel, on the right: the links and files kept with the project. Everyone opens them;
 * editors add links, upload files, rename, reorder (drag, or the arrows) and delete.
 */
export function BookmarksDrawer({
  teamId,
  projectId,
  open,
  onClose,
}: {
  teamId: string;
  projectId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const list = useBookmarkList(teamId, projectId, open);
  const actions = useBookmarkActions(teamId, projectId);
  const canEdit = useCanEdit(teamId, projectId);
  const [dragged, setDragged] = useState<string | null>(null);
  const bookmarks = list.data ?? [];

  const dragOf = (id: string, place: number): RowDrag | null =>
    canEdit
      ? {
          onDragStart: (event: DragEvent) => {
            event.dataTransfer.effectAllowed = 'move';
            setDragged(id);
          },
          onDragOver: (event: DragEvent) => {
            if (dragged && dragged !== id) event.preventDefault();
          },
          onDrop: (event: DragEvent) => {
            event.preventDefault();
            const moving = bookmarks.find((each) => each.id === dragged);
            setDragged(null);
            if (moving && moving.id !== id) void actions.move(moving, place);
          },
          onDragEnd: () => setDragged(null),
        }
      : null;

  let body: React.ReactNode;
  if (list.isError && !list.data)
    body = (
      <Result
        status="error"
        title={t('bookmarks.loadFailed')}
        extra={
          <Button
            type="primary"
            loading={list.isFetching}
            onClick={() => void list.refetch()}
            data-testid="bookmarks-retry"
          >
            {t('common.retry')}
          </Button>
        }
        data-testid="bookmarks-failed"
      />
    );
  else if (list.isPending) body = <Spin className="bookmark-loading" />;
  else if (bookmarks.length === 0)
    body = (
      <Empty
        image={<BookOutlined className="bookmark-empty-icon" />}
        description={t(canEdit ? 'bookmarks.emptyEditor' : 'bookmarks.empty')}
        data-testid="bookmarks-empty"
      />
    );
  else
    body = (
      <ul className="bookmark-list" data-testid="bookmark-list">
        {bookmarks.map((bookmark, index) => (
          <BookmarkRow
            key={bookmark.id}
            bookmark={bookmark}
            place={index + 1}
            count={bookmarks.length}
            canEdit={canEdit}
            actions={actions}
            drag={dragOf(bookmark.id, index + 1)}
          />
        ))}
      </ul>
    );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={380}
      mask={false}
      title={
        <span className="bookmark-title">
          {t('bookmarks.title')}
          {bookmarks.length > 0 ? <span className="bookmark-count">{bookmarks.length}</span> : null}
        </span>
      }
      rootClassName="bookmark-drawer"
      data-testid="bookmarks-drawer"
    >
      {canEdit ? <BookmarkAdders actions={actions} /> : null}
      {body}
    </Drawer>
  );
}
