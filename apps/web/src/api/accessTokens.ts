import type {
  AccessTokenView,
  CreateAccessTokenBody,
  CreatedAccessToken,
  DeviceRequestView,
} from '@ferry/shared';
import { api, request } from './client';

/** Personal access tokens and the plugin approval (docs/api.md "Access tokens"). */
export const accessTokensApi = {
  list: () => api.get<{ list: AccessTokenView[] }>('account/access_tokens'),
  create: (body: CreateAccessTokenBody) => api.post<CreatedAccessToken>('account/access_tokens', body),
  revoke: (id: string) => api.delete<null>('account/access_tokens', undefined, { id }),
  /** Quiet: the page shows a wrong, expired or decided code in place. */
  device: (userCode: string, pluginUuid?: string | null) =>
    request<DeviceRequestView>('GET', 'plugin/device', {
      query: { user_code: userCode, ...(pluginUuid ? { plugin_uuid: pluginUuid } : {}) },
      quiet: true,
    }),
  decide: (body: { user_code: string; plugin_uuid?: string; approve: boolean }) =>
    request<DeviceRequestView>('POST', 'plugin/device/decision', { body, quiet: true }),
};

export type { AccessTokenView, CreatedAccessToken, DeviceRequestView };
