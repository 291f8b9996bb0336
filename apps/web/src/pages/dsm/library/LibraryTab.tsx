import { AppstoreAddOutlined, DownOutlined, PlusOutlined } from '@ant-design/icons';
import { type DsmFolder, type DsmProjectDetail, dsmNameSchema } from '@ferry/shared';
import { App, Button, Dropdown, Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DsmScope, dsmApi } from '../../../api/dsm';
import { useLang } from '../../../components/hooks';
import { NameDialog } from '../../../components/NameDialog';
import { schemaRule } from '../../../forms/rules';
import type { DsmView } from '../paths';
import { refreshDsm, useDsmChange } from '../useDsm';
import { FileCard } from './FileCard';
import { FileDrawer } from './FileDrawer';
import { type FolderAction, FolderTree } from './FolderTree';
import { filesIn } from './folderTree';
import { MoveFolderDialog } from './MoveFolderDialog';
import { NewStyleDialog, type StyleKind } from './NewStyleDialog';

/** What the name dialog is naming now. */
type Naming =
  | { kind: 'new-folder'; parentId: string | null }
  | { kind: 'rename-folder'; folder: DsmFolder }
  | { kind: 'new-doc' }
  | { kind: 'rename-file'; fileId: string; name: string };

/** The library: folders on the left, the open folder's files as cards on the right, the open file in a drawer. */
export function LibraryTab({
  scope,
  detail,
  canEdit,
  folderId,
  fileId,
  onOpen,
}: {
  scope: DsmScope;
  detail: DsmProjectDetail;
  canEdit: boolean;
  folderId?: string;
  fileId?: string;
  onOpen: (at: Pick<DsmView, 'folder' | 'file'>, replace?: boolean) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const { modal } = App.useApp();
  const change = useDsmChange(scope);
  const [naming, setNaming] = useState<Naming | null>(null);
  const [moving, setMoving] = useState<DsmFolder | null>(null);
  const [newStyle, setNewStyle] = useState<StyleKind | null>(null);
  const folders = detail.dsm_folders;
  // A folder that is gone (deleted elsewhere) shows the top.
  const folder = folders.find((candidate) => candidate.id === folderId) ?? null;
  const current = folder?.id ?? null;
  const files = filesIn(detail.dsm_files, current);
  const openFile = detail.dsm_files.find((file) => file.id === fileId) ?? null;

  const onFolderAction = (action: FolderAction, target: DsmFolder | null) => {
    if (action === 'create') setNaming({ kind: 'new-folder', parentId: target?.id ?? null });
    else if (action === 'rename' && target) setNaming({ kind: 'rename-folder', folder: target });
    else if (action === 'move' && target) setMoving(target);
    else if (action === 'delete' && target) {
      modal.confirm({
        title: t('dsm.folder.deleteTitle', { name: target.name }),
        content: t('dsm.folder.deleteHint'),
        okText: t('dsm.folder.delete'),
        okButtonProps: { danger: true, ...({ 'data-testid': 'dsm-folder-delete-ok' } as object) },
        cancelText: t('common.cancel'),
        onOk: async () => {
          if (await change(() => dsmApi.deleteFolders(scope, [target.id])))
            if (current === target.id) onOpen({}, true);
        },
      });
    }
  };

  // Refusals of a name show under the field (NameDialog), so these throw instead of toasting.
  const submitName = async (name: string) => {
    if (!naming) return;
    if (naming.kind === 'new-folder') {
      const [made] = await dsmApi.createFolders(scope, [{ name, parentId: naming.parentId }]);
      await refreshDsm(scope);
      if (made) onOpen({ folder: made.id });
    } else if (naming.kind === 'rename-folder') {
      await dsmApi.updateFolder(scope, naming.folder.id, { name });
      await refreshDsm(scope);
    } else if (naming.kind === 'new-doc') {
      const [made] = await dsmApi.createFiles(scope, [
        { name, type: 'doc', folder_id: current, content: '' },
      ]);
      await refreshDsm(scope);
      if (made) onOpen({ folder: current ?? undefined, file: made.id });
    } else {
      await dsmApi.updateFile(scope, naming.fileId, { name });
      await refreshDsm(scope);
    }
  };
  const namingTitle = naming
    ? t(
        {
          'new-folder': 'dsm.folder.createTitle',
          'rename-folder': 'dsm.folder.renameTitle',
          'new-doc': 'dsm.new.doc',
          'rename-file': 'dsm.file.renameTitle',
        }[naming.kind],
      )
    : '';
  const namingInitial =
    naming?.kind === 'rename-folder' ? naming.folder.name : naming?.kind === 'rename-file' ? naming.name : '';

  const newMenu = {
    items: [
      { key: 'folder', label: <span data-testid="dsm-new-folder">{t('dsm.new.folder')}</span> },
      { key: 'color', label: <span data-testid="dsm-new-color">{t('dsm.new.color')}</span> },
      { key: 'text_style', label: <span data-testid="dsm-new-text-style">{t('dsm.new.textStyle')}</span> },
      { key: 'doc', label: <span data-testid="dsm-new-doc">{t('dsm.new.doc')}</span> },
    ],
    onClick: ({ key }: { key: string }) => {
      if (key === 'folder') setNaming({ kind: 'new-folder', parentId: current });
      else if (key === 'doc') setNaming({ kind: 'new-doc' });
      else setNewStyle(key as StyleKind);
    },
  };

  return (
    <div className="dsm-library" data-testid="dsm-library">
      <FolderTree
        folders={folders}
        selected={current}
        canEdit={canEdit}
        onSelect={(id) => onOpen({ folder: id ?? undefined })}
        onAction={onFolderAction}
        onDropFolder={(id, parentId, index) =>
          void change(() => dsmApi.updateFolder(scope, id, { parentId, ...(index ? { index } : {}) }))
        }
      />
      <section className="dsm-files">
        <header className="dsm-files-head">
          <h2 data-testid="dsm-folder-title">{folder?.name ?? t('dsm.folder.top')}</h2>
          <span className="dsm-muted">{t('dsm.file.count', { count: files.length })}</span>
          {canEdit && (
            <Dropdown menu={newMenu} trigger={['click']}>
              <Button type="primary" icon={<PlusOutlined />} data-testid="dsm-new">
                {t('dsm.new.button')} <DownOutlined />
              </Button>
            </Dropdown>
          )}
        </header>
        {files.length === 0 ? (
          <Empty
            className="dsm-files-empty"
            image={<AppstoreAddOutlined className="dsm-empty-icon" />}
            description={
              <span data-testid="dsm-files-empty">
                <strong>{t('dsm.file.emptyTitle')}</strong>
                <br />
                {t(canEdit ? 'dsm.file.emptyEditor' : 'dsm.file.emptyViewer')}
              </span>
            }
          />
        ) : (
          <div className="dsm-file-grid" data-testid="dsm-file-grid">
            {files.map((file) => (
              <FileCard
                key={file.id}
                file={file}
                onOpen={() => onOpen({ folder: current ?? undefined, file: file.id })}
              />
            ))}
          </div>
        )}
      </section>
      <FileDrawer
        file={openFile}
        teamId={scope.team_id}
        folders={folders}
        canEdit={canEdit}
        onClose={() => onOpen({ folder: current ?? undefined })}
        changes={{
          rename: () =>
            openFile && setNaming({ kind: 'rename-file', fileId: openFile.id, name: openFile.name }),
          remove: async () => {
            if (!openFile) return false;
            const done = await change(() => dsmApi.deleteFiles(scope, [openFile.id]));
            if (done) onOpen({ folder: current ?? undefined }, true);
            return done;
          },
          move: async (target) => {
            if (!openFile) return false;
            const done = await change(() => dsmApi.updateFile(scope, openFile.id, { folder_id: target }));
            if (done) onOpen({ folder: target ?? undefined, file: openFile.id }, true);
            return done;
          },
          update: (fields) =>
            openFile ? change(() => dsmApi.updateFile(scope, openFile.id, fields)) : Promise.resolve(false),
        }}
      />
      <NameDialog
        open={naming !== null}
        title={namingTitle}
        label={t('dsm.name')}
        initialName={namingInitial}
        placeholder={t('dsm.namePlaceholder')}
        testId="dsm-name"
        rules={[schemaRule(dsmNameSchema, lang)]}
        maxLength={120}
        onSubmit={submitName}
        onClose={() => setNaming(null)}
      />
      <MoveFolderDialog
        folder={moving}
        folders={folders}
        onSubmit={(parentId) =>
          moving ? change(() => dsmApi.updateFolder(scope, moving.id, { parentId })) : Promise.resolve(false)
        }
        onClose={() => setMoving(null)}
      />
      <NewStyleDialog
        kind={newStyle}
        onClose={() => setNewStyle(null)}
        onSubmit={(name, packageInfo) =>
          change(() =>
            dsmApi.createFiles(scope, [
              { name, type: newStyle ?? 'color', folder_id: current, package_info: packageInfo },
            ]),
          )
        }
      />
    </div>
  );
}
