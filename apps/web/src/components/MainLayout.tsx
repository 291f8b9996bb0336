import { type ReactNode, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { checkTeamRole } from '../state/roleInfo';
import { useSession } from '../state/session';
import { AppHeader } from './AppHeader';
import { ExpiryBanner } from './ExpiryBanner';
import { ExpiryDialog } from './ExpiryDialog';
import { RealtimeWatch } from './RealtimeBridge';

/** The team role check of spec 000 §4, once per team per day, for the active team. */
function useTeamRoleCheck(enabled: boolean) {
  const { team } = useSession();
  const teamId = team?.team_id;
  useEffect(() => {
    if (enabled && teamId) void checkTeamRole(teamId);
  }, [enabled, teamId]);
}

/**
 * Header on top; on the project pages a 263 px sidebar on the left (the page's own, given by the router);
 * the plan-expiry banner below the header, and for admins the once-a-day dialog when the plan ends soon.
 */
export function MainLayout({ sidebar, showTeam = true }: { sidebar?: ReactNode; showTeam?: boolean }) {
  useTeamRoleCheck(showTeam);
  return (
    <div className="app-shell">
      <AppHeader showTeam={showTeam} />
      <RealtimeWatch />
      {showTeam ? <ExpiryBanner /> : null}
      {showTeam ? <ExpiryDialog /> : null}
      <div className="app-body">
        {sidebar}
        <main className="app-main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
