import type { TokenScope } from '@ferry/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { requireScope } from './policy.js';
import { findAccessToken, noteUse } from './tokens.js';

/**
 * A personal or plugin token as the caller: its user, narrowed to its scopes. A revoked or expired token
 * answers like an expired session (401); a disabled or closed account's tokens stop working as its sessions do.
 */
export async function accessTokenActor(
  ctx: AppContext,
  request: FastifyRequest,
  token: string,
): Promise<{ userId: string; token: string; scopes: readonly TokenScope[] }> {
  const found = await ctx.cache.remember(`access-token:${token}`, () => findAccessToken(ctx.db, token));
  if (!found || found.revokedAt) throw fail('SESSION_EXPIRED');
  if (found.expiresAt && found.expiresAt.getTime() <= ctx.now().getTime()) throw fail('SESSION_EXPIRED');
  if (found.status === 'disabled') throw fail('ACCOUNT_DISABLED');
  if (found.status === 'closed') throw fail('ACCOUNT_CANCELLED');
  requireScope(found.scopes, request.method, request.routeOptions.url ?? '');
  await noteUse(ctx, found.id, found.lastUsedAt);
  return { userId: found.userId, token, scopes: found.scopes };
}
