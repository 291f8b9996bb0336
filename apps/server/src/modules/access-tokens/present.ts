import type { AccessTokenView, DeviceRequestView } from '@ferry/shared';
import { formatUserCode } from '@ferry/shared';
import type { accessTokens, deviceAuthorizations } from './tables.js';

export function tokenView(row: typeof accessTokens.$inferSelect): AccessTokenView {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    kind: row.kind,
    plugin_type: row.pluginType,
    hint: row.hint,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}

/** A sign-in as its page shows it; the user code only as the user gave it (it is stored hashed). */
export function deviceView(
  row: typeof deviceAuthorizations.$inferSelect,
  userCode: string,
): DeviceRequestView {
  return {
    user_code: formatUserCode(userCode),
    plugin_type: row.pluginType,
    plugin_uuid: row.pluginUuid,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}
