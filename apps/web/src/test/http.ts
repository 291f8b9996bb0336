import { vi } from 'vitest';

/** What the stubbed fetch saw: one entry per call. */
export interface SeenRequest {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

export function envelope(
  code: string,
  msg: string,
  result?: unknown,
  status = 200,
  field = 'result',
): Response {
  const body: Record<string, unknown> = { code, msg };
  if (result !== undefined) body[field] = result;
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const ok = (result?: unknown) => envelope('00000', 'success', result ?? {});

type Handler = (request: SeenRequest) => Response | Promise<Response>;

/**
 * Replaces the global fetch (the third party between the app and the server) with `handler`, which
 * answers real envelopes. Answers the list of requests seen.
 */
export function stubFetch(handler: Handler): SeenRequest[] {
  const seen: SeenRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const request = describeRequest(input, init);
      seen.push(request);
      return handler(request);
    }),
  );
  return seen;
}

/** A call of fetch as the tests look at it. */
export function describeRequest(input: RequestInfo | URL, init: RequestInit = {}): SeenRequest {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const parsed = new URL(url, 'http://localhost');
  return {
    method: (init.method ?? 'GET').toUpperCase(),
    url,
    path: parsed.pathname,
    query: parsed.searchParams,
    headers: Object.fromEntries(new Headers(init.headers).entries()),
    body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
  };
}
