import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import type { TeamInfo } from '@ferry/shared';
import { Popover, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useTeamsQuery } from '../state/queries';
import { Paths, teamCreatePath, teamIdOf } from '../state/redirect';
import { useSession } from '../state/session';
import { switchTeam } from '../state/teamSwitch';
import { TeamList } from './TeamList';
import { TeamSwitchButton } from './TeamSwitchButton';

/**
 * The header's team name and its popup: the user's teams (check on the current one) and "Create team". `initialOpen`:
 * the name was clicked while this code loaded.
 */
export function TeamSwitch({ initialOpen = false }: { initialOpen?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(initialOpen);
  const { team, teams } = useSession();
  const teamsQuery = useTeamsQuery(open);

  const select = (next: TeamInfo) => {
    setOpen(false);
    if (teamIdOf(next) === team?.team_id) return;
    void switchTeam(next);
  };

  const content = (
    <div className="team-switch-popup" data-testid="team-switch-popup">
      <div className="team-switch-title">
        {t('team.switchTitle')}
        {teamsQuery.isFetching ? <Spin size="small" /> : null}
      </div>
      <div className="team-switch-scroll">
        <TeamList teams={teams} currentId={team?.team_id} onSelect={select} />
      </div>
      <div className="team-switch-footer">
        <button
          type="button"
          className="team-switch-create"
          data-testid="team-switch-settings"
          onClick={() => {
            setOpen(false);
            navigate(Paths.team);
          }}
        >
          <SettingOutlined />
          <span>{t('titles.team')}</span>
        </button>
        <button
          type="button"
          className="team-switch-create"
          data-testid="team-switch-create"
          onClick={() => {
            setOpen(false);
            navigate(teamCreatePath);
          }}
        >
          <PlusOutlined />
          <span>{t('team.create')}</span>
        </button>
      </div>
    </div>
  );

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomLeft"
      arrow={false}
      content={content}
      styles={{ container: { padding: 0 } }}
    >
      <TeamSwitchButton />
    </Popover>
  );
}
