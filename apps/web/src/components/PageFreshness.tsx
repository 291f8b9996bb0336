import { FRESHNESS_CHECK_MS } from '@ferry/shared';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { checkFreshness, reloadIfStale } from '../state/freshness';

/** A stale page reloads at a safe moment, else it checks for a new build (at most every 10 minutes). */
const reloadOrCheck = () => {
  if (!reloadIfStale()) void checkFreshness();
};

/**
 * The page freshness check's moments: every 10 minutes, each navigation and the tab coming back into view;
 * the first two are also when a reload put off by unsent work happens.
 */
export function PageFreshness() {
  const { pathname, search } = useLocation();

  useEffect(() => {
    const timer = setInterval(reloadOrCheck, FRESHNESS_CHECK_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') reloadOrCheck();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  useEffect(reloadOrCheck, [pathname, search]);
  return null;
}
