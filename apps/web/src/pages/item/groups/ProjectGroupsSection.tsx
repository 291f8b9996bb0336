import { DeleteOutlined, EditOutlined, MoreOutlined, PlusOutlined, TagsOutlined } from '@ant-design/icons';
import { isContributor } from '@ferry/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Dropdown, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { groupKeys, type ProjectGroup, projectGroupsApi } from '../../../api/projectGroups';
import { projectKeys } from '../../../api/projects';
import { NameDialog } from '../../../components/NameDialog';
import { useFailureToast } from '../../../components/useFailureToast';
import { queryClient } from '../../../queryClient';
import { ALL_FOLDER, itemPath, Paths } from '../../../state/redirect';
import { findTeam, useSession } from '../../../state/session';
import { SidebarRow } from '../sidebar/SidebarRow';

/** The project list filtered by one group: /item?tid=…&fid=all&gid=… */
export function groupPath(teamId: string, groupId: string): string {
  return `${Paths.item}?${new URLSearchParams({ tid: teamId, fid: ALL_FOLDER, gid: groupId }).toString()}`;
}

/** The team's project groups (GET project/group), shared by the sidebar and the group dialog. */
export function useProjectGroups(teamId: string | undefined) {
  return useQuery({
    queryKey: groupKeys.list(teamId ?? ''),
    queryFn: () => projectGroupsApi.list(teamId ?? ''),
    enabled: Boolean(teamId),
  });
}

/** Groups and the project list both change when a group changes (the list may be filtered by it). */
export function refreshGroups(teamId: string): void {
  void queryClient.invalidateQueries({ queryKey: groupKeys.list(teamId) });
  void queryClient.invalidateQueries({ queryKey: projectKeys.all(teamId) });
}

/** Creating, renaming and deleting groups needs an editing team role, as the server's rule says. */
function useCanEditGroups(teamId: string | undefined): boolean {
  useSession();
  const role = findTeam(teamId)?.role.type;
  return role !== undefined && isContributor(role);
}

type Naming = { kind: 'create' } | { kind: 'rename'; group: ProjectGroup } | null;

/**
 * The sidebar section listing the team's project groups, in the sidebar's own rows. Selecting one opens the
 * project list filtered by it; editors create, rename and delete groups (deleting a group keeps its projects)
 * and drop project cards on a group to add them.
 */
export function ProjectGroupsSection({ teamId: givenTeamId }: { teamId?: string } = {}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const failure = useFailureToast(message);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { team } = useSession();
  const teamId = givenTeamId ?? team?.team_id;
  const canEdit = useCanEditGroups(teamId);
  const selected = params.get('gid');
  const groups = useProjectGroups(teamId);
  const [naming, setNaming] = useState<Naming>(null);

  const remove = useMutation({
    mutationFn: (group: ProjectGroup) =>
      projectGroupsApi.remove({ team_id: teamId ?? '', group_id: group.id }),
    onSuccess: (_answer, group) => {
      void message.success(t('groups.deleted', { name: group.name }));
      if (teamId) refreshGroups(teamId);
      if (teamId && selected === group.id) navigate(itemPath(teamId, ALL_FOLDER));
    },
    onError: failure,
  });

  if (!teamId) return null;

  const saveName = async (name: string) => {
    if (naming?.kind === 'rename') {
      await projectGroupsApi.update({ team_id: teamId, group_id: naming.group.id, name });
      void message.success(t('groups.renamed'));
    } else {
      const created = await projectGroupsApi.create({ team_id: teamId, name });
      void message.success(t('groups.created', { name }));
      navigate(groupPath(teamId, created.id));
    }
    refreshGroups(teamId);
  };

  // A project card dropped on a group joins it.
  const dropInto = (group: ProjectGroup, projectId: string) => {
    if (group.project_ids.includes(projectId)) return;
    projectGroupsApi.update({ team_id: teamId, group_id: group.id, add_projects: [projectId] }).then(() => {
      void message.success(t('groups.projectAdded', { name: group.name }));
      refreshGroups(teamId);
    }, failure);
  };

  const confirmDelete = (group: ProjectGroup) => {
    void modal.confirm({
      title: t('groups.deleteTitle', { name: group.name }),
      content: t('groups.deleteText'),
      okText: t('groups.delete'),
      okButtonProps: { danger: true, 'data-testid': 'group-delete-confirm' },
      cancelText: t('common.cancel'),
      onOk: () => remove.mutateAsync(group).catch(() => {}),
    });
  };

  const list = groups.data ?? [];
  return (
    <section className="groups-section" aria-label={t('groups.title')} data-testid="groups-section">
      <div className="groups-head">
        <span className="groups-title">{t('groups.title')}</span>
        {canEdit ? (
          <Button
            type="text"
            size="small"
            icon={<PlusOutlined />}
            aria-label={t('groups.create')}
            title={t('groups.create')}
            onClick={() => setNaming({ kind: 'create' })}
            data-testid="group-create"
          />
        ) : null}
      </div>
      {groups.isPending ? <Skeleton active title={false} paragraph={{ rows: 2 }} /> : null}
      {groups.isError ? <div className="groups-empty">{t('common.loadFailed')}</div> : null}
      {groups.isSuccess && list.length === 0 ? (
        <div className="groups-empty" data-testid="groups-empty">
          {t('groups.empty')}
        </div>
      ) : null}
      <div className="groups-list">
        {list.map((group) => (
          <SidebarRow
            key={group.id}
            icon={<TagsOutlined />}
            label={group.name}
            count={group.project_ids.length}
            selected={selected === group.id}
            onSelect={() => navigate(groupPath(teamId, group.id))}
            onDropProject={canEdit ? (projectId) => dropInto(group, projectId) : undefined}
            testId="group-item"
            nodeId={group.id}
            actions={
              canEdit ? (
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: [
                      {
                        key: 'rename',
                        icon: <EditOutlined />,
                        label: <span data-testid="group-rename">{t('groups.rename')}</span>,
                      },
                      {
                        key: 'delete',
                        icon: <DeleteOutlined />,
                        danger: true,
                        label: <span data-testid="group-delete">{t('groups.delete')}</span>,
                      },
                    ],
                    onClick: ({ key }) => {
                      if (key === 'rename') setNaming({ kind: 'rename', group });
                      else confirmDelete(group);
                    },
                  }}
                >
                  <Button
                    type="text"
                    size="small"
                    className="sidebar-row-more"
                    icon={<MoreOutlined />}
                    aria-label={t('groups.actions', { name: group.name })}
                    data-testid="group-actions"
                  />
                </Dropdown>
              ) : null
            }
          />
        ))}
      </div>
      <NameDialog
        open={naming !== null}
        title={naming?.kind === 'rename' ? t('groups.renameTitle') : t('groups.createTitle')}
        label={t('groups.name')}
        placeholder={t('groups.namePlaceholder')}
        testId="group-name"
        initialName={naming?.kind === 'rename' ? naming.group.name : ''}
        onSubmit={saveName}
        onClose={() => setNaming(null)}
      />
    </section>
  );
}
