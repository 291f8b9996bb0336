import type { TeamInfo } from '@ferry/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { teamsApi } from '../../../api/teams';
import { formErrorText } from '../../../forms/errors';
import { queryClient } from '../../../queryClient';
import { teamIdOf } from '../../../state/redirect';
import { getSession, setTeams, useSession } from '../../../state/session';
import { teamKeys } from '../../../state/teamQueries';
import { goToRemainingTeam } from '../../../state/teamRecovery';
import { switchTeam } from '../../../state/teamSwitch';

/** Hands the team to another member, who becomes its super admin. */
export function TransferDialog({
  team,
  open,
  onClose,
}: {
  team: TeamInfo;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { userId } = useSession();
  const [keyword, setKeyword] = useState('');
  const [target, setTarget] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const candidates = useQuery({
    queryKey: [...teamKeys.members(team.id), 'transfer', keyword],
    queryFn: () => teamsApi.users({ team_id: team.id, keyword, page_num: 1, page_size: 100 }),
    enabled: open,
  });
  const transfer = useMutation({
    mutationFn: (user: string) => teamsApi.transfer({ team_id: team.id, user_id: user }),
    onSuccess: async () => {
      void message.success(t('teamSettings.transferred'));
      onClose();
      setTeams(await teamsApi.userTeams().catch(() => getSession().teams));
      void queryClient.invalidateQueries({ queryKey: teamKeys.all(team.id) });
      void queryClient.invalidateQueries({ queryKey: ['teams'] });
    },
    onError: (failure) => setError(formErrorText(failure, t('common.requestFailed'))),
  });
  const options = (candidates.data?.list ?? [])
    .filter((member) => member.user_id !== userId)
    .map((member) => ({ value: member.user_id, label: `${member.name} (${member.email})` }));
  return (
    <Modal
      open={open}
      title={t('teamSettings.transferTitle')}
      okText={t('teamSettings.transfer')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      onOk={() => target && transfer.mutate(target)}
      okButtonProps={{ disabled: !target, danger: true, 'data-testid': 'transfer-confirm' }}
      confirmLoading={transfer.isPending}
      destroyOnHidden
    >
      <p className="muted">{t('teamSettings.transferText')}</p>
      <Select
        showSearch={{ filterOption: false, onSearch: setKeyword }}
        className="full-width"
        placeholder={t('teamSettings.transferPick')}
        value={target}
        onChange={(value) => {
          setTarget(value);
          setError(null);
        }}
        options={options}
        loading={candidates.isFetching}
        notFoundContent={t('members.empty')}
        data-testid="transfer-member-select"
      />
      {error ? <Alert className="dialog-alert" type="error" showIcon title={error} /> : null}
    </Modal>
  );
}

/** Merges this team into another team the caller is the super admin of, then opens that team. */
export function MergeDialog({ team, open, onClose }: { team: TeamInfo; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { teams } = useSession();
  const [target, setTarget] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const targets = teams.filter((other) => teamIdOf(other) !== team.id && other.role.type === 'superadmin');
  const merge = useMutation({
    mutationFn: (targetId: string) => teamsApi.merge({ team_id: team.id, target_team_id: targetId }),
    onSuccess: async (_answer, targetId) => {
      void message.success(t('teamSettings.merged'));
      onClose();
      setTeams(getSession().teams.filter((other) => teamIdOf(other) !== team.id));
      await queryClient.cancelQueries({ queryKey: teamKeys.all(team.id) });
      queryClient.removeQueries({ queryKey: teamKeys.all(team.id) });
      const fresh = await teamsApi.userTeams().catch(() => getSession().teams);
      setTeams(fresh);
      void queryClient.invalidateQueries({ queryKey: ['teams'] });
      const next = fresh.find((other) => teamIdOf(other) === targetId);
      if (next) void switchTeam(next);
      else await goToRemainingTeam().catch(() => {});
    },
    onError: (failure) => setError(formErrorText(failure, t('common.requestFailed'))),
  });
  return (
    <Modal
      open={open}
      title={t('teamSettings.mergeTitle', { name: team.name })}
      okText={t('teamSettings.merge')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      onOk={() => target && merge.mutate(target)}
      okButtonProps={{ disabled: !target, danger: true, 'data-testid': 'merge-confirm' }}
      confirmLoading={merge.isPending}
      destroyOnHidden
    >
      <p className="muted">{t('teamSettings.mergeText', { name: team.name })}</p>
      {targets.length === 0 ? (
        <Alert type="info" showIcon title={t('teamSettings.mergeNoTarget')} />
      ) : (
        <Select
          className="full-width"
          placeholder={t('teamSettings.mergePick')}
          value={target}
          onChange={(value) => {
            setTarget(value);
            setError(null);
          }}
          options={targets.map((other) => ({ value: teamIdOf(other), label: other.name }))}
          data-testid="merge-target"
        />
      )}
      {error ? <Alert className="dialog-alert" type="error" showIcon title={error} /> : null}
    </Modal>
  );
}
