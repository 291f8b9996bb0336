import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  DeleteOutlined,
  EditOutlined,
  FolderOpenOutlined,
  LogoutOutlined,
  SettingOutlined,
  TagsOutlined,
} from '@ant-design/icons';
import {
  canQuitProject,
  type FolderNode,
  isContributor,
  type ProjectCard,
  type TeamRole,
} from '@ferry/shared';
import { App, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { moveProjects, quitProject, updateProject, updateProjectOrder } from '../../api/projects';
import { DeleteProjectDialog } from '../../components/DeleteProjectDialog';
import { NameDialog } from '../../components/NameDialog';
import { useFailureToast } from '../../components/useFailureToast';
import { findTeam } from '../../state/session';
import { projectSettingPath } from '../project-setting/paths';
import { FolderPickerDialog } from './FolderPickerDialog';
import { refreshProjects, swapWithNeighbour } from './folders';
import { ProjectGroupDialog } from './groups/ProjectGroupDialog';

type Dialog = { kind: 'rename' | 'move' | 'groups' | 'delete'; project: ProjectCard } | null;

/** What the caller may do to a project, from the abilities the server sent and their team role. */
export function projectMenuKeys(project: ProjectCard, teamRole: TeamRole | undefined): string[] {
  const keys: string[] = [];
  if (project.abilities.can_edit) keys.push('rename', 'move');
  if (teamRole && isContributor(teamRole)) keys.push('groups');
  keys.push('settings');
  if (teamRole && canQuitProject(teamRole, project.project_role)) keys.push('quit');
  if (project.abilities.can_delete) keys.push('delete');
  return keys;
}

type Step = -1 | 1;
const STEPS: Record<string, Step> = { earlier: -1, later: 1 };

/**
 * The card menu of the project list and the dialogs behind it: rename, move to a folder, groups, settings,
 * leave and delete. `menuFor` answers the menu of one card; `dialogs` is rendered once by the page.
 */
export function useProjectActions(teamId: string, orderedIds: string[] | null = null) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const failure = useFailureToast(message);
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const teamRole = findTeam(teamId)?.role.type;
  const close = () => setDialog(null);

  const confirmQuit = (project: ProjectCard) => {
    void modal.confirm({
      title: t('projects.quitTitle', { name: project.name }),
      content: t('projects.quitText'),
      okText: t('projects.quit'),
      okButtonProps: { danger: true, 'data-testid': 'project-quit-confirm' },
      cancelText: t('common.cancel'),
      onOk: () =>
        quitProject({ team_id: teamId, project_id: project.project_id })
          .then(() => {
            void message.success(t('projects.quitDone', { name: project.name }));
            refreshProjects(teamId);
          })
          .catch(failure),
    });
  };

  const labels: Record<string, { icon: React.ReactNode; danger?: boolean }> = {
    earlier: { icon: <ArrowLeftOutlined /> },
    later: { icon: <ArrowRightOutlined /> },
    rename: { icon: <EditOutlined /> },
    move: { icon: <FolderOpenOutlined /> },
    groups: { icon: <TagsOutlined /> },
    settings: { icon: <SettingOutlined /> },
    quit: { icon: <LogoutOutlined />, danger: true },
    delete: { icon: <DeleteOutlined />, danger: true },
  };

  // In the default order the cards shown can be moved a place earlier or later (update_project_order).
  const reorderKeys = (project: ProjectCard) =>
    orderedIds && project.abilities.can_edit
      ? Object.keys(STEPS).filter((key) => swapWithNeighbour(orderedIds, project.project_id, STEPS[key]))
      : [];
  const reorder = (project: ProjectCard, step: Step) => {
    const projectIds = orderedIds && swapWithNeighbour(orderedIds, project.project_id, step);
    if (!projectIds) return;
    updateProjectOrder({ team_id: teamId, project_ids: projectIds })
      .then(() => refreshProjects(teamId))
      .catch(failure);
  };

  const menuFor = (project: ProjectCard): MenuProps => ({
    items: [...reorderKeys(project), ...projectMenuKeys(project, teamRole)].map((key) => ({
      key,
      icon: labels[key].icon,
      danger: labels[key].danger,
      label: <span data-testid={`project-action-${key}`}>{t(`projects.menu.${key}`)}</span>,
    })),
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key in STEPS) reorder(project, STEPS[key]);
      else if (key === 'settings') navigate(projectSettingPath(teamId, project.project_id));
      else if (key === 'quit') confirmQuit(project);
      else setDialog({ kind: key as NonNullable<Dialog>['kind'], project });
    },
  });

  const current = dialog?.project;
  const rename = async (name: string) => {
    if (!current) return;
    await updateProject({ team_id: teamId, project_id: current.project_id, name });
    void message.success(t('projects.renamed'));
    refreshProjects(teamId);
  };
  const move = async (folderId: string | null) => {
    if (!current) return;
    await moveProjects({ team_id: teamId, project_ids: [current.project_id], folder_id: folderId });
    void message.success(t('projects.moved', { name: current.name }));
    refreshProjects(teamId);
  };
  // A project can go anywhere but where it already is.
  const notHere = (folder: FolderNode | null) => (folder?.id ?? null) !== (current?.folder_id ?? null);

  const dialogs = (
    <>
      <NameDialog
        open={dialog?.kind === 'rename'}
        title={t('projects.renameTitle')}
        label={t('projects.name')}
        initialName={current?.name}
        testId="project-rename"
        onSubmit={rename}
        onClose={close}
      />
      <FolderPickerDialog
        teamId={teamId}
        open={dialog?.kind === 'move'}
        title={t('projects.moveTitle', { name: current?.name ?? '' })}
        isAllowed={notHere}
        onPick={move}
        onClose={close}
      />
      {current ? (
        <ProjectGroupDialog
          teamId={teamId}
          projectId={current.project_id}
          open={dialog?.kind === 'groups'}
          onClose={close}
        />
      ) : null}
      <DeleteProjectDialog
        project={dialog?.kind === 'delete' ? (current ?? null) : null}
        onClose={close}
        onDeleted={(project) => {
          void message.success(t('projects.deleted', { name: project.name }));
          refreshProjects(teamId);
        }}
      />
    </>
  );
  return { menuFor, dialogs };
}
