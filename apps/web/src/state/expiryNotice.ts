import { EXPIRY_DIALOG_INTERVAL_MS, EXPIRY_NOTICE_THROTTLE_MS } from '@ferry/shared';
import { useQuery } from '@tanstack/react-query';
import { teamsApi } from '../api/teams';
import { readJson, StorageKeys, writeJson } from './storage';

/** Per team, the time until which a dismissed plan-expiry notice stays hidden (spec 000 §4, 5 minutes). */
type ExpiryThrottle = Record<string, number>;

export function expiryHiddenUntil(teamId: string): number {
  const value = readJson<ExpiryThrottle>(StorageKeys.expireNotice, {})[teamId];
  return typeof value === 'number' ? value : 0;
}

export function dismissExpiryNotice(
  teamId: string,
  throttleMs: number = EXPIRY_NOTICE_THROTTLE_MS,
  now: number = Date.now(),
): number {
  const table = readJson<ExpiryThrottle>(StorageKeys.expireNotice, {});
  table[teamId] = now + throttleMs;
  writeJson(StorageKeys.expireNotice, table);
  return table[teamId];
}

/** Whether the 30-day expiry dialog may show for the team now: at most once a day per team. */
export function expiryDialogDue(teamId: string, now: number = Date.now()): boolean {
  const last = readJson<ExpiryThrottle>(StorageKeys.expiryDialog, {})[teamId];
  return typeof last !== 'number' || now - last >= EXPIRY_DIALOG_INTERVAL_MS;
}

/** Confirming the dialog's close needs the team's id (spec 000 §5): without one nothing is recorded. */
export function confirmExpiryDialog(teamId: string | null | undefined, now: number = Date.now()): boolean {
  if (!teamId) {
    console.warn('expiry dialog closed without a team id');
    return false;
  }
  const table = readJson<ExpiryThrottle>(StorageKeys.expiryDialog, {});
  table[teamId] = now;
  writeJson(StorageKeys.expiryDialog, table);
  return true;
}

/** The team's seat-expiry notice (`team/seat/expire_notice`), read at most once per throttle time: one call for the banner and the dialog. */
export function useExpireNotice(teamId: string | null, userId: string | null) {
  return useQuery({
    queryKey: ['team', teamId, 'expireNotice'],
    queryFn: () => teamsApi.expireNotice(teamId as string, userId),
    enabled: Boolean(teamId),
    staleTime: EXPIRY_NOTICE_THROTTLE_MS,
    retry: false,
  });
}
