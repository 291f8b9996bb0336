/** The first-run path's route (/onboarding?tid=…), kept apart from the page so the project list links to it cheaply. */
export const ONBOARDING_PATH = '/onboarding';

export function onboardingPath(teamId: string): string {
  return `${ONBOARDING_PATH}?${new URLSearchParams({ tid: teamId }).toString()}`;
}
