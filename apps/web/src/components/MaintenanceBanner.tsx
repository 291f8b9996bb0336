import { MaintenanceLimits } from '@ferry/shared';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfiguration } from '../state/features';
import { page } from '../state/pageReload';
import { useSession } from '../state/session';
import './maintenance-banner.css';

const HEIGHT = MaintenanceLimits.bannerHeightPx;

/**
 * The operator's maintenance notice (spec 002 §2, §9), at the very top of every page: signed in, signed out
 * and share pages. Signed-in pages hear of a new notice over the socket; pages without one read the public
 * configuration every few seconds. It takes its 55 px at the top, pushing the page down rather than covering
 * the header. Refresh reloads the page; close moves the banner up out of sight (55 px) and gives the room
 * back; a new notice shows again.
 */
export function MaintenanceBanner() {
  const { t, i18n } = useTranslation();
  const { token } = useSession();
  const configuration = usePublicConfiguration(token ? undefined : MaintenanceLimits.pagePollMs);
  const [closedId, setClosedId] = useState<string | null>(null);
  const notice = configuration.data?.maintenance ?? null;
  if (!notice) return null;
  const closed = closedId === notice.id;
  const until = notice.until
    ? new Date(notice.until).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
    : null;
  // The slot keeps the page below the banner (the header stays usable) and closes with it.
  return (
    <div className="maintenance-slot" style={{ height: closed ? 0 : HEIGHT }}>
      <div
        className="maintenance-banner"
        role="alert"
        aria-hidden={closed}
        data-testid="maintenance-banner"
        data-closed={closed}
        style={{ height: HEIGHT, transform: closed ? `translateY(-${HEIGHT}px)` : 'translateY(0)' }}
      >
        <span className="maintenance-banner-text">
          <strong>{t('maintenance.title')}</strong>
          <span>{notice.message}</span>
          {until ? (
            <span className="maintenance-banner-until">{t('maintenance.until', { time: until })}</span>
          ) : null}
        </span>
        <span className="maintenance-banner-actions">
          <Button size="small" onClick={() => page.reload()} tabIndex={closed ? -1 : 0}>
            {t('maintenance.refresh')}
          </Button>
          <Button
            size="small"
            type="text"
            className="maintenance-banner-close"
            onClick={() => setClosedId(notice.id)}
            tabIndex={closed ? -1 : 0}
          >
            {t('maintenance.close')}
          </Button>
        </span>
      </div>
    </div>
  );
}
