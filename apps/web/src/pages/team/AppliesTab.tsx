import type { TeamApply, TeamInfo } from '@ferry/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Popconfirm, Segmented, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { teamsApi } from '../../api/teams';
import { useLang } from '../../components/hooks';
import { MemberAvatar } from '../../components/MemberAvatar';
import { useRoleLabel } from '../../components/roles';
import { rowAttributes } from '../../components/tableRows';
import { formatTime } from '../../components/time';
import { useFailureToast } from '../../components/useFailureToast';
import { queryClient } from '../../queryClient';
import { refreshPeople, teamKeys } from '../../state/teamQueries';

const STATE_COLORS: Record<TeamApply['state'], string> = {
  pending: 'processing',
  agreed: 'success',
  refused: 'default',
};

type Filter = 'pending' | 'all';

/** Join applications (super admin only, spec 000 §4, §6): who applied, why and when; agree or refuse. */
export function AppliesTab({ team }: { team: TeamInfo }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const failure = useFailureToast(message);
  const roleLabel = useRoleLabel();
  const [filter, setFilter] = useState<Filter>('pending');
  const teamId = team.id;

  const applies = useQuery({
    queryKey: [...teamKeys.applies(teamId), filter],
    queryFn: () => teamsApi.applies(teamId, filter === 'all' ? undefined : filter),
  });

  const handle = useMutation({
    mutationFn: (input: { apply: TeamApply; state: 'agreed' | 'refused' }) =>
      teamsApi.handleApply({ team_id: teamId, apply_id: input.apply.id, state: input.state }),
    onSuccess: (_answer, input) => {
      void message.success(
        t(input.state === 'agreed' ? 'applies.agreedDone' : 'applies.refusedDone', {
          name: input.apply.real_name,
        }),
      );
      if (input.state === 'agreed') refreshPeople(teamId);
    },
    onError: failure,
    // An application handled elsewhere (19024) is refreshed too.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.applies(teamId) });
      void queryClient.invalidateQueries({ queryKey: teamKeys.applyCount(teamId) });
    },
  });

  const busy = (apply: TeamApply, state: 'agreed' | 'refused') =>
    handle.isPending && handle.variables?.apply.id === apply.id && handle.variables.state === state;

  const columns: TableColumnsType<TeamApply> = [
    {
      key: 'applicant',
      title: t('applies.applicant'),
      render: (_value, apply) => (
        <div className="member-cell">
          <MemberAvatar name={apply.user.name} color={apply.user.color} />
          <div className="member-cell-text">
            <div data-testid="apply-real-name">{apply.real_name}</div>
            <div className="muted">
              {apply.user.name} · {apply.user.email}
            </div>
          </div>
        </div>
      ),
    },
    {
      key: 'reason',
      title: t('applies.reason'),
      render: (_value, apply) => apply.reason || <span className="muted">—</span>,
    },
    { key: 'role', title: t('applies.role'), render: (_value, apply) => roleLabel(apply.role) },
    { key: 'time', title: t('applies.time'), render: (_value, apply) => formatTime(apply.create_time, lang) },
    {
      key: 'state',
      title: t('applies.state'),
      render: (_value, apply) => (
        <Tag color={STATE_COLORS[apply.state]} data-testid="apply-state">
          {t(`applies.states.${apply.state}`)}
        </Tag>
      ),
    },
    {
      key: 'actions',
      title: t('members.actions'),
      align: 'right',
      render: (_value, apply) =>
        apply.state === 'pending' ? (
          <Space size={4}>
            <Button
              type="primary"
              size="small"
              loading={busy(apply, 'agreed')}
              onClick={() => handle.mutate({ apply, state: 'agreed' })}
              data-testid="apply-agree"
            >
              {t('applies.agree')}
            </Button>
            <Popconfirm
              title={t('applies.refuseTitle', { name: apply.real_name })}
              okText={t('applies.refuse')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'apply-refuse-confirm' }}
              onConfirm={() => handle.mutateAsync({ apply, state: 'refused' }).catch(() => {})}
            >
              <Button size="small" loading={busy(apply, 'refused')} data-testid="apply-refuse">
                {t('applies.refuse')}
              </Button>
            </Popconfirm>
          </Space>
        ) : null,
    },
  ];

  return (
    <div className="team-tab" data-testid="applies-tab">
      <div className="team-toolbar">
        <Segmented<Filter>
          value={filter}
          onChange={setFilter}
          options={[
            { value: 'pending', label: t('applies.filterPending') },
            { value: 'all', label: t('applies.filterAll') },
          ]}
        />
      </div>
      <Table<TeamApply>
        rowKey="id"
        columns={columns}
        dataSource={applies.data ?? []}
        loading={applies.isPending}
        pagination={false}
        onRow={(apply) => rowAttributes('apply-row', { 'data-apply-id': apply.id })}
        locale={{ emptyText: applies.isError ? t('common.loadFailed') : t('applies.empty') }}
      />
    </div>
  );
}
