import { Codes, codeMessage } from '@ferry/shared';
import { Button, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/errors';
import { useTeamEvent } from '../state/teamEvents';
import { goToRemainingTeam } from '../state/teamRecovery';
import { useLang } from './hooks';
import { Logo } from './Logo';

/**
 * The full-screen tips of spec 000 §2/§4: "you were removed from the team" (19013) and "the team has
 * been dissolved" (19014). The one button reloads the user's teams and opens the first remaining
 * team's project list, or team creation when none remain.
 */
export function TeamEventTip() {
  const event = useTeamEvent();
  const { t } = useTranslation();
  const lang = useLang();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  if (!event) return null;
  const removed = event.kind === 'removed';

  const leave = async () => {
    setBusy(true);
    setFailed(null);
    try {
      await goToRemainingTeam();
    } catch (error) {
      setFailed(isApiError(error) && error.handled ? null : t('common.requestFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      className="team-event-tip"
      role="alertdialog"
      aria-modal="true"
      data-testid="team-event-tip"
      data-kind={event.kind}
    >
      <div className="status-page-logo">
        <Logo />
      </div>
      <Result
        status={removed ? 'warning' : 'info'}
        title={codeMessage(removed ? Codes.REMOVED_FROM_TEAM : Codes.TEAM_DISSOLVED, lang)}
        subTitle={
          <>
            <div>{removed ? t('teamEvent.removedText') : t('teamEvent.dissolvedText')}</div>
            {failed ? <div className="team-event-error">{failed}</div> : null}
          </>
        }
        extra={
          <Button type="primary" size="large" loading={busy} onClick={leave} data-testid="team-event-action">
            {t('teamEvent.action')}
          </Button>
        }
      />
    </div>
  );
}
