import { CaretDownOutlined, CaretRightOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { carriesProject, draggedProjectId } from '../dragging';

/**
 * One row of the sidebar: an optional caret, icon, name and count, with its actions at the end. A row with
 * `onDropProject` takes a project card dropped on it.
 */
export function SidebarRow({
  icon,
  label,
  count,
  level = 0,
  selected,
  expanded,
  onToggle,
  onSelect,
  onDropProject,
  actions,
  testId,
  nodeId,
}: {
  icon: React.ReactNode;
  label: string;
  count?: number;
  /** Indentation: 0 for the top nodes, 1 for top folders … */
  level?: number;
  selected: boolean;
  /** Undefined for rows that cannot expand. */
  expanded?: boolean;
  onToggle?: () => void;
  onSelect: () => void;
  onDropProject?: (projectId: string) => void;
  actions?: React.ReactNode;
  testId: string;
  nodeId?: string;
}) {
  const [dropping, setDropping] = useState(false);
  const dropHandlers = onDropProject
    ? {
        onDragOver: (event: React.DragEvent) => {
          if (!carriesProject(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'move';
          setDropping(true);
        },
        onDragLeave: () => setDropping(false),
        onDrop: (event: React.DragEvent) => {
          setDropping(false);
          const projectId = draggedProjectId(event);
          if (!projectId) return;
          event.preventDefault();
          onDropProject(projectId);
        },
      }
    : {};
  const classes = [
    'sidebar-row',
    selected ? 'is-selected' : '',
    dropping ? 'is-drop-target' : '',
    actions ? 'has-actions' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      className={classes}
      style={{ paddingLeft: 4 + level * 16 }}
      data-testid={testId}
      data-node-id={nodeId}
      {...dropHandlers}
    >
      {expanded === undefined ? (
        <span className="sidebar-row-caret" />
      ) : (
        <button
          type="button"
          className="sidebar-row-caret"
          onClick={onToggle}
          aria-expanded={expanded}
          aria-label={label}
          data-testid={`${testId}-toggle`}
        >
          {expanded ? <CaretDownOutlined /> : <CaretRightOutlined />}
        </button>
      )}
      <button
        type="button"
        className="sidebar-row-main"
        aria-current={selected ? 'page' : undefined}
        onClick={onSelect}
      >
        <span className="sidebar-row-icon">{icon}</span>
        <span className="sidebar-row-name" data-testid={`${testId}-name`}>
          {label}
        </span>
        {count !== undefined ? <span className="sidebar-row-count">{count}</span> : null}
      </button>
      {actions ? <span className="sidebar-row-actions">{actions}</span> : null}
    </div>
  );
}
