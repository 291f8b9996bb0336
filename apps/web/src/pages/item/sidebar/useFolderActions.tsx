import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  DragOutlined,
  EditOutlined,
  FolderAddOutlined,
} from '@ant-design/icons';
import type { FolderNode } from '@ferry/shared';
import { App, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  createFolder,
  deleteFolder,
  moveProjects,
  updateFolder,
  updateFolderOrder,
} from '../../../api/projects';
import { NameDialog } from '../../../components/NameDialog';
import { useFailureToast } from '../../../components/useFailureToast';
import { itemPath } from '../../../state/redirect';
import { FolderPickerDialog } from '../FolderPickerDialog';
import {
  canHoldSubfolder,
  canMoveFolderTo,
  pathTo,
  refreshProjects,
  shiftedSiblingOrder,
  TopNodes,
  useFolderTree,
} from '../folders';

type Dialog =
  | { kind: 'create'; parent: FolderNode | null }
  | { kind: 'rename'; folder: FolderNode }
  | { kind: 'move'; folder: FolderNode }
  | null;

/**
 * Creating, renaming, moving and deleting folders, and dropping projects into them, for the sidebar's tree.
 * Editors only: the sidebar shows none of it to onlookers.
 */
export function useFolderActions(teamId: string) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const failure = useFailureToast(message);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tree = useFolderTree(teamId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  const confirmDelete = (folder: FolderNode) => {
    void modal.confirm({
      title: t('folders.deleteTitle', { name: folder.name }),
      content: t('folders.deleteText'),
      okText: t('folders.delete'),
      okButtonProps: { danger: true, 'data-testid': 'folder-delete-confirm' },
      cancelText: t('common.cancel'),
      onOk: () =>
        deleteFolder({ team_id: teamId, folder_id: folder.id })
          .then(() => {
            void message.success(t('folders.deleted', { name: folder.name }));
            // Looking at it, or at a folder inside it: go up to where its contents went.
            const selected = params.get('fid') ?? '';
            if (pathTo(tree.data, selected).some((node) => node.id === folder.id)) {
              const parent = pathTo(tree.data, folder.id).at(-2);
              navigate(itemPath(teamId, parent?.id ?? TopNodes.all));
            }
            refreshProjects(teamId);
          })
          .catch(failure),
    });
  };

  const shift = (folder: FolderNode, step: -1 | 1) => {
    const folderIds = shiftedSiblingOrder(tree.data, folder.id, step);
    if (!folderIds) return;
    updateFolderOrder({ team_id: teamId, folder_ids: folderIds })
      .then(() => refreshProjects(teamId))
      .catch(failure);
  };

  const menuFor = (folder: FolderNode): MenuProps => ({
    items: [
      ...(shiftedSiblingOrder(tree.data, folder.id, -1)
        ? [{ key: 'up', icon: <ArrowUpOutlined />, label: t('folders.moveUp') }]
        : []),
      ...(shiftedSiblingOrder(tree.data, folder.id, 1)
        ? [{ key: 'down', icon: <ArrowDownOutlined />, label: t('folders.moveDown') }]
        : []),
      ...(canHoldSubfolder(folder)
        ? [{ key: 'create', icon: <FolderAddOutlined />, label: t('folders.createInside') }]
        : []),
      { key: 'rename', icon: <EditOutlined />, label: t('folders.rename') },
      { key: 'move', icon: <DragOutlined />, label: t('folders.move') },
      { key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('folders.delete') },
    ].map((item) => ({
      ...item,
      label: <span data-testid={`folder-action-${item.key}`}>{item.label}</span>,
    })),
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'up' || key === 'down') shift(folder, key === 'up' ? -1 : 1);
      else if (key === 'create') setDialog({ kind: 'create', parent: folder });
      else if (key === 'rename') setDialog({ kind: 'rename', folder });
      else if (key === 'move') setDialog({ kind: 'move', folder });
      else confirmDelete(folder);
    },
  });

  const dropProject = (projectId: string, folder: FolderNode | null) => {
    moveProjects({ team_id: teamId, project_ids: [projectId], folder_id: folder?.id ?? null })
      .then(() => {
        void message.success(t('folders.droppedInto', { name: folder?.name ?? t('item.teamProjects') }));
        refreshProjects(teamId);
      })
      .catch(failure);
  };

  const saveName = async (name: string) => {
    if (dialog?.kind === 'rename') {
      await updateFolder({ team_id: teamId, folder_id: dialog.folder.id, name });
      void message.success(t('folders.renamed'));
    } else if (dialog?.kind === 'create') {
      const created = await createFolder({ team_id: teamId, name, parent_id: dialog.parent?.id ?? null });
      void message.success(t('folders.created', { name }));
      navigate(itemPath(teamId, created.id));
    }
    refreshProjects(teamId);
  };

  const moving = dialog?.kind === 'move' ? dialog.folder : null;
  const moveFolder = async (parentId: string | null) => {
    if (!moving) return;
    await updateFolder({ team_id: teamId, folder_id: moving.id, parent_id: parentId });
    void message.success(t('folders.moved', { name: moving.name }));
    refreshProjects(teamId);
  };

  const dialogs = (
    <>
      <NameDialog
        open={dialog?.kind === 'create' || dialog?.kind === 'rename'}
        title={dialog?.kind === 'rename' ? t('folders.renameTitle') : t('folders.createTitle')}
        label={t('folders.name')}
        initialName={dialog?.kind === 'rename' ? dialog.folder.name : ''}
        testId="folder-name"
        onSubmit={saveName}
        onClose={close}
      />
      <FolderPickerDialog
        teamId={teamId}
        open={moving !== null}
        title={t('folders.moveTitle', { name: moving?.name ?? '' })}
        isAllowed={(parent) => moving !== null && canMoveFolderTo(moving, parent, teamId)}
        onPick={moveFolder}
        onClose={close}
      />
    </>
  );

  return {
    menuFor,
    dropProject,
    createIn: (parent: FolderNode | null) => setDialog({ kind: 'create', parent }),
    dialogs,
  };
}
