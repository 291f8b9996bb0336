import { LOGOFF_REASONS, RecoveryLimits } from '@ferry/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Input, List, Modal, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recoveryApi } from '../../api/recovery';
import { formErrorText } from '../../forms/errors';
import { signOutLocally } from '../../state/signOut';
import { ProveIdentity } from './EmailCard';

/** Why the user leaves, then a proof it is them, then the account is closed and this device signed out. */
function CloseAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [checks, setChecks] = useState<string[]>([]);
  const [other, setOther] = useState('');
  const [error, setError] = useState<string | null>(null);
  const check = useQuery({ queryKey: ['logoff-check'], queryFn: recoveryApi.logoffCheck, gcTime: 0 });
  const close = useMutation({
    mutationFn: (sceneCode: string) =>
      recoveryApi.logoff({ reason: { checks, other }, scene_code: sceneCode }),
    onSuccess: () => signOutLocally('logout'),
    onError: (failure) => setError(formErrorText(failure, t('common.requestFailed'))),
  });
  const answer = check.data;

  return (
    <Modal open title={t('recovery.close.title')} onCancel={onClose} footer={null} destroyOnHidden>
      {check.isPending ? <Spin /> : null}
      {check.isError ? (
        <Alert type="error" showIcon title={formErrorText(check.error, t('common.requestFailed'))} />
      ) : null}
      {answer && !answer.can_logoff ? (
        <div data-testid="close-blocked">
          <Alert type="warning" showIcon title={t('recovery.close.blocked')} />
          <List
            size="small"
            dataSource={answer.blockers}
            renderItem={(team) => (
              <List.Item>
                {team.team_name} · {t('recovery.close.members', { count: team.member_count })}
              </List.Item>
            )}
          />
        </div>
      ) : null}
      {answer?.can_logoff ? (
        <div className="close-account" data-testid="close-dialog">
          {answer.teams_dissolved.length > 0 ? (
            <Alert
              type="info"
              showIcon
              title={t('recovery.close.dissolved')}
              description={answer.teams_dissolved.map((team) => team.team_name).join('、')}
            />
          ) : null}
          <h4 className="settings-subtitle">{t('recovery.close.why')}</h4>
          <Checkbox.Group
            value={checks}
            onChange={(values) => setChecks(values as string[])}
            options={LOGOFF_REASONS.map((reason) => ({
              value: reason,
              label: t(`recovery.close.reasons.${reason}`),
            }))}
            className="close-reasons"
          />
          <Input.TextArea
            value={other}
            onChange={(event) => setOther(event.target.value)}
            maxLength={RecoveryLimits.logoffReasonMaxLength}
            placeholder={t('recovery.close.other')}
            autoSize={{ minRows: 2, maxRows: 4 }}
            data-testid="close-other"
          />
          <h4 className="settings-subtitle">{t('recovery.close.prove')}</h4>
          {error ? <Alert className="settings-alert" type="error" showIcon title={error} /> : null}
          {close.isSuccess ? (
            <Alert type="success" showIcon title={t('recovery.close.closing')} />
          ) : (
            <ProveIdentity
              scene="logoff"
              testId="close-prove"
              onProved={(sceneCode) => close.mutate(sceneCode)}
            />
          )}
        </div>
      ) : null}
    </Modal>
  );
}

/** Closing the account, behind a dialog that says what it means first. */
export function CloseAccountCard() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Card title={t('recovery.close.title')} className="settings-card" data-testid="close-card">
      <p className="settings-line">
        {t('recovery.close.intro', { days: RecoveryLimits.closedAccountGraceDays })}
      </p>
      <Button danger onClick={() => setOpen(true)} data-testid="close-start">
        {t('recovery.close.start')}
      </Button>
      {open ? <CloseAccountDialog onClose={() => setOpen(false)} /> : null}
    </Card>
  );
}
