import { isTeamAdmin, PlanLimits } from '@ferry/shared';
import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmExpiryDialog, expiryDialogDue, useExpireNotice } from '../state/expiryNotice';
import { useSession } from '../state/session';

/**
 * The 30-day expiry dialog: a paid team's admins, when its plan ends within 30 days (the server answers
 * expire_info then), see once a day per team how many days are left and what the end changes. Members see
 * the banner only. The same expire_notice answer as the banner (one call).
 */
export function ExpiryDialog() {
  const { t, i18n } = useTranslation();
  const { team, userId } = useSession();
  const teamId = team?.team_id ?? null;
  const admin = team?.role ? isTeamAdmin(team.role) : false;
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const notice = useExpireNotice(teamId, userId);
  const info = notice.data?.expire_info;
  if (!teamId || !admin || !info || info.expired || closedFor === teamId || !expiryDialogDue(teamId))
    return null;

  const free = PlanLimits[1];
  const plan = t(`quota.level${info.package_level}`, {
    defaultValue: t('quota.levelN', { level: info.package_level }),
  });
  const date = new Date(info.expire_time).toLocaleDateString(i18n.language);
  const close = () => {
    if (confirmExpiryDialog(teamId)) setClosedFor(teamId);
  };
  return (
    <Modal
      open
      title={
        info.left_days > 0 ? t('expiryDialog.title', { count: info.left_days }) : t('expiryDialog.titleToday')
      }
      onOk={close}
      onCancel={close}
      okText={t('expiryDialog.ok')}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      <p data-testid="expiry-dialog">
        {t('expiryDialog.body', {
          team: team?.teamName ?? '',
          plan,
          date,
          members: free.memberMax,
          projects: free.projectMax,
          designs: free.imageMax,
        })}
      </p>
    </Modal>
  );
}
