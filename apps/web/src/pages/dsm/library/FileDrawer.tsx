import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { type DsmFile, type DsmFolder, ruleMessage, tokenValueSchemas } from '@ferry/shared';
import { Alert, Button, Drawer, Popconfirm, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../components/hooks';
import { TokenPreview } from '../tokens/TokenPreview';
import { ValueEditor } from '../tokens/ValueEditor';
import { DocPage } from './DocPage';
import { colorOf } from './folderTree';
import { PictureList } from './PictureList';

export interface FileChanges {
  rename: () => void;
  remove: () => Promise<boolean>;
  move: (folderId: string | null) => Promise<boolean>;
  update: (change: { package_info?: Record<string, unknown>; content?: string }) => Promise<boolean>;
}

/** A colour's or text style's value: shown, and for editors edited and checked against the token rule. */
function StyleValue({
  file,
  canEdit,
  onSave,
}: {
  file: DsmFile;
  canEdit: boolean;
  onSave: FileChanges['update'];
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const kind = file.type === 'color' ? 'color' : 'typography';
  const stored = kind === 'color' ? colorOf(file) : file.package_info;
  const [value, setValue] = useState<unknown>(stored);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setValue(stored), [stored]);
  const save = async () => {
    const parsed = tokenValueSchemas[kind].safeParse(value);
    if (!parsed.success) {
      setError(ruleMessage('token.value', lang));
      return;
    }
    setError(null);
    await onSave({
      package_info: kind === 'color' ? { color: parsed.data } : (parsed.data as Record<string, unknown>),
    });
  };
  return (
    <div className="dsm-style-value">
      <div className="dsm-style-preview">{value ? <TokenPreview kind={kind} value={value} /> : null}</div>
      {canEdit ? (
        <>
          <ValueEditor kind={kind} value={value} onChange={setValue} />
          {error && <Alert type="error" showIcon message={error} data-testid="dsm-value-error" />}
          <Button type="primary" onClick={() => void save()} data-testid="dsm-file-save">
            {t('common.save')}
          </Button>
        </>
      ) : (
        <code data-testid="dsm-file-value">
          {kind === 'color' ? String(stored ?? '') : JSON.stringify(stored)}
        </code>
      )}
    </div>
  );
}

/** The open file: what it holds, and for editors its name, place, value or page. */
export function FileDrawer({
  file,
  teamId,
  folders,
  canEdit,
  changes,
  onClose,
}: {
  file: DsmFile | null;
  teamId: string;
  folders: DsmFolder[];
  canEdit: boolean;
  changes: FileChanges;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={file !== null}
      onClose={onClose}
      size={file?.type === 'doc' ? 820 : 440}
      title={<span data-testid="dsm-drawer-title">{file?.name}</span>}
      extra={
        file &&
        canEdit && (
          <Space>
            <Button
              size="small"
              icon={<EditOutlined />}
              onClick={changes.rename}
              data-testid="dsm-file-rename"
            >
              {t('dsm.file.rename')}
            </Button>
            <Popconfirm title={t('dsm.file.deleteConfirm')} onConfirm={() => void changes.remove()}>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('dsm.folder.delete')}
                data-testid="dsm-file-delete"
              />
            </Popconfirm>
          </Space>
        )
      }
      destroyOnHidden
    >
      {file && (
        <div className="dsm-drawer" data-testid="dsm-drawer">
          <div className="dsm-drawer-meta">
            <span>{t(`dsm.fileTypes.${file.type}`)}</span>
            {canEdit && (
              <Select
                size="small"
                className="dsm-move-select"
                aria-label={t('dsm.file.moveTo')}
                value={file.folder_id ?? ''}
                onChange={(next) => void changes.move(next || null)}
                options={[
                  { value: '', label: t('dsm.folder.top') },
                  ...folders.map((folder) => ({ value: folder.id, label: folder.name })),
                ]}
              />
            )}
          </div>
          {(file.type === 'component' || file.type === 'icon') && <PictureList file={file} teamId={teamId} />}
          {(file.type === 'color' || file.type === 'text_style') && (
            <StyleValue file={file} canEdit={canEdit} onSave={changes.update} />
          )}
          {file.type === 'doc' && (
            <DocPage
              content={file.content}
              canEdit={canEdit}
              onSave={(content) => changes.update({ content })}
            />
          )}
        </div>
      )}
    </Drawer>
  );
}
