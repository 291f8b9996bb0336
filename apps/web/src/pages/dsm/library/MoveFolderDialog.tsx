import type { DsmFolder } from '@ferry/shared';
import { Modal, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FolderNodeData, folderTree, folderWithDescendants, TOP_KEY } from './folderTree';

/** "Move to": another parent for a folder; itself and its subfolders are not offered. */
export function MoveFolderDialog({
  folder,
  folders,
  onSubmit,
  onClose,
}: {
  folder: DsmFolder | null;
  folders: DsmFolder[];
  onSubmit: (parentId: string | null) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<string>(TOP_KEY);
  const [saving, setSaving] = useState(false);
  useEffect(() => setTarget(folder?.parentId ?? TOP_KEY), [folder]);
  const blocked = folder ? folderWithDescendants(folders, folder.id) : new Set<string>();
  const toNode = (node: FolderNodeData): Record<string, unknown> => ({
    value: node.key,
    title: node.folder.name,
    disabled: blocked.has(node.key),
    children: node.children.map(toNode),
  });
  const treeData = [
    { value: TOP_KEY, title: t('dsm.folder.top'), children: folderTree(folders).map(toNode) },
  ];
  const submit = async () => {
    setSaving(true);
    const done = await onSubmit(target === TOP_KEY ? null : target);
    setSaving(false);
    if (done) onClose();
  };
  return (
    <Modal
      open={folder !== null}
      title={t('dsm.folder.moveTitle', { name: folder?.name ?? '' })}
      okText={t('dsm.folder.move')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'dsm-move-save' }}
    >
      <TreeSelect
        className="dsm-move-tree"
        value={target}
        onChange={setTarget}
        treeData={treeData}
        treeDefaultExpandAll
        style={{ width: '100%' }}
        data-testid="dsm-move-target"
      />
    </Modal>
  );
}
