import { useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { type DsmScope, dsmApi, dsmKeys } from '../../api/dsm';
import { useFailureToast } from '../../components/useFailureToast';
import { queryClient } from '../../queryClient';

/** The library (folders and files) of a dsm project. */
export function useDsmProject(scope: DsmScope, enabled = true) {
  return useQuery({
    queryKey: dsmKeys.project(scope.team_id, scope.project_id),
    queryFn: () => dsmApi.project(scope),
    enabled: enabled && Boolean(scope.team_id && scope.project_id),
    retry: false,
  });
}

export function useDsmTokens(scope: DsmScope) {
  return useQuery({
    queryKey: dsmKeys.tokens(scope.team_id, scope.project_id),
    queryFn: () => dsmApi.tokens(scope),
    retry: false,
  });
}

/** Reads the library and the tokens again after a change (tokens sit under the project's key). */
export function refreshDsm(scope: DsmScope): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: dsmKeys.project(scope.team_id, scope.project_id) });
}

/**
 * Runs a change and refreshes the screen; a refusal is a toast in the server's words. Answers whether it
 * went through, so a dialog knows to close.
 */
export function useDsmChange(scope: DsmScope) {
  const { message } = App.useApp();
  const failure = useFailureToast(message);
  return async (change: () => Promise<unknown>): Promise<boolean> => {
    try {
      await change();
      return true;
    } catch (error) {
      failure(error);
      return false;
    } finally {
      await refreshDsm(scope);
    }
  };
}
