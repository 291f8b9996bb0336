import type {
  InviteAbtestView,
  OnboardingOption,
  OnboardingStep,
  OnboardingStepState,
  OnboardProjectView,
  OnboardTeamView,
  OnboardUserView,
} from '@ferry/shared';
import { api } from './client';

/** The first-run path's calls (docs/api.md "Onboarding"). */
export type OnboardUserChange = {
  role?: string;
  step?: OnboardingStep;
  state?: OnboardingStepState;
  finish?: 'finished' | 'skipped';
};

export const onboardingApi = {
  user: () => api.get<OnboardUserView>('account/onboard_user'),
  saveUser: (change: OnboardUserChange) => api.put<OnboardUserView>('account/onboard_user', change),
  team: (teamId: string) => api.get<OnboardTeamView>('account/onboard_team', { team_id: teamId }),
  saveTeam: (teamId: string, industry: string) =>
    api.put<OnboardTeamView>('account/onboard_team', { team_id: teamId, industry }),
  sampleProject: (teamId: string) =>
    api.get<OnboardProjectView>('account/onboard_project', { team_id: teamId }),
  roles: () => api.get<{ list: OnboardingOption[] }>('pangu/onboarding/team/role'),
  industries: () => api.get<{ list: OnboardingOption[] }>('pangu/onboarding/team/industry'),
  inviteVariant: () => api.get<InviteAbtestView>('pangu/onboarding/abtest/invite'),
};

export const onboardingKeys = {
  user: ['onboarding', 'user'] as const,
  team: (teamId: string) => ['onboarding', 'team', teamId] as const,
  lists: ['onboarding', 'lists'] as const,
  invite: ['onboarding', 'abtest', 'invite'] as const,
};
