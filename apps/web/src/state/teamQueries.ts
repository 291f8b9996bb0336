import type { TeamInfo } from '@ferry/shared';
import { queryClient } from '../queryClient';
import { teamIdOf } from './redirect';
import { getSession, setTeams } from './session';

/** Query keys of one team's data; every key starts with ['team', teamId] so leaving a team drops them all. */
export const teamKeys = {
  all: (teamId: string) => ['team', teamId] as const,
  members: (teamId: string) => ['team', teamId, 'members'] as const,
  departments: (teamId: string) => ['team', teamId, 'departments'] as const,
  applies: (teamId: string) => ['team', teamId, 'applies'] as const,
  applyCount: (teamId: string) => ['team', teamId, 'applyCount'] as const,
  inviteLink: (teamId: string) => ['team', teamId, 'inviteLink'] as const,
  quota: (teamId: string) => ['team', teamId, 'quota'] as const,
};

/** Replaces one team in the stored team list (after a rename or a new avatar). */
export function updateStoredTeam(teamId: string, change: Partial<TeamInfo>): void {
  setTeams(getSession().teams.map((team) => (teamIdOf(team) === teamId ? { ...team, ...change } : team)));
}

/** The member list, departments, seat counts and the team list all change when someone joins, moves or leaves. */
export function refreshPeople(teamId: string): void {
  void queryClient.invalidateQueries({ queryKey: teamKeys.members(teamId) });
  void queryClient.invalidateQueries({ queryKey: teamKeys.departments(teamId) });
  void queryClient.invalidateQueries({ queryKey: teamKeys.quota(teamId) });
  void queryClient.invalidateQueries({ queryKey: teamKeys.applies(teamId) });
  void queryClient.invalidateQueries({ queryKey: teamKeys.applyCount(teamId) });
  void queryClient.invalidateQueries({ queryKey: ['teams'] });
}
