import { EditOutlined, SearchOutlined, UserAddOutlined } from '@ant-design/icons';
import { Limits, type TeamInfo, type TeamMember } from '@ferry/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Input, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AssignableRole, teamsApi } from '../../api/teams';
import { emailColumn, MemberTable } from '../../components/MemberTable';
import { RoleMenu } from '../../components/RoleMenu';
import { useRoleLabel } from '../../components/roles';
import { useFailureToast } from '../../components/useFailureToast';
import { refreshPeople, teamKeys } from '../../state/teamQueries';
import { InviteDialog } from './InviteDialog';
import { NicknameDialog } from './NicknameDialog';

/**
 * Members (spec 000 §3, §6): avatar, name, team nickname, e-mail, role and department, searched and
 * paged ten at a time. Each row offers only what the server's `abilities` allow: a role change to the
 * roles it lists, removal, and the nickname.
 */
export function MembersTab({ team }: { team: TeamInfo }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const failure = useFailureToast(message);
  const roleLabel = useRoleLabel();
  const teamId = team.id;
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [inviteOpen, setInviteOpen] = useState(false);
  const [nicknameOf, setNicknameOf] = useState<TeamMember | null>(null);

  const members = useQuery({
    queryKey: [...teamKeys.members(teamId), keyword, page],
    queryFn: () =>
      teamsApi.users({ team_id: teamId, keyword, page_num: page, page_size: Limits.teamUserPageSize }),
    placeholderData: keepPreviousData,
  });

  const changeRole = useMutation({
    mutationFn: (input: { member: TeamMember; role: AssignableRole }) =>
      teamsApi.changeRole({ team_id: teamId, user_id: input.member.user_id, role: input.role }),
    onSuccess: (_answer, input) => {
      void message.success(
        t('members.roleChanged', { name: input.member.name, role: roleLabel(input.role) }),
      );
      refreshPeople(teamId);
    },
    onError: failure,
  });

  const remove = useMutation({
    mutationFn: (member: TeamMember) => teamsApi.removeMember({ team_id: teamId, user_id: member.user_id }),
    onSuccess: (_answer, member) => {
      void message.success(t('members.removed', { name: member.name }));
      const list = members.data?.list ?? [];
      if (list.length === 1 && page > 1) setPage(page - 1);
      refreshPeople(teamId);
    },
    onError: failure,
  });

  const columns: TableColumnsType<TeamMember> = [
    {
      key: 'remark',
      title: t('members.nickname'),
      width: 160,
      render: (_value, member) => (
        <span className="member-remark">
          <span data-testid="member-remark">{member.remark || <span className="muted">—</span>}</span>
          {member.abilities.can_set_nickname ? (
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              aria-label={t('members.setNickname')}
              title={t('members.setNickname')}
              onClick={() => setNicknameOf(member)}
              data-testid="member-nickname-edit"
            />
          ) : null}
        </span>
      ),
    },
    emailColumn(t('members.email')),
    {
      key: 'role',
      title: t('members.role'),
      width: 150,
      render: (_value, member) => (
        <RoleMenu
          current={member.role.type}
          offered={member.abilities.can_change_role ? member.abilities.assignable_roles : []}
          onPick={(role) => changeRole.mutate({ member, role: role as AssignableRole })}
          pending={changeRole.isPending && changeRole.variables?.member.user_id === member.user_id}
          testId="member-role"
          optionTestId="role-option"
        />
      ),
    },
    {
      key: 'department',
      title: t('members.department'),
      width: 140,
      render: (_value, member) => (
        <span data-testid="member-department">{member.department?.name || t('departments.ungrouped')}</span>
      ),
    },
  ];

  return (
    <div className="team-tab" data-testid="members-tab">
      <div className="team-toolbar">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('members.searchPlaceholder')}
          className="team-toolbar-search"
          data-testid="members-search"
          onChange={(event) => {
            setKeyword(event.target.value.trim());
            setPage(1);
          }}
        />
        <span className="team-toolbar-count" data-testid="members-total">
          {t('members.total', { count: members.data?.total ?? 0 })}
        </span>
        {team.abilities.can_manage_members ? (
          <Button
            type="primary"
            icon={<UserAddOutlined />}
            onClick={() => setInviteOpen(true)}
            data-testid="members-invite"
          >
            {t('invite.button')}
          </Button>
        ) : null}
      </div>
      <MemberTable<TeamMember>
        members={members.data?.list ?? []}
        columns={columns}
        removal={{
          allowed: (member) => member.abilities.can_remove,
          title: (member) => t('members.removeTitle', { name: member.name }),
          description: t('members.removeText'),
          testId: 'member-remove',
          onConfirm: (member) => remove.mutateAsync(member),
        }}
        loading={members.isPending || members.isPlaceholderData}
        failed={members.isError}
        rowTestId="member-row"
        pagination={{
          current: page,
          pageSize: Limits.teamUserPageSize,
          total: members.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
      />
      <InviteDialog team={team} open={inviteOpen} onClose={() => setInviteOpen(false)} />
      <NicknameDialog teamId={teamId} member={nicknameOf} onClose={() => setNicknameOf(null)} />
    </div>
  );
}
