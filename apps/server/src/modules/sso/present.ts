import type { SsoConfigAnswer, SsoMemberRole } from '@ferry/shared';
import type { ssoConfigs } from './tables.js';

export const callbackPath = '/api/sso/callback';

export function redirectUriOf(publicUrl: string) {
  return `${publicUrl.replace(/\/+$/, '')}${callbackPath}`;
}

export function presentConfig(
  teamId: string,
  row: typeof ssoConfigs.$inferSelect | undefined,
  publicUrl: string,
): SsoConfigAnswer {
  return {
    team_id: teamId,
    configured: Boolean(row),
    slug: row?.slug ?? '',
    issuer: row?.issuer ?? '',
    client_id: row?.clientId ?? '',
    client_secret_set: Boolean(row?.clientSecretSealed),
    allowed_domains: row?.allowedDomains ?? [],
    default_role: (row?.defaultRole ?? 'member') as SsoMemberRole,
    enabled: row?.enabled ?? false,
    require_sso: row?.requireSso ?? false,
    redirect_uri: redirectUriOf(publicUrl),
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}
