import { isTeamAdmin, type OnboardUserView, type TeamInfo } from '@ferry/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type OnboardUserChange, onboardingApi, onboardingKeys } from '../../api/onboarding';
import { queryClient } from '../../queryClient';

/** Where the signed-in user is on the first-run path. */
export const useOnboardUser = () => useQuery({ queryKey: onboardingKeys.user, queryFn: onboardingApi.user });

/** Saves a change of the user's progress; the answer is the new progress, kept for every reader. */
export function useSaveOnboardUser() {
  return useMutation({
    mutationFn: (change: OnboardUserChange) => onboardingApi.saveUser(change),
    onSuccess: (progress: OnboardUserView) => queryClient.setQueryData(onboardingKeys.user, progress),
  });
}

/** Admins and the super admin set the team's industry and invite people (the server holds the same rule). */
export const adminsTeam = (team: Pick<TeamInfo, 'role'>) => isTeamAdmin(team.role.type);

/**
 * Who is offered the first-run path from the project list: the super admin of the team (who made it), while
 * the path is still open. Someone who joined another's team through an invitation lands among real projects
 * and colleagues already; a sample project would clutter that team's list, and its industry is not theirs
 * to set.
 */
export const offersFirstRun = (team: Pick<TeamInfo, 'role'>, progress: OnboardUserView | undefined) =>
  team.role.type === 'superadmin' && progress?.status === 'open';

/**
 * Whether a team just created leads straight into the first-run path (as sign-up flows of similar tools do):
 * only the user's first team, while their path is open. A further team, or a path finished or skipped, goes to
 * the project list; the banner there stays the way back in. An unreadable progress also goes to the list.
 */
export async function leadsIntoFirstRun(created: TeamInfo, hadTeams: boolean): Promise<boolean> {
  if (hadTeams) return false;
  try {
    const progress = await queryClient.fetchQuery({
      queryKey: onboardingKeys.user,
      queryFn: onboardingApi.user,
    });
    return offersFirstRun(created, progress);
  } catch {
    return false;
  }
}
