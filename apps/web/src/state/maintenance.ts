import type { MaintenanceNotice, PublicConfiguration } from '@ferry/shared';
import { configurationKeys } from '../api/configuration';
import { queryClient } from '../queryClient';

/**
 * A maintenance notice pushed over the socket: the public configuration the banner reads takes it at once;
 * before that configuration was read, it is read now (and carries the notice).
 */
export function showMaintenance(notice: MaintenanceNotice | null): void {
  const known = queryClient.getQueryData<PublicConfiguration>(configurationKeys.public);
  if (known) queryClient.setQueryData(configurationKeys.public, { ...known, maintenance: notice });
  else void queryClient.invalidateQueries({ queryKey: configurationKeys.public });
}
