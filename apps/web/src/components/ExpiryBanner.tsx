import { EXPIRY_NOTICE_THROTTLE_MS } from '@ferry/shared';
import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissExpiryNotice, expiryHiddenUntil, useExpireNotice } from '../state/expiryNotice';
import { useSession } from '../state/session';

/**
 * The plan-expiry notice (spec 000 §4): for the active team, GET team/seat/expire_notice; when it
 * carries expire_info the banner shows the days left. Closing it hides it for this team for the
 * throttle time (5 minutes), after which it may show again.
 */
export function ExpiryBanner() {
  const { t } = useTranslation();
  const { team, userId } = useSession();
  const teamId = team?.team_id ?? null;
  const [, setTick] = useState(0);
  const notice = useExpireNotice(teamId, userId);
  const hiddenUntil = teamId ? expiryHiddenUntil(teamId) : 0;
  const now = Date.now();

  // Shows the notice again once the throttle time has passed.
  useEffect(() => {
    if (hiddenUntil <= now) return;
    const timer = setTimeout(() => setTick((n) => n + 1), hiddenUntil - now + 10);
    return () => clearTimeout(timer);
  }, [hiddenUntil, now]);

  const info = notice.data?.expire_info;
  if (!teamId || !info || hiddenUntil > now) return null;
  const plan = t(`quota.level${info.package_level}`, {
    defaultValue: t('quota.levelN', { level: info.package_level }),
  });
  const text =
    info.expired || info.left_days <= 0
      ? t('expiry.expired', { plan })
      : t('expiry.daysLeft', { plan, count: info.left_days });

  return (
    <div className="expiry-banner" data-testid="expiry-banner">
      <Alert
        banner
        type="warning"
        showIcon
        title={text}
        closable={{
          onClose: () => {
            dismissExpiryNotice(teamId, notice.data?.throttle_ms ?? EXPIRY_NOTICE_THROTTLE_MS);
            setTick((n) => n + 1);
          },
          'aria-label': t('expiry.close'),
        }}
      />
    </div>
  );
}
