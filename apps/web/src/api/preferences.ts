import type { GuideName, GuidesAnswer, Preferences } from '@ferry/shared';
import { request } from './client';

/**
 * Preferences and first-time guides (docs/api.md). Quiet: neither is worth a dialog; the browser's copy
 * serves until the next try.
 */
export const preferencesApi = {
  read: () =>
    request<Preferences>('GET', 'account/user_profile_by_cache', {
      query: { group: 'preferences' },
      quiet: true,
    }),
  save: (change: Partial<Preferences>) =>
    request<null>('POST', 'account/user_profile_by_cache', {
      body: { info: { preferences: change } },
      quiet: true,
    }),
  guides: () => request<GuidesAnswer>('GET', 'pangu/onboarding/guide', { quiet: true }),
  dismissGuide: (name: GuideName) =>
    request<GuidesAnswer>('POST', 'pangu/onboarding/guide', { body: { name }, quiet: true }),
};
