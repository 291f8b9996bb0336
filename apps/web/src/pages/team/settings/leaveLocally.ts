import { queryClient } from '../../../queryClient';
import { teamIdOf } from '../../../state/redirect';
import { getSession, setTeams } from '../../../state/session';
import { teamKeys } from '../../../state/teamQueries';
import { goToRemainingTeam } from '../../../state/teamRecovery';

/**
 * Forgets a team this user no longer has (dissolved, merged away, left) before anything else asks the
 * server about it, then opens the first remaining team or team creation.
 */
export async function leaveLocally(teamId: string): Promise<void> {
  setTeams(getSession().teams.filter((team) => teamIdOf(team) !== teamId));
  await queryClient.cancelQueries({ queryKey: teamKeys.all(teamId) });
  queryClient.removeQueries({ queryKey: teamKeys.all(teamId) });
  await goToRemainingTeam().catch(() => {});
}
