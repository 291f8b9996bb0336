import { Link } from 'react-router-dom';
import { itemPath } from '../state/redirect';
import { useSession } from '../state/session';
import { Logo } from './Logo';
import { NotificationBell } from './NotificationBell';
import { TeamSwitch } from './TeamSwitch';
import { UserMenu } from './UserMenu';

/** The 54 px bar: logo, the active team with its switch popup, the message bell and the user menu. */
export function AppHeader({ showTeam = true }: { showTeam?: boolean }) {
  const { team } = useSession();
  const home = team ? itemPath(team.team_id, team.folderId) : '/';
  return (
    <header className="app-header">
      <div className="app-header-left">
        <Link to={home} className="app-header-logo" aria-label="Ferry">
          <Logo />
        </Link>
        {showTeam && team ? (
          <>
            <span className="app-header-divider" />
            <TeamSwitch />
          </>
        ) : null}
      </div>
      <div className="app-header-right">
        <NotificationBell />
        <UserMenu />
      </div>
    </header>
  );
}
