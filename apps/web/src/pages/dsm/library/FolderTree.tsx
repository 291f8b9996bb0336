import { FolderOutlined, MoreOutlined } from '@ant-design/icons';
import type { DsmFolder } from '@ferry/shared';
import { Button, Dropdown, Tree, type TreeProps } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FolderNodeData, folderTree, TOP_KEY } from './folderTree';

export type FolderAction = 'create' | 'rename' | 'move' | 'delete';

/**
 * The library's folders, nested under its top. Editors get each folder's menu (new subfolder, rename, move,
 * delete) and may drag a folder onto another or between two.
 */
export function FolderTree({
  folders,
  selected,
  canEdit,
  onSelect,
  onAction,
  onDropFolder,
}: {
  folders: DsmFolder[];
  selected: string | null;
  canEdit: boolean;
  onSelect: (folderId: string | null) => void;
  onAction: (action: FolderAction, folder: DsmFolder | null) => void;
  onDropFolder: (folderId: string, parentId: string | null, index?: number) => void;
}) {
  const { t } = useTranslation();
  // Folders are open unless folded: one made later shows at once.
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const expandedKeys = [TOP_KEY, ...folders.map((folder) => folder.id)].filter((key) => !folded.has(key));
  const menu = (folder: DsmFolder) => ({
    items: [
      { key: 'create', label: <span data-testid="dsm-folder-new-sub">{t('dsm.folder.newSub')}</span> },
      { key: 'rename', label: <span data-testid="dsm-folder-rename">{t('dsm.folder.rename')}</span> },
      { key: 'move', label: <span data-testid="dsm-folder-move">{t('dsm.folder.move')}</span> },
      {
        key: 'delete',
        danger: true,
        label: <span data-testid="dsm-folder-delete">{t('dsm.folder.delete')}</span>,
      },
    ],
    onClick: ({ key, domEvent }: { key: string; domEvent: { stopPropagation: () => void } }) => {
      domEvent.stopPropagation();
      onAction(key as FolderAction, folder);
    },
  });
  const toNode = (node: FolderNodeData): DataNode => ({
    key: node.key,
    title: (
      <span className="dsm-folder-row" data-testid="dsm-folder" data-name={node.folder.name}>
        <FolderOutlined className="dsm-folder-icon" />
        <span className="dsm-folder-name" data-testid="dsm-folder-name">
          {node.folder.name}
        </span>
        {canEdit && (
          <Dropdown menu={menu(node.folder)} trigger={['click']}>
            <Button
              size="small"
              type="text"
              className="dsm-folder-actions"
              icon={<MoreOutlined />}
              aria-label={t('dsm.folder.actions')}
              data-testid="dsm-folder-actions"
              onClick={(event) => event.stopPropagation()}
            />
          </Dropdown>
        )}
      </span>
    ),
    children: node.children.map(toNode),
  });
  const treeData: DataNode[] = [
    {
      key: TOP_KEY,
      title: (
        <span className="dsm-folder-row" data-testid="dsm-folder-top">
          {t('dsm.folder.top')}
        </span>
      ),
      children: folderTree(folders).map(toNode),
    },
  ];
  const onDrop: TreeProps['onDrop'] = ({ node, dragNode, dropToGap, dropPosition }) => {
    const dragged = String(dragNode.key);
    const target = String(node.key);
    if (!dropToGap) {
      onDropFolder(dragged, target === TOP_KEY ? null : target);
      return;
    }
    // Between two folders: the target's parent, placed after it (or first when dropped above it).
    const targetFolder = folders.find((folder) => folder.id === target);
    if (!targetFolder) return;
    const place = dropPosition < 0 ? targetFolder.index : targetFolder.index + 1;
    onDropFolder(dragged, targetFolder.parentId ?? null, Math.max(1, place));
  };
  return (
    <div className="dsm-folders" data-testid="dsm-folders">
      <div className="dsm-folders-head">
        <span>{t('dsm.folder.heading')}</span>
        {canEdit && (
          <Button
            size="small"
            type="link"
            onClick={() => onAction('create', null)}
            data-testid="dsm-folder-create"
          >
            {t('dsm.folder.create')}
          </Button>
        )}
      </div>
      <Tree
        className="dsm-folder-tree"
        blockNode
        expandedKeys={expandedKeys}
        onExpand={(keys) => {
          const open = new Set(keys.map(String));
          setFolded(
            new Set([TOP_KEY, ...folders.map((folder) => folder.id)].filter((key) => !open.has(key))),
          );
        }}
        draggable={canEdit ? { icon: false, nodeDraggable: (node) => node.key !== TOP_KEY } : false}
        allowDrop={({ dropNode, dropPosition }) => dropNode.key !== TOP_KEY || dropPosition === 0}
        treeData={treeData}
        selectedKeys={[selected ?? TOP_KEY]}
        onSelect={(keys) => {
          const key = keys[0];
          if (key !== undefined) onSelect(key === TOP_KEY ? null : String(key));
        }}
        onDrop={onDrop}
      />
    </div>
  );
}
