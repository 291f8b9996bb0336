import {
  CloseOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  ExportOutlined,
  FolderAddOutlined,
  FolderOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StageSection } from './stageModel';

export type SelectionAction = 'rename' | 'new-section' | 'copy' | 'move' | 'share' | 'delete' | 'clear';

/** What can be done to the selected designs; it floats over the bottom of the stage while anything is selected. */
export function SelectionBar({
  count,
  canEdit,
  sections,
  onAction,
  onMoveToSection,
}: {
  count: number;
  canEdit: boolean;
  sections: readonly StageSection[];
  onAction: (action: SelectionAction) => void;
  onMoveToSection: (sectionId: string) => void;
}) {
  const { t } = useTranslation();
  if (count === 0) return null;
  const tool = (action: SelectionAction, icon: React.ReactNode, label: string, disabled = false) => (
    <Tooltip title={disabled ? t('stage.selection.renameOne') : undefined}>
      <Button
        type="text"
        icon={icon}
        disabled={disabled}
        onClick={() => onAction(action)}
        data-testid={`selection-${action}`}
      >
        {label}
      </Button>
    </Tooltip>
  );
  return (
    <div className="stage-selection-bar" data-testid="selection-bar">
      <span className="stage-selection-count" data-testid="selection-count">
        {t('stage.selection.count', { count })}
      </span>
      {canEdit ? (
        <>
          {tool('rename', <EditOutlined />, t('stage.selection.rename'), count !== 1)}
          <Dropdown
            trigger={['click']}
            menu={{
              items: sections.map((section) => ({
                key: section.id,
                label: (
                  <span
                    style={{ paddingLeft: section.depth * 16 }}
                    data-testid="selection-section-option"
                    data-section-name={section.name}
                  >
                    {section.name}
                  </span>
                ),
              })),
              onClick: ({ key }) => onMoveToSection(key),
            }}
          >
            <Button type="text" icon={<FolderOutlined />} data-testid="selection-to-section">
              {t('stage.selection.toSection')}
            </Button>
          </Dropdown>
          {tool('new-section', <FolderAddOutlined />, t('stage.selection.newSection'))}
        </>
      ) : null}
      {tool('copy', <CopyOutlined />, t('stage.selection.copy'))}
      {canEdit ? tool('move', <ExportOutlined />, t('stage.selection.move')) : null}
      {canEdit ? tool('share', <ShareAltOutlined />, t('shareManage.openSelection')) : null}
      {canEdit ? (
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          onClick={() => onAction('delete')}
          data-testid="selection-delete"
        >
          {t('stage.selection.delete')}
        </Button>
      ) : null}
      <Button
        type="text"
        className="stage-selection-clear"
        icon={<CloseOutlined />}
        aria-label={t('stage.selection.clear')}
        onClick={() => onAction('clear')}
        data-testid="selection-clear"
      />
    </div>
  );
}
