import { EXPIRY_NOTICE_THROTTLE_MS } from '@ferry/shared';
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
