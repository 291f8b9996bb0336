import { StageLimits } from '@ferry/shared';

interface EarlyRead {
  headers: Record<string, string>;
  response: Promise<Response>;
}

declare global {
  interface Window {
    /** The reads index.html starts when the app opens on a stage (see its inline script). */
    __ferryEarly?: { at: number; reads: Record<string, EarlyRead> };
  }
}

const sameHeaders = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([key, value]) => b[key] === value);

/**
 * The answer of a GET index.html already started with the same address and headers, once, and only while
 * the page is new: later calls must see the data as it is then.
 */
export function takeEarlyRead(
  method: string,
  url: string,
  headers: Record<string, string>,
): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__ferryEarly;
  const read = early?.reads[url];
  if (!early || !read || method !== 'GET') return undefined;
  delete early.reads[url];
  if (performance.now() - early.at > StageLimits.earlyReadMaxAgeMs) return undefined;
  return sameHeaders(read.headers, headers) ? read.response : undefined;
}
