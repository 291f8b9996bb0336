import type { FeatureSwitches } from '@ferry/shared';
import { useQuery } from '@tanstack/react-query';
import { configurationApi, configurationKeys } from '../api/configuration';
import { useSession } from './session';

/**
 * The product's feature switches, answered by the server (`GET common/configuration`, and for a signed-in
 * team `GET account/global_config`, whose switches follow the team's plan). These values are only the
 * first paint's, until the answer arrives.
 */
export const FIRST_PAINT_SWITCHES: FeatureSwitches = {
  watermark: false,
  quick_link: true,
  product_group: true,
  guides: true,
  phone_bind_tip: false,
  axure_prototypes: true,
  documents: false,
};

export type Feature = keyof FeatureSwitches;

/** Switches change with a deployment or a plan, not from one minute to the next. */
const SWITCHES_STALE_MS = 5 * 60 * 1000;

/** The public configuration: the switches and the maintenance notice of any page. */
export function usePublicConfiguration(refetchInterval?: number) {
  return useQuery({
    queryKey: configurationKeys.public,
    queryFn: configurationApi.publicConfig,
    staleTime: SWITCHES_STALE_MS,
    refetchInterval,
  });
}

/** The switches in force here: the active team's when signed in with one, else the server's. */
export function useSwitches(): FeatureSwitches {
  const { token, team } = useSession();
  const teamId = token ? (team?.team_id ?? '') : '';
  const publicConfig = usePublicConfiguration();
  const teamConfig = useQuery({
    queryKey: configurationKeys.team(teamId),
    queryFn: () => configurationApi.globalConfig(teamId),
    enabled: Boolean(teamId),
    staleTime: SWITCHES_STALE_MS,
  });
  return teamConfig.data?.switches ?? publicConfig.data?.switches ?? FIRST_PAINT_SWITCHES;
}

export function useFeature(feature: Feature): boolean {
  return useSwitches()[feature];
}
