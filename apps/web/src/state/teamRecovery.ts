import type { TeamInfo } from '@ferry/shared';
import { teamsApi } from '../api/teams';
import { queryClient } from '../queryClient';
import { navigateTo } from './navigation';
import { teamCreatePath } from './redirect';
import { setTeams } from './session';
import { clearTeamEvent } from './teamEvents';
import { switchTeam } from './teamSwitch';

/**
 * After the user lost a team (removed, dissolved, left, merged away): reload the teams
 * (GET account/user_teams), then open the first remaining team's project list, or team creation when
 * none remain (spec 000 §4). Rejects when the team list cannot be loaded; the tip then stays.
 */
export async function goToRemainingTeam(): Promise<TeamInfo | null> {
  const teams = await teamsApi.userTeams();
  queryClient.removeQueries({ queryKey: ['team'] });
  void queryClient.invalidateQueries({ queryKey: ['teams'] });
  clearTeamEvent();
  const first = teams[0] ?? null;
  // The next team becomes active before the list is stored, so no page sees a moment without a team.
  if (first) void switchTeam(first);
  setTeams(teams);
  if (!first) navigateTo(teamCreatePath, { replace: true });
  return first;
}
