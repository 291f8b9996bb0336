import { DownOutlined } from '@ant-design/icons';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../state/session';

/** The header's active team name: the team switch's trigger, shown on its own while the switch's code loads. */
export function TeamSwitchButton(props: ComponentProps<'button'>) {
  const { t } = useTranslation();
  const { team } = useSession();
  return (
    <button type="button" className="team-switch-trigger" data-testid="team-switch-trigger" {...props}>
      <span className="team-switch-name" data-testid="header-team-name" title={team?.teamName}>
        {team?.teamName ?? t('team.none')}
      </span>
      <DownOutlined className="team-switch-caret" />
    </button>
  );
}
