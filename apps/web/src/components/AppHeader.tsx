import { Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { itemPath } from '../state/redirect';
import { useSession } from '../state/session';
import { HelpMenu } from './help/HelpMenu';
import { Logo } from './Logo';
import { NotificationBell } from './NotificationBell';
import { lazyNamed } from './OnceOpened';
import { SearchBox } from './SearchBox';
import { TeamSwitchButton } from './TeamSwitchButton';
import { UserMenu } from './UserMenu';

const TeamSwitch = lazyNamed(
  () => import('./headerExtras'),
  (module) => module.TeamSwitch,
);

/** The team name at once; its switch popup once that code is in (a click meanwhile opens it then). */
function HeaderTeam() {
  const [asked, setAsked] = useState(false);
  return (
    <Suspense fallback={<TeamSwitchButton onClick={() => setAsked(true)} />}>
      <TeamSwitch initialOpen={asked} />
    </Suspense>
  );
}

/** The 54 px bar: logo, the active team with its switch popup, search, help, the message bell and the user menu. */
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
            <HeaderTeam />
          </>
        ) : null}
      </div>
      <div className="app-header-right">
        {showTeam && team ? <SearchBox /> : null}
        <HelpMenu />
        <NotificationBell />
        <UserMenu />
      </div>
    </header>
  );
}
