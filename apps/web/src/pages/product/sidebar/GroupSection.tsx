import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CaretDownOutlined,
  CaretRightOutlined,
  CloudUploadOutlined,
  DeleteOutlined,
  EditOutlined,
  MoreOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface GroupMenu {
  /** Picks files to upload into this group. */
  onUpload: () => void;
  onRename: () => void;
  /** Null at the first place. */
  onMoveUp: (() => void) | null;
  /** Null at the last place. */
  onMoveDown: (() => void) | null;
  onDelete: () => void;
}

/**
 * A group of documents (or the ungrouped ones, with no menu): a header that folds it, its count, and for
 * editors a menu to rename, move and delete it; its documents below.
 */
export function GroupSection({
  groupId,
  name,
  count,
  collapsed,
  onToggle,
  menu,
  children,
}: {
  groupId: string;
  name: string;
  count: number;
  collapsed: boolean;
  onToggle: () => void;
  menu: GroupMenu | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const items: MenuProps['items'] = menu
    ? [
        {
          key: 'upload',
          icon: <CloudUploadOutlined />,
          label: <span data-testid="doc-group-upload">{t('product.group.uploadHere')}</span>,
        },
        {
          key: 'rename',
          icon: <EditOutlined />,
          label: <span data-testid="doc-group-rename">{t('product.group.rename')}</span>,
        },
        {
          key: 'up',
          icon: <ArrowUpOutlined />,
          disabled: !menu.onMoveUp,
          label: <span data-testid="doc-group-up">{t('product.group.moveUp')}</span>,
        },
        {
          key: 'down',
          icon: <ArrowDownOutlined />,
          disabled: !menu.onMoveDown,
          label: <span data-testid="doc-group-down">{t('product.group.moveDown')}</span>,
        },
        { type: 'divider' },
        {
          key: 'delete',
          icon: <DeleteOutlined />,
          danger: true,
          label: <span data-testid="doc-group-delete">{t('product.group.delete')}</span>,
        },
      ]
    : [];
  const onMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'upload') menu?.onUpload();
    else if (key === 'rename') menu?.onRename();
    else if (key === 'up') menu?.onMoveUp?.();
    else if (key === 'down') menu?.onMoveDown?.();
    else if (key === 'delete') menu?.onDelete();
  };
  return (
    <section className="product-group" data-testid="doc-group" data-group-id={groupId} aria-label={name}>
      <div className="product-group-head">
        <button
          type="button"
          className="product-group-toggle"
          onClick={onToggle}
          aria-expanded={!collapsed}
          data-testid="doc-group-toggle"
        >
          {collapsed ? <CaretRightOutlined /> : <CaretDownOutlined />}
          <span className="product-group-name" title={name} data-testid="doc-group-name">
            {name}
          </span>
          <span className="product-group-count">{count}</span>
        </button>
        {menu ? (
          <Dropdown trigger={['click']} menu={{ items, onClick: onMenu }}>
            <Button
              type="text"
              size="small"
              className="product-more"
              icon={<MoreOutlined />}
              aria-label={t('product.group.actions', { name })}
              data-testid="doc-group-actions"
            />
          </Dropdown>
        ) : null}
      </div>
      {collapsed ? null : children}
    </section>
  );
}
