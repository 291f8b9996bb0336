import type { TeamInfo } from '@ferry/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Skeleton, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { dsmApi, dsmKeys } from '../../../api/dsm';
import { useFailureToast } from '../../../components/useFailureToast';
import { queryClient } from '../../../queryClient';
import './designSystem.css';

/**
 * The team's design system on or off (GET/PUT permission/dsm_auth_switch): team admins switch it, everyone
 * else reads whether it is on.
 */
export function DesignSystemSwitch({ team }: { team: TeamInfo }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const failure = useFailureToast(message);
  // Renaming the team and switching its design system are both the admins' (team abilities).
  const canSwitch = team.abilities.can_rename;
  const key = dsmKeys.switch(team.id);
  const state = useQuery({ queryKey: key, queryFn: () => dsmApi.switchState(team.id) });
  const change = useMutation({
    mutationFn: (enabled: boolean) => dsmApi.setSwitch(team.id, enabled),
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer);
      void queryClient.invalidateQueries({ queryKey: dsmKeys.standards(team.id) });
      void message.success(t(answer.enabled ? 'teamSettings.dsmOn' : 'teamSettings.dsmOff'));
    },
    onError: failure,
  });

  if (state.isError) return null;
  const enabled = state.data?.enabled ?? false;
  return (
    <div className="team-dsm-switch" data-testid="team-dsm-switch">
      <div className="team-dsm-switch-text">
        <div className="team-dsm-switch-title">{t('teamSettings.dsm')}</div>
        <div className="muted">{t('teamSettings.dsmText')}</div>
      </div>
      {!state.data ? (
        <Skeleton.Button active size="small" />
      ) : canSwitch ? (
        <Switch
          checked={enabled}
          loading={change.isPending}
          onChange={(next) => change.mutate(next)}
          aria-label={t('teamSettings.dsm')}
          data-testid="team-dsm-toggle"
        />
      ) : (
        <span data-testid="team-dsm-state">
          {t(enabled ? 'teamSettings.dsmIsOn' : 'teamSettings.dsmIsOff')}
        </span>
      )}
    </div>
  );
}
