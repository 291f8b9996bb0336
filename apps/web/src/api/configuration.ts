import type { GlobalConfig, MaintenanceNotice, PublicConfiguration, TimingMetric } from '@ferry/shared';
import { api } from './client';

/** The configuration calls of docs/api.md ("Configuration"): switches, the maintenance notice, timings. */
export const configurationKeys = {
  public: ['configuration', 'public'] as const,
  team: (teamId: string) => ['configuration', 'team', teamId] as const,
};

export const configurationApi = {
  /** Any page's configuration, signed in or not. */
  publicConfig: () => api.get<PublicConfiguration>('common/configuration'),
  /** The signed-in caller's configuration in a team (their role, seats, the team's switches). */
  globalConfig: (teamId: string) => api.get<GlobalConfig>('account/global_config', { id: teamId }),
  reportTiming: (name: TimingMetric, seconds: number) =>
    api.post<unknown>('account/timing', { name, seconds }),
};

export type { MaintenanceNotice };
