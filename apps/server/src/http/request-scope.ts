import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** Whose session the work in progress runs for: an API request's caller, or a socket's. */
interface SessionScope {
  sessionToken(): string | null;
}

const scope = new AsyncLocalStorage<SessionScope>();

/** Whether any rule reads the session now (a team requires its sign-on); set once by app.ts. */
let wanted: () => boolean = () => true;

export function sessionScopeWanted(predicate: () => boolean) {
  wanted = predicate;
}

/**
 * Runs the rest of the request (later hooks, the handler) with its session reachable from deep calls, so a
 * rule about the caller's session (a team's "require SSO") need not be passed through every service. Skipped
 * while no rule needs it: an AsyncLocalStorage in use costs every promise on Node 20.
 */
export function enterRequestScope(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
) {
  if (!request.actor || !wanted()) return done();
  scope.run({ sessionToken: () => request.actor?.token ?? null }, done);
}

/** The same for work done for a socket, which authenticated with `token`. */
export function runWithSessionToken<T>(token: string, work: () => Promise<T>): Promise<T> {
  if (!wanted()) return work();
  return scope.run({ sessionToken: () => token }, work);
}

/** The signed-in caller's session token; null outside a request or socket (jobs) and for share visitors. */
export function currentSessionToken(): string | null {
  return scope.getStore()?.sessionToken() ?? null;
}
