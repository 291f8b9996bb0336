import { CloseOutlined, GiftOutlined } from '@ant-design/icons';
import type { ReleaseTip } from '@ferry/shared';
import { Button } from 'antd';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../api/account';
import { onPendingTips, pendingTipsSince, tipsShown } from '../state/appVersion';
import './help/help.css';

/**
 * The "what's new" notice, once after an update: the release notes since the version this browser knew
 * (account/version_tips). Marked shown as soon as it is on screen, so a reload does not bring it back.
 */
export function WhatsNew() {
  const { t, i18n } = useTranslation();
  const since = useSyncExternalStore(onPendingTips, pendingTipsSince);
  const [tips, setTips] = useState<ReleaseTip[] | null>(null);

  useEffect(() => {
    if (!since) return;
    let live = true;
    accountApi.versionTips(since).then(
      (answer) => {
        if (!live) return;
        if (answer.tips.length > 0) setTips(answer.tips);
        tipsShown();
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
    // The notes come in the language of the moment the notice opens.
  }, [since, i18n.language]);

  if (!tips) return null;
  return (
    <section
      className="whats-new"
      role="dialog"
      aria-label={t('help.whatsNew.title')}
      data-testid="whats-new"
    >
      <header className="whats-new-head">
        <GiftOutlined />
        <strong>{t('help.whatsNew.title')}</strong>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('help.whatsNew.close')}
          onClick={() => setTips(null)}
        />
      </header>
      {tips.map((tip) => (
        <div key={tip.version} className="whats-new-release">
          <div className="whats-new-version">
            {t('help.whatsNew.release', { version: tip.version, date: tip.date })}
          </div>
          <ul>
            {tip.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
