import {
  CloseCircleFilled,
  DeleteOutlined,
  EditOutlined,
  FileExcelOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileWordOutlined,
  FolderOutlined,
  LoadingOutlined,
  MoreOutlined,
  ProjectOutlined,
} from '@ant-design/icons';
import type { DocumentKind } from '@ferry/shared';
import { Button, Dropdown, type MenuProps, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentSummary } from '../../../api/documents';

const KIND_ICONS: Record<DocumentKind, ReactNode> = {
  pdf: <FilePdfOutlined />,
  word: <FileWordOutlined />,
  excel: <FileExcelOutlined />,
  ppt: <FilePptOutlined />,
  axure: <ProjectOutlined />,
};

export function KindIcon({ kind }: { kind: DocumentKind }) {
  const { t } = useTranslation();
  return (
    <span className={`product-kind product-kind-${kind}`} title={t(`product.kind.${kind}`)}>
      {KIND_ICONS[kind]}
    </span>
  );
}

/** What the row says of a document that cannot be shown yet, or at all. */
function DocumentStatus({ doc }: { doc: DocumentSummary }) {
  const { t } = useTranslation();
  if (doc.status === 'processing')
    return (
      <Tooltip title={t('product.status.processing')}>
        <LoadingOutlined className="product-doc-status is-processing" data-testid="doc-processing" />
      </Tooltip>
    );
  if (doc.status === 'failed')
    return (
      <Tooltip title={doc.fail_message ?? t('product.status.failed')}>
        <CloseCircleFilled
          className="product-doc-status is-failed"
          aria-label={doc.fail_message ?? t('product.status.failed')}
          data-testid="doc-failed"
        />
      </Tooltip>
    );
  if (doc.status === 'unavailable')
    return (
      <Tooltip title={t('product.status.unavailableHint')}>
        <span className="product-doc-status is-unavailable" data-testid="doc-unavailable">
          {t('product.status.unavailable')}
        </span>
      </Tooltip>
    );
  return null;
}

export interface DocumentMenu {
  /** The groups a document may move to, in their order. */
  groups: { id: string; name: string }[];
  onRename: () => void;
  onMove: (groupId: string) => void;
  /** The latest version alone (offered when there are later versions than the first). */
  onDeleteVersion: () => void;
  onDelete: () => void;
}

const UNGROUPED = '';

/**
 * One document in the sidebar: its kind, name, version and state. Selecting it opens it; editors get a menu
 * to rename it, move it to another group and delete its latest version or the whole document.
 */
export function DocumentRow({
  doc,
  selected,
  onSelect,
  menu,
}: {
  doc: DocumentSummary;
  selected: boolean;
  onSelect: () => void;
  menu: DocumentMenu | null;
}) {
  const { t } = useTranslation();
  const current = doc.group_id ?? UNGROUPED;
  const items: MenuProps['items'] = menu
    ? [
        {
          key: 'rename',
          icon: <EditOutlined />,
          label: <span data-testid="doc-rename">{t('product.doc.rename')}</span>,
        },
        {
          key: 'move',
          icon: <FolderOutlined />,
          label: <span data-testid="doc-move">{t('product.doc.moveTo')}</span>,
          children: [
            { key: `to:${UNGROUPED}`, label: t('product.ungrouped'), disabled: current === UNGROUPED },
            ...menu.groups.map((group) => ({
              key: `to:${group.id}`,
              label: <span data-testid="doc-move-target">{group.name}</span>,
              disabled: current === group.id,
            })),
          ],
        },
        { type: 'divider' },
        ...(doc.version > 1
          ? [
              {
                key: 'deleteVersion',
                icon: <DeleteOutlined />,
                danger: true,
                label: (
                  <span data-testid="doc-delete-version">
                    {t('product.doc.deleteVersion', { version: doc.version })}
                  </span>
                ),
              },
            ]
          : []),
        {
          key: 'delete',
          icon: <DeleteOutlined />,
          danger: true,
          label: <span data-testid="doc-delete">{t('product.doc.delete')}</span>,
        },
      ]
    : [];
  const onMenu: MenuProps['onClick'] = ({ key, domEvent }) => {
    domEvent.stopPropagation();
    if (!menu) return;
    if (key === 'rename') menu.onRename();
    else if (key === 'deleteVersion') menu.onDeleteVersion();
    else if (key === 'delete') menu.onDelete();
    else if (key.startsWith('to:')) menu.onMove(key.slice(3));
  };

  return (
    <li
      className={`product-doc${selected ? ' is-selected' : ''}${doc.status === 'failed' ? ' is-failed' : ''}`}
      data-testid="doc-row"
      data-doc-id={doc.id}
      data-status={doc.status}
    >
      <button
        type="button"
        className="product-doc-open"
        onClick={onSelect}
        aria-current={selected ? 'true' : undefined}
        data-testid="doc-open"
      >
        <KindIcon kind={doc.kind} />
        <span className="product-doc-name" title={doc.name} data-testid="doc-row-name">
          {doc.name}
        </span>
        {doc.version > 1 ? (
          <span className="product-doc-version" data-testid="doc-row-version">
            v{doc.version}
          </span>
        ) : null}
        <DocumentStatus doc={doc} />
      </button>
      {menu ? (
        <Dropdown trigger={['click']} menu={{ items, onClick: onMenu }}>
          <Button
            type="text"
            size="small"
            className="product-more"
            icon={<MoreOutlined />}
            aria-label={t('product.doc.actions', { name: doc.name })}
            data-testid="doc-actions"
          />
        </Dropdown>
      ) : null}
    </li>
  );
}
