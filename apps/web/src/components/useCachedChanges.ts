import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useFailureToast } from './useFailureToast';

/**
 * Changes to one cached answer that show at once: `patch` edits the cached answer (if read), `attempt` runs
 * the call, shows a refusal in the server's words and reads the answer again either way.
 */
export function useCachedChanges<T>(key: QueryKey) {
  const { message } = App.useApp();
  const failed = useFailureToast(message);
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const patch = (change: (old: T) => T) => client.setQueryData<T>(key, (old) => (old ? change(old) : old));
  /** True once the call succeeded. */
  const attempt = async (call: () => Promise<unknown>) => {
    try {
      await call();
      return true;
    } catch (error) {
      failed(error);
      return false;
    } finally {
      await refresh();
    }
  };
  return { message, failed, refresh, patch, attempt };
}
