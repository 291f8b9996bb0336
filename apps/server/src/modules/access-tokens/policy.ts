import type { TokenScope } from '@ferry/shared';
import { fail } from '../../http/errors.js';
import { LOCAL_UPLOAD_PATH } from '../uploads/post-policy.js';

/**
 * What an access token may call: the one scope rule (DESIGN.md "Who asks: actors": a token is its user,
 * narrowed to the token's scopes). Routes are named by method and Fastify's route pattern.
 */

/** The upload path: an upload policy, the storage endpoint's check, registering designs and versions. */
export const UPLOAD_CALLS = new Set([
  'GET /api/oss/token',
  'GET /api/oss/signature',
  'GET /api/oss/bucket',
  `HEAD ${LOCAL_UPLOAD_PATH}/*`,
  'POST /api/project/image',
  'PUT /api/project/version',
]);

/**
 * POSTs that only read: signing the addresses of files one may already see. Noting which version one inspected
 * is not one: it decides who is told of the next version.
 */
export const READING_POSTS = new Set(['POST /api/project/sign_url', 'POST /api/project/sts_sign_url']);

/**
 * Reads a token never makes: its own kind's management and the plugin approval (a signed-in person in the
 * browser decides those), an invitation link, which is team administration though asked with GET, and the
 * first-run sample project, which a GET creates.
 */
export const SESSION_ONLY_PATHS = new Set([
  '/api/account/access_tokens',
  '/api/plugin/device',
  '/api/account/team_invite_link',
  '/api/account/onboard_project',
]);

/** The scope a call needs, or null when no token may make it. */
export function scopeNeeded(method: string, route: string): TokenScope | null {
  const call = `${method} ${route}`;
  if (UPLOAD_CALLS.has(call)) return 'upload';
  if (SESSION_ONLY_PATHS.has(route)) return null;
  if (method === 'GET' || method === 'HEAD' || READING_POSTS.has(call)) return 'read';
  return null;
}

/** Refuses a call the token's scopes do not cover (19174), before its handler runs. */
export function requireScope(scopes: readonly TokenScope[], method: string, route: string) {
  const needed = scopeNeeded(method, route);
  if (!needed || !scopes.includes(needed)) throw fail('TOKEN_SCOPE_DENIED');
}
