/**
 * Navigation for code outside React components (the API client's reactions, sign-out). The router
 * registers its navigate function and its location at start; before that, the hash is used directly.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

export interface RouterBridge {
  navigate: Navigate;
  /** The in-app address shown now: path and query, e.g. `/item?fid=all&tid=t1`. */
  location: () => string;
}

let bridge: RouterBridge | null = null;

export function setRouterBridge(next: RouterBridge | null): void {
  bridge = next;
}

/** Registers only a navigate function (the location is then read from the hash). */
export function setNavigator(fn: Navigate | null): void {
  bridge = fn ? { navigate: fn, location: hashAddress } : null;
}

function hashAddress(): string {
  if (typeof window === 'undefined') return '/';
  return window.location.hash.replace(/^#/, '') || '/';
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (bridge) {
    bridge.navigate(to, options);
    return;
  }
  if (typeof window !== 'undefined') window.location.hash = `#${to}`;
}

/** The in-app address being shown (path with query), to come back to after signing in again. */
export function currentAddress(): string {
  return bridge ? bridge.location() : hashAddress();
}

/** The path of the in-app address, e.g. `/item`. */
export function currentRoutePath(): string {
  return currentAddress().split('?')[0] || '/';
}
