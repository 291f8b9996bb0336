import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** Whose session the work in progress runs for: an API request's caller, or a socket's. */
interface SessionScope {
  sessionToken(): string | null;
}

const scope = new AsyncLocalStorage<SessionScope>();

/**
 * Runs the rest of the request (later hooks, the handler) with its session reachable from deep calls, so a
 * rule about the caller's session (a team's "require SSO") need not be passed through every service.
 */
export function enterRequestScope(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
) {
  scope.run({ sessionToken: () => request.actor?.token ?? null }, done);
}

/** The same for work done for a socket, which authenticated with `token`. */
export function runWithSessionToken<T>(token: string, work: () => Promise<T>): Promise<T> {
  return scope.run({ sessionToken: () => token }, work);
}

/** The signed-in caller's session token; null outside a request or socket (jobs) and for share visitors. */
export function currentSessionToken(): string | null {
  return scope.getStore()?.sessionToken() ?? null;
}
