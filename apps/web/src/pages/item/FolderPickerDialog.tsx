import { FolderOutlined, HomeOutlined } from '@ant-design/icons';
import type { FolderNode } from '@ferry/shared';
import { Alert, Modal, Spin, Tree, type TreeDataNode } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FolderTree } from '../../api/projects';
import { formErrorText } from '../../forms/errors';
import { childrenOf, useFolderTree } from './folders';

/** The key of the top ("team projects") in the picker; choosing it answers null. */
const TOP_KEY = '__top__';

/**
 * Picks a destination folder from the team's tree, the top included. `isAllowed` greys out the folders that
 * cannot be chosen (the current one, a folder's own subtree, too deep). `onPick` makes the call; its refusal
 * (19033 into its own child, 19034 too deep …) shows in the dialog.
 */
export function FolderPickerDialog({
  teamId,
  open,
  title,
  isAllowed,
  onPick,
  onClose,
}: {
  teamId: string;
  open: boolean;
  title: string;
  isAllowed: (folder: FolderNode | null) => boolean;
  onPick: (folderId: string | null) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const tree = useFolderTree(open ? teamId : undefined);
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) {
      setChosen(null);
      setError(null);
    }
  }, [open]);

  const data = useMemo<TreeDataNode[]>(() => {
    const toNode = (folder: FolderNode): TreeDataNode => ({
      key: folder.id,
      icon: <FolderOutlined />,
      title: <span data-testid="folder-pick-option">{folder.name}</span>,
      disabled: !isAllowed(folder),
      children: childrenOf(folder).map(toNode),
    });
    return [
      {
        key: TOP_KEY,
        icon: <HomeOutlined />,
        title: <span data-testid="folder-pick-top">{t('item.teamProjects')}</span>,
        disabled: !isAllowed(null),
        children: childrenOf(tree.data as FolderTree | undefined).map(toNode),
      },
    ];
  }, [tree.data, isAllowed, t]);

  const confirm = async () => {
    if (chosen === null) return;
    setSaving(true);
    try {
      await onPick(chosen === TOP_KEY ? null : chosen);
      onClose();
    } catch (failure) {
      setError(formErrorText(failure, t('common.requestFailed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={t('folders.moveHere')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: chosen === null, 'data-testid': 'folder-pick-confirm' }}
      confirmLoading={saving}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
    >
      <div className="folder-picker" data-testid="folder-picker">
        {tree.isPending ? <Spin /> : null}
        {tree.data ? (
          <Tree
            showIcon
            blockNode
            defaultExpandAll
            treeData={data}
            selectedKeys={chosen ? [chosen] : []}
            onSelect={(keys) => {
              setChosen(keys.length ? String(keys[0]) : null);
              setError(null);
            }}
          />
        ) : null}
        {error ? <Alert className="folder-picker-error" type="error" showIcon title={error} /> : null}
      </div>
    </Modal>
  );
}
