import { createHash } from 'node:crypto';
import { SsoLimits } from '@ferry/shared';
import * as oidc from 'openid-client';
import { AppError, fail } from '../../http/errors.js';

export interface ProviderClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** https, or plain http on this machine only (a provider run beside the server, as in development). */
function issuerUrl(issuer: string): URL {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw fail('SSO_ISSUER_INVALID');
  }
  const local = url.protocol === 'http:' && LOOPBACK.has(url.hostname);
  if (url.protocol !== 'https:' && !local) throw fail('SSO_ISSUER_INVALID');
  return url;
}

/** A failure to reach the provider at all, as opposed to an answer that is wrong. */
function isNetworkFailure(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  const cause = (error as { cause?: unknown })?.cause;
  if (name === 'TimeoutError' || name === 'AbortError') return true;
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) return true;
  return cause !== undefined && cause !== error && isNetworkFailure(cause);
}

/** OpenID discovery of the issuer: 19152 when it cannot be reached, 19153 when what answers is no OIDC issuer. */
export async function discover(client: ProviderClient): Promise<oidc.Configuration> {
  const url = issuerUrl(client.issuer);
  try {
    const config = await oidc.discovery(
      url,
      client.clientId,
      { client_secret: client.clientSecret },
      oidc.ClientSecretBasic(client.clientSecret),
      {
        timeout: SsoLimits.providerTimeoutMs / 1000,
        execute: url.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      },
    );
    config.timeout = SsoLimits.providerTimeoutMs / 1000;
    const metadata = config.serverMetadata();
    if (!metadata.authorization_endpoint || !metadata.token_endpoint) throw fail('SSO_ISSUER_INVALID');
    return config;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw fail(isNetworkFailure(error) ? 'SSO_ISSUER_UNREACHABLE' : 'SSO_ISSUER_INVALID');
  }
}

const discovered = new Map<string, { config: Promise<oidc.Configuration>; until: number }>();

/**
 * Discovery for sign-ins, kept for a few minutes per issuer and client: every start and callback would otherwise
 * ask the provider again. Saving settings always asks afresh (discover).
 */
export function discoverForSignIn(client: ProviderClient, now: number): Promise<oidc.Configuration> {
  const key = [
    client.issuer,
    client.clientId,
    createHash('sha256').update(client.clientSecret).digest('hex'),
  ].join('\0');
  const kept = discovered.get(key);
  if (kept && kept.until > now) return kept.config;
  const config = discover(client);
  discovered.set(key, { config, until: now + SsoLimits.discoveryCacheMs });
  config.catch(() => discovered.delete(key));
  return config;
}

export function authorizationUrl(
  config: oidc.Configuration,
  params: { redirectUri: string; state: string; nonce: string; codeChallenge: string },
): string {
  return oidc
    .buildAuthorizationUrl(config, {
      redirect_uri: params.redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      state: params.state,
      nonce: params.nonce,
      code_challenge: params.codeChallenge,
      code_challenge_method: 'S256',
    })
    .toString();
}

export const codeChallengeOf = (verifier: string) => oidc.calculatePKCECodeChallenge(verifier);

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

/**
 * Exchanges the code and checks the ID token (signature, issuer, audience, expiry, nonce) with openid-client.
 * The provider's own refusal is 19157 with its words; a token that fails a check is 19156.
 */
export async function exchangeCode(
  config: oidc.Configuration,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<VerifiedIdentity> {
  let claims: oidc.IDToken | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      pkceCodeVerifier: checks.codeVerifier,
      idTokenExpected: true,
    });
    claims = tokens.claims();
    if (claims && typeof claims.email !== 'string') {
      // Some providers keep the e-mail for the userinfo endpoint rather than the ID token.
      const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
      claims = {
        ...claims,
        email: info.email,
        email_verified: info.email_verified,
        name: info.name ?? claims.name,
      };
    }
  } catch (error) {
    if (error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError) {
      throw providerRefusal(error.error, error.error_description);
    }
    if (isNetworkFailure(error)) throw fail('SSO_ISSUER_UNREACHABLE');
    throw fail('SSO_TOKEN_REJECTED');
  }
  if (!claims) throw fail('SSO_TOKEN_REJECTED');
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  const name = [claims.name, claims.preferred_username].find((value) => typeof value === 'string');
  return {
    issuer: claims.iss,
    subject: claims.sub,
    email,
    emailVerified: claims.email_verified === true,
    name: typeof name === 'string' ? name : '',
  };
}

/** The provider's `error` and `error_description`, shown to the person as the provider said them. */
export function providerRefusal(error: string, description?: string) {
  const detail = [error, description].filter(Boolean).join(': ').slice(0, 300);
  return fail(
    'SSO_PROVIDER_REFUSED',
    {
      zh: `身份提供方拒绝了这次登录（${detail}）`,
      en: `The identity provider refused this sign-in (${detail})`,
    },
    { provider_error: error },
  );
}
