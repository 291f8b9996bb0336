import { ExclamationCircleFilled } from '@ant-design/icons';
import { canQuitTeam, type TeamInfo } from '@ferry/shared';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { teamsApi } from '../../../api/teams';
import { useFailureToast } from '../../../components/useFailureToast';
import { DissolveDialog } from './DissolveDialog';
import { MergeDialog, TransferDialog } from './HandOverDialogs';
import { leaveLocally } from './leaveLocally';

/** Leaving the team for everyone who may; handing over, merging and dissolving for the super admin. */
export function ManageCard({ team }: { team: TeamInfo }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const failure = useFailureToast(message);
  const [dialog, setDialog] = useState<'transfer' | 'merge' | 'dissolve' | null>(null);
  const isOwner = team.role.type === 'superadmin';
  const canLeave = canQuitTeam(team.role.type);

  const leave = useMutation({
    mutationFn: () => teamsApi.exit(team.id),
    onSuccess: async () => {
      void message.success(t('teamSettings.left', { name: team.name }));
      await leaveLocally(team.id);
    },
    // 19019 (the super admin cannot simply leave) and the other exit refusals carry the server's words.
    onError: failure,
  });

  const row = (title: string, text: string, action: React.ReactNode) => (
    <div className="manage-row">
      <div>
        <div className="manage-row-title">{title}</div>
        <div className="muted">{text}</div>
      </div>
      {action}
    </div>
  );

  return (
    <Card title={t('teamSettings.manage')} className="settings-card" data-testid="team-manage-card">
      {canLeave
        ? row(
            t('teamSettings.leave'),
            t('teamSettings.leaveText'),
            <Popconfirm
              icon={<ExclamationCircleFilled style={{ color: '#faad14' }} />}
              title={t('teamSettings.leaveTitle', { name: team.name })}
              okText={t('teamSettings.leave')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'team-leave-confirm' }}
              onConfirm={() => leave.mutateAsync().catch(() => {})}
            >
              <Button danger loading={leave.isPending} data-testid="team-leave">
                {t('teamSettings.leave')}
              </Button>
            </Popconfirm>,
          )
        : null}
      {isOwner ? (
        <>
          {row(
            t('teamSettings.transfer'),
            t('teamSettings.transferHint'),
            <Button onClick={() => setDialog('transfer')} data-testid="team-transfer">
              {t('teamSettings.transfer')}
            </Button>,
          )}
          {row(
            t('teamSettings.merge'),
            t('teamSettings.mergeHint'),
            <Button onClick={() => setDialog('merge')} data-testid="team-merge">
              {t('teamSettings.merge')}
            </Button>,
          )}
          {row(
            t('teamSettings.dissolve'),
            t('teamSettings.dissolveHint'),
            <Button danger onClick={() => setDialog('dissolve')} data-testid="team-dissolve">
              {t('teamSettings.dissolve')}
            </Button>,
          )}
          <TransferDialog team={team} open={dialog === 'transfer'} onClose={() => setDialog(null)} />
          <MergeDialog team={team} open={dialog === 'merge'} onClose={() => setDialog(null)} />
          <DissolveDialog team={team} open={dialog === 'dissolve'} onClose={() => setDialog(null)} />
        </>
      ) : null}
    </Card>
  );
}
