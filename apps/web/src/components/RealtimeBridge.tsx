import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { reviveRealtime, startRealtime, stopRealtime, watchProject } from '../realtime/connection';
import { clearToasts } from '../realtime/toasts';
import { reloadMessageDots } from '../state/messageDots';
import { useSession } from '../state/session';
import { StorageKeys } from '../state/storage';
import { RealtimeToasts } from './RealtimeToasts';

/**
 * The real-time connection for the signed-in session (one per session: a new token replaces it, sign-out
 * ends it) and its notification toasts. After the reconnects ran out, the browser coming back online or
 * the tab being shown tries again; the new-message dots follow other tabs.
 */
export function RealtimeBridge() {
  const { token } = useSession();

  useEffect(() => {
    if (!token) {
      clearToasts();
      return;
    }
    startRealtime(token);
    return () => stopRealtime();
  }, [token]);

  useEffect(() => {
    const revive = () => {
      if (document.visibilityState === 'visible') reviveRealtime();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === StorageKeys.messageDots) reloadMessageDots();
    };
    window.addEventListener('online', revive);
    document.addEventListener('visibilitychange', revive);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('online', revive);
      document.removeEventListener('visibilitychange', revive);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  return <RealtimeToasts />;
}

/** On a project's pages: tells the server which project this tab has open, so its room's notices reach it. */
export function RealtimeWatch() {
  const [params] = useSearchParams();
  const teamId = params.get('tid') ?? '';
  const projectId = params.get('pid') || params.get('project_id') || '';
  useEffect(() => {
    watchProject(teamId && projectId ? { teamId, projectId } : null);
    return () => watchProject(null);
  }, [teamId, projectId]);
  return null;
}
