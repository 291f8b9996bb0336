import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CaretDownOutlined,
  CaretRightOutlined,
  DeleteOutlined,
  EditOutlined,
  FolderAddOutlined,
  MoreOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import { NO_SECTION_ID } from '@ferry/shared';
import { Dropdown, type MenuProps } from 'antd';
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StageSection } from './stageModel';

export type SectionMenuAction = 'rename' | 'add-child' | 'up' | 'down' | 'share' | 'delete';

/** A section's title bar: collapse, name, count; editors get its menu and may drop designs on it. */
export function SectionHeader({
  section,
  collapsed,
  canEdit,
  dropping,
  onToggle,
  onMenu,
  onDragOver,
  onDrop,
}: {
  section: StageSection;
  collapsed: boolean;
  canEdit: boolean;
  dropping: boolean;
  onToggle: () => void;
  onMenu: (action: SectionMenuAction) => void;
  onDragOver: (event: DragEvent) => void;
  onDrop: (event: DragEvent) => void;
}) {
  const { t } = useTranslation();
  const at = section.siblingIds.indexOf(section.id);
  const items: MenuProps['items'] = [
    {
      key: 'rename',
      icon: <EditOutlined />,
      label: <span data-testid="section-action-rename">{t('stage.section.rename')}</span>,
    },
    ...(section.canNest
      ? [
          {
            key: 'add-child',
            icon: <FolderAddOutlined />,
            label: <span data-testid="section-action-add-child">{t('stage.section.addChild')}</span>,
          },
        ]
      : []),
    {
      key: 'up',
      icon: <ArrowUpOutlined />,
      label: <span data-testid="section-action-up">{t('stage.section.moveUp')}</span>,
      disabled: at <= 0,
    },
    {
      key: 'down',
      icon: <ArrowDownOutlined />,
      label: <span data-testid="section-action-down">{t('stage.section.moveDown')}</span>,
      disabled: at < 0 || at >= section.siblingIds.length - 1,
    },
    {
      key: 'share',
      icon: <ShareAltOutlined />,
      label: <span data-testid="section-action-share">{t('shareManage.openSection')}</span>,
    },
    { type: 'divider' },
    {
      key: 'delete',
      icon: <DeleteOutlined />,
      label: <span data-testid="section-action-delete">{t('stage.section.delete')}</span>,
      danger: true,
    },
  ];
  const hasMenu = canEdit && section.id !== NO_SECTION_ID;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for dragged designs; its controls are buttons
    <div
      className={`stage-section-header${dropping ? ' is-drop-target' : ''}`}
      style={{ paddingLeft: section.depth * 24 }}
      data-testid="section-header"
      data-section-id={section.id}
      data-section-name={section.name}
      onDragOver={onDragOver}
      onDrop={onDrop}
    >
      <button
        type="button"
        className="stage-section-toggle"
        onClick={onToggle}
        aria-expanded={!collapsed}
        data-testid="section-toggle"
      >
        {collapsed ? <CaretRightOutlined /> : <CaretDownOutlined />}
        <span className="stage-section-name" data-testid="section-name">
          {section.name}
        </span>
        <span className="stage-section-count" data-testid="section-count">
          {section.imageIds.length === section.total
            ? section.total
            : `${section.imageIds.length} / ${section.total}`}
        </span>
      </button>
      {hasMenu ? (
        <Dropdown
          trigger={['click']}
          menu={{ items, onClick: ({ key }) => onMenu(key as SectionMenuAction) }}
        >
          <button
            type="button"
            className="stage-section-menu"
            aria-label={t('stage.section.actions')}
            data-testid="section-actions"
          >
            <MoreOutlined />
          </button>
        </Dropdown>
      ) : null}
    </div>
  );
}
