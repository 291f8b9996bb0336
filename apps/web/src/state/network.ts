import { Limits } from '@ferry/shared';
import { useSyncExternalStore } from 'react';
import { API_BASE } from '../api/base';

/**
 * Network status behind the top banner (spec 000 §8, spec 002 §8): a failed request or a dropped real-time
 * socket turns it `offline` ("network disconnected, trying to reconnect"); a failed request also starts
 * checking the server. Once requests succeed and the socket is back, it turns `reconnected` ("network
 * connected") for 3 s, then back to `online`.
 */
export type NetworkStatus = 'online' | 'offline' | 'reconnected';

export const NETWORK_PROBE_MS = 3000;
export const RECONNECTED_BANNER_MS = Limits.toastDefaultMs;

let status: NetworkStatus = 'online';
const listeners = new Set<() => void>();
let probeTimer: ReturnType<typeof setInterval> | null = null;
let settleTimer: ReturnType<typeof setTimeout> | null = null;
/** The real-time socket is reconnecting: requests succeeding alone do not make the network "connected". */
let socketDown = false;

function set(next: NetworkStatus): void {
  if (status === next) return;
  status = next;
  for (const listener of listeners) listener();
}

export function getNetworkStatus(): NetworkStatus {
  return status;
}

export function subscribeNetwork(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNetworkStatus(): NetworkStatus {
  return useSyncExternalStore(subscribeNetwork, getNetworkStatus, getNetworkStatus);
}

async function probe(): Promise<void> {
  try {
    const response = await fetch(`${API_BASE}/account/public_key`, { cache: 'no-store' });
    if (response.status < 500) reportNetworkSuccess();
  } catch {
    // still offline: the next tick tries again
  }
}

const onBrowserOnline = () => {
  void probe();
};

function startProbing(): void {
  if (probeTimer) return;
  probeTimer = setInterval(() => void probe(), NETWORK_PROBE_MS);
  if (typeof window !== 'undefined') window.addEventListener('online', onBrowserOnline);
}

function stopProbing(): void {
  if (probeTimer) clearInterval(probeTimer);
  probeTimer = null;
  if (typeof window !== 'undefined') window.removeEventListener('online', onBrowserOnline);
}

export function reportNetworkFailure(): void {
  if (settleTimer) clearTimeout(settleTimer);
  settleTimer = null;
  set('offline');
  startProbing();
}

export function reportNetworkSuccess(): void {
  if (status !== 'offline') return;
  stopProbing();
  if (!socketDown) settle();
}

/** The real-time socket dropped and is reconnecting (spec 002 §4). */
export function reportSocketDown(): void {
  socketDown = true;
  if (settleTimer) clearTimeout(settleTimer);
  settleTimer = null;
  set('offline');
}

/**
 * The socket is back (`restored`), or no longer tries (`restored` false: the banner then follows the
 * requests alone).
 */
export function reportSocketUp(restored = true): void {
  if (!socketDown) return;
  socketDown = false;
  if (status !== 'offline' || probeTimer) return;
  if (restored) settle();
  else set('online');
}

function settle(): void {
  set('reconnected');
  settleTimer = setTimeout(() => {
    settleTimer = null;
    set('online');
  }, RECONNECTED_BANNER_MS);
}

/** Back to the initial state (tests). */
export function resetNetworkStatus(): void {
  stopProbing();
  socketDown = false;
  if (settleTimer) clearTimeout(settleTimer);
  settleTimer = null;
  set('online');
}
