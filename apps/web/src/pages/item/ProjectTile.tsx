import { AppstoreOutlined, DesktopOutlined, MobileOutlined, MoreOutlined } from '@ant-design/icons';
import type { ProjectCard, ProjectType } from '@ferry/shared';
import { Button, Dropdown, type MenuProps, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../components/hooks';
import { startProjectDrag } from './dragging';

const TYPE_ICONS: Record<ProjectType, React.ReactNode> = {
  mobile: <MobileOutlined />,
  web: <DesktopOutlined />,
  dsm: <AppstoreOutlined />,
};

const TYPE_COLORS: Record<ProjectType, string> = { mobile: 'blue', web: 'cyan', dsm: 'purple' };

export function formatDay(iso: string, lang: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString(lang, { year: 'numeric', month: 'short', day: 'numeric' });
}

/**
 * The project's cover, else its latest design's picture, else the background colour with the type icon.
 */
function Cover({ project }: { project: ProjectCard }) {
  const picture = project.cover || project.design_cover;
  if (picture) {
    return (
      <img
        className="project-tile-cover-image"
        src={picture}
        alt=""
        loading="lazy"
        width={480}
        height={360}
        data-testid="project-card-cover"
      />
    );
  }
  return (
    <span
      className={`project-tile-placeholder theme-${project.theme}`}
      style={{ background: project.background }}
      data-testid="project-cover-placeholder"
    >
      <span className="project-tile-placeholder-icon">{TYPE_ICONS[project.type] ?? TYPE_ICONS.mobile}</span>
    </span>
  );
}

/**
 * One project of the list: cover, name, type and last change. Clicking opens it; the menu in the corner holds
 * what the caller may do to it; an editor drags it onto a folder of the sidebar to move it there.
 */
export function ProjectTile({
  project,
  menu,
  onOpen,
}: {
  project: ProjectCard;
  menu: MenuProps | null;
  onOpen: (project: ProjectCard) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const draggable = project.abilities.can_edit;
  return (
    <li
      className="project-tile"
      data-testid="project-card"
      data-project-id={project.project_id}
      data-project-name={project.name}
      draggable={draggable}
      onDragStart={draggable ? (event) => startProjectDrag(event, project) : undefined}
    >
      <button
        type="button"
        className="project-tile-open"
        onClick={() => onOpen(project)}
        aria-label={t('projects.open', { name: project.name })}
        data-testid="project-open"
      >
        <span className="project-tile-cover">
          <Cover project={project} />
        </span>
        <span className="project-tile-body">
          <span className="project-tile-name" title={project.name} data-testid="project-name">
            {project.name}
          </span>
          <span className="project-tile-meta">
            <Tag
              variant="filled"
              color={TYPE_COLORS[project.type]}
              className="project-tile-type"
              data-testid="project-type"
            >
              {t(`projects.types.${project.type}`)}
            </Tag>
            <span className="project-tile-time">
              {t('projects.updated', { date: formatDay(project.update_time, lang) })}
            </span>
          </span>
        </span>
      </button>
      {menu ? (
        <Dropdown trigger={['click']} menu={menu} placement="bottomRight">
          <Button
            size="small"
            className="project-tile-more"
            icon={<MoreOutlined />}
            aria-label={t('projects.actions', { name: project.name })}
            data-testid="project-actions"
          />
        </Dropdown>
      ) : null}
    </li>
  );
}
