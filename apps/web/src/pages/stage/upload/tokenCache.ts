import { DesignLimits, type Uptoken } from '@ferry/shared';

/** A token this close to its own expiry is not handed out: an upload started with it could outlive it. */
const EXPIRY_MARGIN_MS = 60_000;

export interface TokenCache {
  /** The team's upload token: the cached one while fresh (5 minutes, spec 001 §4), else a new one. */
  get(teamId: string): Promise<Uptoken>;
  /** Forgets the team's token (and a request for one still under way), e.g. once it expired or hung. */
  invalidate(teamId: string): void;
}

interface Entry {
  token: Uptoken;
  fetchedAt: number;
  scope: string;
}

/**
 * Upload tokens per team. A token is kept 5 minutes after it was fetched, and never past its own expiry;
 * uploads that ask at the same time share one request. A token names its user's upload folder, so it is
 * kept only for the session (`scope`) that fetched it.
 */
export function createTokenCache(
  fetchToken: (teamId: string) => Promise<Uptoken>,
  options: { now?: () => number; scope?: () => string } = {},
): TokenCache {
  const now = options.now ?? Date.now;
  const scope = options.scope ?? (() => '');
  const cached = new Map<string, Entry>();
  const pending = new Map<string, Promise<Uptoken>>();

  const isFresh = (entry: Entry) =>
    entry.scope === scope() &&
    now() - entry.fetchedAt < DesignLimits.uploadTokenCacheMs &&
    entry.token.expire * 1000 - now() > EXPIRY_MARGIN_MS;

  return {
    get(teamId) {
      const entry = cached.get(teamId);
      if (entry && isFresh(entry)) return Promise.resolve(entry.token);
      const pendingKey = `${scope()}\n${teamId}`;
      const inFlight = pending.get(pendingKey);
      if (inFlight) return inFlight;
      const fetchedScope = scope();
      const request = fetchToken(teamId)
        .then((token) => {
          cached.set(teamId, { token, fetchedAt: now(), scope: fetchedScope });
          return token;
        })
        .finally(() => {
          if (pending.get(pendingKey) === request) pending.delete(pendingKey);
        });
      pending.set(pendingKey, request);
      return request;
    },
    invalidate(teamId) {
      cached.delete(teamId);
      pending.delete(`${scope()}\n${teamId}`);
    },
  };
}
