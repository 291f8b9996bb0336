import type { TimingMetric } from '@ferry/shared';
import { useEffect, useRef } from 'react';
import { configurationApi } from '../api/configuration';
import { isSignedIn } from './session';

/**
 * Reports how long something took (`POST account/timing`), for the operator's histogram (`ferry stats`).
 * Only signed-in sessions report; a report that fails is dropped: timings never disturb the user.
 */
export function reportTiming(name: TimingMetric, seconds: number): void {
  if (!isSignedIn() || !Number.isFinite(seconds) || seconds < 0) return;
  void configurationApi.reportTiming(name, seconds).catch(() => undefined);
}

/** The first screen: from the page's start (navigation) to its first render, reported once per page load. */
export function reportFirstScreen(): void {
  requestAnimationFrame(() => reportTiming('first_screen', performance.now() / 1000));
}

/** Reports the time from `key` appearing (e.g. a design opened) until `ready`, once per key. */
export function useTiming(name: TimingMetric, key: string, ready: boolean, enabled = true): void {
  const started = useRef<{ key: string; at: number; reported: boolean } | null>(null);
  if (started.current?.key !== key) started.current = { key, at: performance.now(), reported: false };
  useEffect(() => {
    const run = started.current;
    if (!enabled || !ready || !key || !run || run.reported) return;
    run.reported = true;
    reportTiming(name, (performance.now() - run.at) / 1000);
  }, [name, key, ready, enabled]);
}
