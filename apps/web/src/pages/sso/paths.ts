/** The single sign-on page's addresses (spec 000 §2 `/sso/#/` main and register). */
export const SSO_PATH = '/sso';
export const SSO_REGISTER_PATH = '/sso/register';

/** The SSO page for a team that asked for its own sign-on (39996): its SSO id filled in, and why. */
export function ssoPagePath(ssoId?: string | null): string {
  const query = new URLSearchParams({ required: '1' });
  if (ssoId) query.set('sso_id', ssoId);
  return `${SSO_PATH}?${query}`;
}
