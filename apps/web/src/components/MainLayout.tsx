import { AppstoreOutlined, SettingOutlined } from '@ant-design/icons';
import { Menu } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { ALL_FOLDER, itemPath, Paths } from '../state/redirect';
import { checkTeamRole } from '../state/roleInfo';
import { useSession } from '../state/session';
import { AppHeader } from './AppHeader';
import { ExpiryBanner } from './ExpiryBanner';

const TEAM_KEY = 'team-settings';

/** The folder tree of the project list (for now the one "All projects" node) and the team settings. */
function ItemSidebar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { team } = useSession();
  const selected = pathname === Paths.team ? TEAM_KEY : ALL_FOLDER;
  return (
    <aside className="app-sidebar" aria-label={t('item.folders')}>
      <div className="app-sidebar-title">{t('item.folders')}</div>
      <Menu
        mode="inline"
        className="app-sidebar-menu"
        selectedKeys={[selected]}
        onClick={({ key }) => {
          if (key === TEAM_KEY) navigate(Paths.team);
          else if (team) navigate(itemPath(team.team_id, ALL_FOLDER));
        }}
        items={[
          {
            key: ALL_FOLDER,
            icon: <AppstoreOutlined />,
            label: <span data-testid="sidebar-all-projects">{t('item.allProjects')}</span>,
          },
          { type: 'divider' },
          {
            key: TEAM_KEY,
            icon: <SettingOutlined />,
            label: <span data-testid="sidebar-team-settings">{t('titles.team')}</span>,
          },
        ]}
      />
    </aside>
  );
}

/** The team role check of spec 000 §4, once per team per day, for the active team. */
function useTeamRoleCheck(enabled: boolean) {
  const { team } = useSession();
  const teamId = team?.team_id;
  useEffect(() => {
    if (enabled && teamId) void checkTeamRole(teamId);
  }, [enabled, teamId]);
}

/** Header on top; on the project pages a 263 px sidebar on the left; the plan-expiry banner below the header. */
export function MainLayout({ sidebar = false, showTeam = true }: { sidebar?: boolean; showTeam?: boolean }) {
  useTeamRoleCheck(showTeam);
  return (
    <div className="app-shell">
      <AppHeader showTeam={showTeam} />
      {showTeam ? <ExpiryBanner /> : null}
      <div className="app-body">
        {sidebar ? <ItemSidebar /> : null}
        <main className="app-main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
