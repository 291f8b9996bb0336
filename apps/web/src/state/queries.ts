import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountApi, type SessionCheck } from '../api/account';
import { showToast } from '../api/client';
import { isApiError } from '../api/errors';
import { teamsApi } from '../api/teams';
import { i18n } from '../i18n';
import { chooseTeam, teamIdOf } from './redirect';
import { getSession, selectTeam, setTeams, setUser, useSession } from './session';
import { raiseTeamEvent } from './teamEvents';

export const queryKeys = {
  session: (token: string | null) => ['session', token] as const,
  teams: (userId: string | null) => ['teams', userId] as const,
};

/**
 * Applies a session answer: the user, the teams, and an active team when none is set yet. A stored team
 * that is no longer among the user's teams means the user was removed from it: the full-screen tip says
 * so (spec 000 §4), and its button opens a remaining team.
 */
export function applySessionCheck(answer: SessionCheck): void {
  const stored = getSession().team;
  if (stored && !answer.teams.some((team) => teamIdOf(team) === stored.team_id)) raiseTeamEvent('removed');
  setUser(answer.user);
  setTeams(answer.teams);
  if (!getSession().team) {
    const choice = chooseTeam(answer.teams, answer.team_status);
    if (choice) selectTeam(choice.team, choice.folderId);
  }
}

/** The session check of a token (GET account/login), which refreshes user and teams; asked once per page load. */
export function sessionCheckQuery(token: string | null) {
  return queryOptions({
    queryKey: queryKeys.session(token),
    queryFn: async () => {
      const answer = await accountApi.checkLogin();
      applySessionCheck(answer);
      return answer;
    },
    enabled: Boolean(token),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useSessionCheck() {
  const { token } = useSession();
  return useQuery(sessionCheckQuery(token));
}

/** The user's teams (GET account/user_teams), kept in the `teams` key as they arrive. */
export function useTeamsQuery(enabled = true) {
  const { userId } = useSession();
  return useQuery({
    queryKey: queryKeys.teams(userId),
    queryFn: async () => {
      try {
        const teams = await teamsApi.userTeams();
        setTeams(teams);
        return teams;
      } catch (error) {
        // Team list failure (spec 000 §8): one generic toast unless the client already reacted.
        if (!(isApiError(error) && error.handled)) showToast('error', i18n.t('common.requestFailed'));
        throw error;
      }
    },
    retry: false,
    enabled: enabled && Boolean(userId),
    staleTime: 10_000,
  });
}
