import { DownOutlined, UserAddOutlined } from '@ant-design/icons';
import type { ProjectCard, ProjectMember, ProjectRoleValue, TeamRole } from '@ferry/shared';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Dropdown, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { projectSettingsApi } from '../../api/projectSettings';
import { MemberAvatar } from '../../components/MemberAvatar';
import { RemoveMemberButton } from '../../components/RemoveMemberButton';
import { queryClient } from '../../queryClient';
import { rowAttributes, useFailureToast, useRoleLabel } from '../team/shared';
import { AddMembersDialog } from './AddMembersDialog';
import { refOf, settingKeys, useProjectActor, useProjectMembers } from './shared';

const ROLE_COLORS: Record<TeamRole, string> = {
  superadmin: 'gold',
  admin: 'blue',
  member: 'green',
  onlooker: 'default',
};

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
  const { userId, roles } = useProjectActor(project);
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

  const roleCell = (member: ProjectMember) => {
    const tag = (
      <Tag color={ROLE_COLORS[member.project_role]} variant="filled" data-testid="member-project-role">
        {roleLabel(member.project_role)}
      </Tag>
    );
    const offered = member.abilities.can_change_role
      ? roles.filter((role) => role !== member.project_role)
      : [];
    if (offered.length === 0) return tag;
    return (
      <Dropdown
        trigger={['click']}
        menu={{
          items: roles.map((role) => ({
            key: role,
            label: <span data-testid={`project-role-option-${role}`}>{roleLabel(role)}</span>,
          })),
          selectedKeys: [member.project_role],
          onClick: ({ key: role }) => {
            if (role !== member.project_role) changeRole.mutate({ member, role: role as ProjectRoleValue });
          },
        }}
      >
        <Button
          type="text"
          size="small"
          className="member-role-trigger"
          loading={changeRole.isPending && changeRole.variables?.member.user_id === member.user_id}
          data-testid="member-project-role-trigger"
        >
          {tag}
          <DownOutlined />
        </Button>
      </Dropdown>
    );
  };

  const columns: TableColumnsType<ProjectMember> = [
    {
      key: 'name',
      title: t('members.name'),
      width: 240,
      render: (_value, member) => (
        <div className="member-cell">
          <MemberAvatar name={member.name} color={member.color} />
          <span className="member-cell-name" data-testid="member-name">
            {member.name}
            {member.remark ? <span className="muted"> ({member.remark})</span> : null}
            {member.user_id === userId ? <span className="member-cell-you">{t('members.you')}</span> : null}
          </span>
        </div>
      ),
    },
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
          roleCell(member)
        ),
    },
    { key: 'email', title: t('members.email'), dataIndex: 'email', ellipsis: true },
    {
      key: 'actions',
      title: t('members.actions'),
      align: 'right',
      width: 100,
      render: (_value, member) =>
        member.abilities.can_remove ? (
          <RemoveMemberButton
            title={t('projectSetting.removeTitle', { name: member.name })}
            description={t('projectSetting.removeText')}
            testId="project-member-remove"
            onConfirm={() => remove.mutateAsync(member)}
          />
        ) : null,
    },
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
      <Table<ProjectMember>
        className="project-members-table"
        rowKey="user_id"
        columns={columns}
        dataSource={list}
        loading={members.isPending}
        pagination={false}
        onRow={(member) => rowAttributes('project-member-row', { 'data-user-id': member.user_id })}
        locale={{ emptyText: members.isError ? t('common.loadFailed') : t('members.empty') }}
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
