import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
  HolderOutlined,
  LinkOutlined,
} from '@ant-design/icons';
import { bookmarkNameSchema, isWebUrl } from '@ferry/shared';
import { Button, Input, Popconfirm, Tooltip } from 'antd';
import { type DragEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookmarkView } from '../../../api/bookmarks';
import { formatBytes } from '../upload/format';
import type { BookmarkActions } from './useBookmarks';

const FILE_ICONS: [RegExp, ReactNode][] = [
  [/\.pdf$/i, <FilePdfOutlined key="pdf" />],
  [/\.(png|jpe?g|gif|webp|svg|bmp|psd|sketch|fig)$/i, <FileImageOutlined key="image" />],
  [/\.(zip|rar|7z|gz|tar)$/i, <FileZipOutlined key="zip" />],
  [/\.docx?$/i, <FileWordOutlined key="word" />],
  [/\.(xlsx?|csv|numbers)$/i, <FileExcelOutlined key="excel" />],
  [/\.(pptx?|key)$/i, <FilePptOutlined key="ppt" />],
  [/\.(txt|md|json|rtf)$/i, <FileTextOutlined key="text" />],
];

/** A link's icon, or a file's by its extension. */
function iconOf(bookmark: BookmarkView): ReactNode {
  if (bookmark.type === 'url') return <LinkOutlined />;
  return FILE_ICONS.find(([pattern]) => pattern.test(bookmark.filename))?.[1] ?? <FileOutlined />;
}

/** What shows under the name: a link's host, a file's size. */
function detailOf(bookmark: BookmarkView): string {
  if (bookmark.type === 'file') return formatBytes(bookmark.size);
  try {
    return new URL(bookmark.url).host;
  } catch {
    return bookmark.url;
  }
}

export interface RowDrag {
  onDragStart: (event: DragEvent) => void;
  onDragOver: (event: DragEvent) => void;
  onDrop: (event: DragEvent) => void;
  onDragEnd: () => void;
}

/**
 * One bookmark: its icon, name, host or size and how often it was opened. A link opens in a new tab, a file
 * downloads; both count. Editors rename, move and delete it.
 */
export function BookmarkRow({
  bookmark,
  place,
  count,
  canEdit,
  actions,
  drag,
}: {
  bookmark: BookmarkView;
  /** 1-based place in the list. */
  place: number;
  count: number;
  canEdit: boolean;
  actions: BookmarkActions;
  drag: RowDrag | null;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);

  const saveName = () => {
    const parsed = bookmarkNameSchema.safeParse(editing ?? '');
    setEditing(null);
    if (parsed.success && parsed.data !== bookmark.name) void actions.rename(bookmark, parsed.data);
  };

  let title: ReactNode;
  if (editing !== null) {
    title = (
      <Input
        size="small"
        autoFocus
        value={editing}
        maxLength={100}
        onChange={(event) => setEditing(event.target.value)}
        onPressEnter={saveName}
        onBlur={saveName}
        onKeyDown={(event) => {
          // Esc leaves the field only; the drawer around it stays open.
          if (event.key === 'Escape') {
            event.stopPropagation();
            setEditing(null);
          }
        }}
        data-testid="bookmark-rename-input"
      />
    );
  } else if (bookmark.type === 'url' && isWebUrl(bookmark.url)) {
    title = (
      <a
        className="bookmark-name"
        href={bookmark.url}
        target="_blank"
        rel="noopener noreferrer"
        title={bookmark.url}
        onClick={() => void actions.click(bookmark)}
        data-testid="bookmark-open"
      >
        {bookmark.name}
      </a>
    );
  } else if (bookmark.type === 'url') {
    // A link the browser should not open (not http or https) is shown, never followed.
    title = (
      <span
        className="bookmark-name bookmark-plain"
        title={t('bookmarks.notWebLink', { url: bookmark.url })}
        data-testid="bookmark-plain"
      >
        {bookmark.name}
      </span>
    );
  } else {
    title = (
      <button
        type="button"
        className="bookmark-name bookmark-file"
        title={t('bookmarks.download', { name: bookmark.filename })}
        onClick={() => {
          void actions.click(bookmark);
          void actions.download(bookmark);
        }}
        data-testid="bookmark-open"
      >
        {bookmark.name}
      </button>
    );
  }

  return (
    <li
      className="bookmark-row"
      data-testid="bookmark-row"
      data-bookmark-id={bookmark.id}
      draggable={Boolean(drag) && editing === null}
      {...drag}
    >
      {drag ? <HolderOutlined className="bookmark-grip" /> : null}
      <span className={`bookmark-icon bookmark-icon-${bookmark.type}`}>{iconOf(bookmark)}</span>
      <div className="bookmark-main">
        {title}
        <div className="bookmark-meta">
          <span className="bookmark-detail" data-testid="bookmark-detail">
            {detailOf(bookmark)}
          </span>
          <Tooltip title={t('bookmarks.clicks', { count: bookmark.click_count })}>
            <span className="bookmark-clicks" data-testid="bookmark-clicks">
              <EyeOutlined /> {bookmark.click_count}
            </span>
          </Tooltip>
        </div>
      </div>
      {canEdit && editing === null ? (
        <div className="bookmark-tools">
          <Tooltip title={t('bookmarks.rename')}>
            <Button
              size="small"
              type="text"
              icon={<EditOutlined />}
              aria-label={t('bookmarks.rename')}
              onClick={() => setEditing(bookmark.name)}
              data-testid="bookmark-rename"
            />
          </Tooltip>
          <Tooltip title={t('bookmarks.moveUp')}>
            <Button
              size="small"
              type="text"
              icon={<ArrowUpOutlined />}
              aria-label={t('bookmarks.moveUp')}
              disabled={place === 1}
              onClick={() => void actions.move(bookmark, place - 1)}
              data-testid="bookmark-up"
            />
          </Tooltip>
          <Tooltip title={t('bookmarks.moveDown')}>
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined />}
              aria-label={t('bookmarks.moveDown')}
              disabled={place === count}
              onClick={() => void actions.move(bookmark, place + 1)}
              data-testid="bookmark-down"
            />
          </Tooltip>
          <Popconfirm
            title={t('bookmarks.deleteConfirm', { name: bookmark.name })}
            okText={t('bookmarks.delete')}
            okButtonProps={{ danger: true, ...{ 'data-testid': 'bookmark-delete-confirm' } }}
            cancelText={t('common.cancel')}
            onConfirm={() => actions.remove(bookmark)}
          >
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('bookmarks.delete')}
              data-testid="bookmark-delete"
            />
          </Popconfirm>
        </div>
      ) : null}
    </li>
  );
}
