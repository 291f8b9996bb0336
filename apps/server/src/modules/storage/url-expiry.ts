import { Limits } from '@ferry/shared';

/**
 * Signed URLs expire at the end of tomorrow: long enough for a working day, and the same all day long, so
 * the browser's cache keeps thumbnails between page loads.
 */
export function urlExpiry(now: Date): Date {
  const startOfDay = Math.floor(now.getTime() / Limits.msPerDay) * Limits.msPerDay;
  return new Date(startOfDay + 2 * Limits.msPerDay);
}
