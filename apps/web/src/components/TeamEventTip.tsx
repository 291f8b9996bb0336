import { Codes, codeMessage } from '@ferry/shared';
import { Button, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/errors';
import { projectKeys } from '../api/projects';
import { queryClient } from '../queryClient';
import { navigateTo } from '../state/navigation';
import { itemPath } from '../state/redirect';
import { clearTeamEvent, type TeamEvent, useTeamEvent } from '../state/teamEvents';
import { goToRemainingTeam } from '../state/teamRecovery';
import { useLang } from './hooks';
import { Logo } from './Logo';

/** Leaves a project that is gone for the user: its cached answers go, the team's project list opens. */
function returnToProjectList(event: TeamEvent): void {
  const teamId = event.teamId ?? '';
  clearTeamEvent();
  if (event.projectId) queryClient.removeQueries({ queryKey: ['team', teamId, 'project', event.projectId] });
  void queryClient.invalidateQueries({ queryKey: projectKeys.all(teamId) });
  navigateTo(itemPath(teamId), { replace: true });
}

interface Tip {
  status: 'warning' | 'info';
  title: string;
  text: string;
  action: string;
  act: () => void;
}

/**
 * The full-screen tips of spec 000 §2/§4 and spec 002 §2/§4. "You were removed from the team" (19013) and
 * "the team has been dissolved" (19014): the button reloads the user's teams and opens the first remaining
 * team's project list, or team creation when none remain. "You were removed from the project" and "the
 * project has been deleted": the button returns to the team's project list.
 */
export function TeamEventTip() {
  const event = useTeamEvent();
  const { t } = useTranslation();
  const lang = useLang();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  if (!event) return null;

  const leaveTeam = async () => {
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

  const names = { name: event.byName ?? '', project: event.projectName ?? '' };
  const tips: Record<TeamEvent['kind'], Tip> = {
    removed: {
      status: 'warning',
      title: codeMessage(Codes.REMOVED_FROM_TEAM, lang),
      text: t('teamEvent.removedText'),
      action: t('teamEvent.action'),
      act: leaveTeam,
    },
    dissolved: {
      status: 'info',
      title: codeMessage(Codes.TEAM_DISSOLVED, lang),
      text: t('teamEvent.dissolvedText'),
      action: t('teamEvent.action'),
      act: leaveTeam,
    },
    projectRemoved: {
      status: 'warning',
      title: t('realtime.tip.projectRemovedTitle'),
      text: t('realtime.tip.projectRemovedText', names),
      action: t('realtime.tip.projectAction'),
      act: () => returnToProjectList(event),
    },
    projectDeleted: {
      status: 'info',
      title: t('realtime.tip.projectDeletedTitle'),
      text: t('realtime.tip.projectDeletedText', names),
      action: t('realtime.tip.projectAction'),
      act: () => returnToProjectList(event),
    },
  };
  const tip = tips[event.kind];

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
        status={tip.status}
        title={tip.title}
        subTitle={
          <>
            <div>{tip.text}</div>
            {failed ? <div className="team-event-error">{failed}</div> : null}
          </>
        }
        extra={
          <Button
            type="primary"
            size="large"
            loading={busy}
            onClick={tip.act}
            data-testid="team-event-action"
          >
            {tip.action}
          </Button>
        }
      />
    </div>
  );
}
