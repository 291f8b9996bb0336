import { UserAddOutlined } from '@ant-design/icons';
import type { ProjectCard, ProjectMember, ProjectRoleValue } from '@ferry/shared';
import { useMutation } from '@tanstack/react-query';
import { App, Button, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { projectSettingsApi } from '../../api/projectSettings';
import { emailColumn, MemberTable } from '../../components/MemberTable';
import { RoleMenu } from '../../components/RoleMenu';
import { useRoleLabel } from '../../components/roles';
import { useFailureToast } from '../../components/useFailureToast';
import { queryClient } from '../../queryClient';
import { AddMembersDialog } from './AddMembersDialog';
import { refOf, settingKeys, useProjectActor, useProjectMembers } from './shared';

/**
 * The project's members (GET project/project_user): avatar, name, team role, project role and e-mail. What a
 * row offers comes from the server's abilities on that member: a role change to a role below the caller's own,
 * and removal (lower rank only, never oneself). Managers add members of the team.
 */
export function MembersTab({ project }: { project: ProjectCard }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const failure = useFailureToast(message);
  const roleLabel = useRoleLabel();
  const { roles } = useProjectActor(project);
  const members = useProjectMembers(project);
  const [adding, setAdding] = useState(false);
  const key = settingKeys.members(project.team_id, project.project_id);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });

  const changeRole = useMutation({
    mutationFn: (input: { member: ProjectMember; role: ProjectRoleValue }) =>
      projectSettingsApi.changeRole({ ...refOf(project), user_id: input.member.user_id, code: input.role }),
    onSuccess: (_answer, input) => {
      void message.success(
        t('projectSetting.roleChanged', { name: input.member.name, role: roleLabel(input.role) }),
      );
      refresh();
    },
    onError: failure,
  });

  const remove = useMutation({
    mutationFn: (member: ProjectMember) =>
      projectSettingsApi.removeMember({ ...refOf(project), user_id: member.user_id }),
    onSuccess: (_answer, member) => {
      void message.success(t('projectSetting.memberRemoved', { name: member.name }));
      refresh();
    },
    onError: failure,
  });

  const columns: TableColumnsType<ProjectMember> = [
    {
      key: 'teamRole',
      title: t('projectSetting.teamRole'),
      width: 130,
      render: (_value, member) => <span data-testid="member-team-role">{roleLabel(member.team_role)}</span>,
    },
    {
      key: 'projectRole',
      title: t('projectSetting.projectRole'),
      width: 170,
      render: (_value, member) =>
        member.automatic ? (
          <Tooltip title={t('projectSetting.automaticHint')}>
            <Tag color="gold" variant="filled" data-testid="member-project-role">
              {roleLabel('admin')}
            </Tag>
          </Tooltip>
        ) : (
          <RoleMenu
            current={member.project_role}
            offered={member.abilities.can_change_role ? roles : []}
            onPick={(role) => changeRole.mutate({ member, role })}
            pending={changeRole.isPending && changeRole.variables?.member.user_id === member.user_id}
            testId="member-project-role"
            optionTestId="project-role-option"
          />
        ),
    },
    emailColumn(t('members.email')),
  ];

  const list = members.data ?? [];
  return (
    <div className="team-tab" data-testid="project-members-tab">
      <div className="team-toolbar">
        <span className="team-toolbar-count" data-testid="project-members-total">
          {t('members.total', { count: list.length })}
          {project.permission_mode === 'A' ? (
            <span className="project-members-mode"> · {t('projectSetting.membersModeA')}</span>
          ) : null}
        </span>
        {project.abilities.can_manage && roles.length > 0 ? (
          <Button
            type="primary"
            icon={<UserAddOutlined />}
            onClick={() => setAdding(true)}
            data-testid="project-members-add"
          >
            {t('projectSetting.addMembers')}
          </Button>
        ) : null}
      </div>
      <MemberTable<ProjectMember>
        className="project-members-table"
        members={list}
        columns={columns}
        nameNote={(member) => (member.remark ? <span className="muted"> ({member.remark})</span> : null)}
        removal={{
          allowed: (member) => member.abilities.can_remove,
          title: (member) => t('projectSetting.removeTitle', { name: member.name }),
          description: t('projectSetting.removeText'),
          testId: 'project-member-remove',
          onConfirm: (member) => remove.mutateAsync(member),
        }}
        loading={members.isPending}
        failed={members.isError}
        rowTestId="project-member-row"
      />
      <AddMembersDialog
        project={refOf(project)}
        members={list}
        roles={roles}
        open={adding}
        onClose={() => setAdding(false)}
      />
    </div>
  );
}
