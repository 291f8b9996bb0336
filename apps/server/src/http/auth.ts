import { Codes, type TokenScope } from '@ferry/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { accessTokenActor } from '../modules/access-tokens/authenticate.js';
import { isAccessToken } from '../modules/access-tokens/tokens.js';
import { findSession } from '../modules/account/sessions.js';
import { AppError } from './errors.js';

export interface Actor {
  userId: string;
  token: string;
  /** A personal or plugin access token's scopes; a session's actor has none and is not narrowed. */
  scopes?: readonly TokenScope[];
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    /** A share link visitor's token (modules/share/visits.ts answers such a request). */
    visitorToken?: string;
  }
  interface FastifyContextConfig {
    /** A route anyone may call, signed in or not. */
    public?: boolean;
    /** A POST that changes nothing the read cache holds (a log line, a file of its own): no cache clearing. */
    keepsReadCache?: boolean;
  }
}

/** `Authorization: Basic base64(token + ":")`: the token is the user name, the password is empty. */
export function readBasicToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const token = decoded.split(':')[0];
  return token ? token : null;
}

const revokedAnswer = {
  password_changed: Codes.PASSWORD_CHANGED,
  elsewhere: Codes.LOGGED_IN_ELSEWHERE,
  closed: Codes.ACCOUNT_CANCELLED,
} as const;

/** Resolves the caller, or throws the status spec 000 §8 gives for why the session is not valid. */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<Actor> {
  const token = readBasicToken(request);
  if (!token) throw new AppError(Codes.SESSION_EXPIRED);
  if (isAccessToken(token)) return accessTokenActor(ctx, request, token);
  // Keyed by the token itself (memory only): a hit costs no hashing; sign-outs clear the cache like any change.
  const session = await ctx.cache.remember(`session:${token}`, () => findSession(ctx.db, token));
  if (!session) throw new AppError(Codes.SESSION_EXPIRED);
  if (session.revokedAt) {
    const reason = session.revokedReason as keyof typeof revokedAnswer;
    throw new AppError(revokedAnswer[reason] ?? Codes.SESSION_EXPIRED);
  }
  if (session.status === 'disabled') throw new AppError(Codes.ACCOUNT_DISABLED);
  if (session.status === 'closed') throw new AppError(Codes.ACCOUNT_CANCELLED);
  return { userId: session.userId, token };
}

export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError(Codes.SESSION_EXPIRED);
  return request.actor;
}
